/**
 * One ledger record: what happened (translated reason), when, in which
 * account, the signed amount and the balance after. `RecordView` draws it, and
 * the mining tab's records too (components/MiningTab.tsx).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCoinPlaces } from '../../../shared/funds/api';
import { formatCoin, formatDateTime, signed, trendColor } from '../../../lib/format';
import type { LedgerRecord } from '../api';
import { reasonKey } from '../logic';

interface RecordViewProps {
  testId: string;
  /** The ledger's reason (`deposit`, `lock_yield`…), translated when known. */
  reason: string;
  /** The coin, named before the reason when the list mixes coins. */
  coin?: string;
  /** The account's server name (`change`, `mining`…). */
  account: string;
  /** A chip after the account's (the frozen part of a balance). */
  chip?: ReactNode;
  at: number;
  /** Signed decimal. */
  amount: string;
  /** The coin's display precision (unknown while the coins load). */
  places: number | undefined;
  /** What reads under the amount (the balance after, the order). */
  after: ReactNode;
}

/** A record as the lists show it: the reason and coin, the account and time, the signed amount and a line under it. */
export function RecordView({ testId, reason, coin, account, chip, at, amount, places, after }: RecordViewProps) {
  const { t } = useTranslation();
  return (
    <div className="funds-record" data-testid={testId} data-reason={reason}>
      <div className="funds-record-main">
        <span className="funds-record-title ellipsis">
          {coin ? <strong>{coin} · </strong> : null}
          {t(reasonKey(reason), { defaultValue: reason })}
        </span>
        <span className="funds-record-meta">
          <span className="funds-chip">{t(`fund.accounts.${account}`, { defaultValue: account })}</span>
          {chip}
          <time>{formatDateTime(at)}</time>
        </span>
      </div>
      <div className="funds-record-side">
        <span className="funds-record-amount" style={{ color: trendColor(amount) }}>
          {signed(formatCoin(amount, places))}
        </span>
        {after}
      </div>
    </div>
  );
}

export function LedgerRow({ record, showCoin }: { record: LedgerRecord; showCoin?: boolean }) {
  const { t } = useTranslation();
  const places = useCoinPlaces()(record.currency_id);
  return (
    <RecordView
      testId="ledger-row"
      reason={record.reason}
      coin={showCoin ? record.currency : undefined}
      account={record.account_name}
      chip={record.bucket === 'frozen' ? <span className="funds-chip funds-chip-warn">{t('fund.frozen')}</span> : null}
      at={record.created_at}
      amount={record.amount}
      places={places}
      after={<span className="funds-record-after ellipsis">{t('fund.records.balanceAfter', { amount: formatCoin(record.balance_after, places) })}</span>}
    />
  );
}
