/** Items of the deposit, withdrawal and transfer records. */
import { Button, Dialog } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { StatusTag, type StatusTone } from '../../../shared/funds/StatusTag';
import { useCoinPlaces } from '../../../shared/funds/api';
import { formatCoin, formatDateTime } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import { useCancelWithdrawMutation, type DepositRecord, type TransferRecord, type WithdrawRecord } from '../api';

const DEPOSIT_STATE: Record<number, { key: string; tone: StatusTone }> = {
  0: { key: 'fund.state.review', tone: 'pending' },
  1: { key: 'fund.state.completed', tone: 'success' },
  2: { key: 'fund.state.rejected', tone: 'danger' },
};

const WITHDRAW_STATE: Record<number, { key: string; tone: StatusTone }> = {
  0: { key: 'fund.state.review', tone: 'pending' },
  1: { key: 'fund.state.paid', tone: 'success' },
  2: { key: 'fund.state.rejected', tone: 'danger' },
  3: { key: 'fund.state.cancelled', tone: 'muted' },
};

const WITHDRAW_TYPE: Record<number, string> = {
  0: 'fund.withdraw.typeAddress',
  1: 'fund.withdraw.typeBank',
  2: 'fund.withdraw.typeInternational',
};

function Line({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="funds-line">
      <span className="funds-line-label">{label}</span>
      <span className="funds-line-value">{children}</span>
    </div>
  );
}

export function DepositItem({ record }: { record: DepositRecord }) {
  const { t } = useTranslation();
  const places = useCoinPlaces();
  const state = DEPOSIT_STATE[record.state] ?? DEPOSIT_STATE[0];
  return (
    <article className="funds-item" data-testid="deposit-item" data-state={record.state}>
      <header className="funds-item-head">
        <strong className="ellipsis">
          {record.currency} · {record.network}
        </strong>
        <StatusTag tone={state.tone}>{t(state.key)}</StatusTag>
      </header>
      <div className="funds-item-amount">
        {formatCoin(record.amount, places(record.currency_id))} <span className="funds-item-unit">{record.currency}</span>
      </div>
      <Line label={t('fund.receive.toAddress')}>
        <span className="funds-break">{record.address}</span>
      </Line>
      <Line label={t('fund.time')}>{formatDateTime(record.created_at)}</Line>
      {record.reviewed_at ? <Line label={t('fund.reviewedAt')}>{formatDateTime(record.reviewed_at)}</Line> : null}
      {record.voucher ? (
        <Line label={t('fund.receive.voucher')}>
          <a href={record.voucher} target="_blank" rel="noreferrer" className="funds-thumb">
            <img src={record.voucher} alt={t('fund.receive.voucher')} />
          </a>
        </Line>
      ) : null}
      {record.state === 2 && record.reason ? <p className="funds-reason">{t('fund.reasonLabel', { reason: record.reason })}</p> : null}
    </article>
  );
}

export function WithdrawItem({ record, update }: { record: WithdrawRecord; update: (next: WithdrawRecord) => void }) {
  const { t } = useTranslation();
  const places = useCoinPlaces();
  const [cancel, { isLoading }] = useCancelWithdrawMutation();
  const state = WITHDRAW_STATE[record.state] ?? WITHDRAW_STATE[0];

  const onCancel = async () => {
    const ok = await Dialog.confirm({
      content: t('fund.withdraw.cancelConfirm'),
      confirmText: t('fund.withdraw.cancel'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    try {
      await cancel({ id: record.id }).unwrap();
      update({ ...record, state: 3 });
      showToast(t('fund.withdraw.cancelled'), 'success');
    } catch {
      // Told by the base query.
    }
  };

  return (
    <article className="funds-item" data-testid="withdraw-item" data-state={record.state}>
      <header className="funds-item-head">
        <strong className="ellipsis">
          {record.currency} · {t(WITHDRAW_TYPE[record.type] ?? WITHDRAW_TYPE[0])}
        </strong>
        <StatusTag tone={state.tone}>{t(state.key)}</StatusTag>
      </header>
      <div className="funds-item-amount">
        {formatCoin(record.number, places(record.currency_id))} <span className="funds-item-unit">{record.currency}</span>
      </div>
      <Line label={t('fund.withdraw.fee')}>
        {formatCoin(record.fee, places(record.currency_id))} {record.currency}
      </Line>
      <Line label={t('fund.withdraw.receive')}>
        {formatCoin(record.receive, places(record.currency_id))} {record.currency}
      </Line>
      <Line label={t('fund.withdraw.destination')}>
        <span className="funds-break">{record.destination}</span>
      </Line>
      <Line label={t('fund.time')}>{formatDateTime(record.created_at)}</Line>
      {record.reviewed_at ? <Line label={t('fund.reviewedAt')}>{formatDateTime(record.reviewed_at)}</Line> : null}
      {record.state === 2 && record.reason ? <p className="funds-reason">{t('fund.reasonLabel', { reason: record.reason })}</p> : null}
      {record.state === 0 ? (
        <div className="funds-item-actions">
          <Button size="mini" shape="rounded" fill="outline" onClick={onCancel} disabled={isLoading} data-testid="withdraw-cancel">
            {t('fund.withdraw.cancel')}
          </Button>
        </div>
      ) : null}
    </article>
  );
}

export function TransferItem({ record }: { record: TransferRecord }) {
  const { t } = useTranslation();
  const places = useCoinPlaces();
  return (
    <article className="funds-item" data-testid="transfer-item">
      <header className="funds-item-head">
        <strong className="ellipsis">{record.currency}</strong>
        <span className="funds-item-amount-inline">{formatCoin(record.number, places(record.currency_id))}</span>
      </header>
      <div className="funds-route">
        <span className="funds-chip">{t(`fund.accounts.${record.from_name}`, { defaultValue: record.from_name })}</span>
        <span className="funds-route-arrow">→</span>
        <span className="funds-chip">{t(`fund.accounts.${record.to_name}`, { defaultValue: record.to_name })}</span>
        <time>{formatDateTime(record.created_at)}</time>
      </div>
    </article>
  );
}
