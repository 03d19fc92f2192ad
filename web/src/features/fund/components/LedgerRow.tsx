/** One ledger record: what happened (translated reason), when, in which account, the signed amount and the balance after. */
import { useTranslation } from 'react-i18next';
import { useCoinPlaces } from '../../../shared/funds/api';
import { formatCoin, formatDateTime, signed, trendColor } from '../../../lib/format';
import type { LedgerRecord } from '../api';
import { reasonKey } from '../logic';

export function LedgerRow({ record, showCoin }: { record: LedgerRecord; showCoin?: boolean }) {
  const { t } = useTranslation();
  const key = reasonKey(record.reason);
  const places = useCoinPlaces()(record.currency_id);
  return (
    <div className="funds-record" data-testid="ledger-row" data-reason={record.reason}>
      <div className="funds-record-main">
        <span className="funds-record-title ellipsis">
          {showCoin ? <strong>{record.currency} · </strong> : null}
          {key ? t(key) : record.reason}
        </span>
        <span className="funds-record-meta">
          <span className="funds-chip">{t(`fund.accounts.${record.account_name}`, { defaultValue: record.account_name })}</span>
          {record.bucket === 'frozen' ? <span className="funds-chip funds-chip-warn">{t('fund.frozen')}</span> : null}
          <time>{formatDateTime(record.created_at)}</time>
        </span>
      </div>
      <div className="funds-record-side">
        <span className="funds-record-amount" style={{ color: trendColor(record.amount) }}>
          {signed(formatCoin(record.amount, places))}
        </span>
        <span className="funds-record-after ellipsis">
          {t('fund.records.balanceAfter', { amount: formatCoin(record.balance_after, places) })}
        </span>
      </div>
    </div>
  );
}
