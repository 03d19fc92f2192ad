/**
 * A copied position beside the leader's position it copies: lots, open price
 * and time, close price and time, side by side; while open its margin, the
 * mark price and the unrealised profit, live as on the contract screens
 * (api.ts takes `lever_trade` into them); the profit once closed; and "Hold
 * as my own" while it is open and still follows the leader.
 */
import { Button, Dialog, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatDecimal, PLACEHOLDER, trendColor } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import { useSelfHoldMutation, type Receipt } from '../api';
import { useCopyFigures } from '../figures';
import { canSelfHold, receiptProfit, receiptStateKey } from '../logic';
import { DirectionTag } from './LeadTradeCard';

const TONES = { open: 'primary', selfHeld: 'warning', closed: 'default' } as const;
/** A copy and its leader open in the same step: their times are shown to the second. */
const SECONDS = { seconds: true };

function Row({ label, mine, leader }: { label: string; mine: string; leader: string }) {
  return (
    <div className="cp-vs-row" role="row">
      <span className="cp-vs-label" role="rowheader">
        {label}
      </span>
      <span role="cell">{mine}</span>
      <span role="cell">{leader}</span>
    </div>
  );
}

/** Margin, mark and unrealised profit of an open copy; the realised profit of a closed one. */
function ReceiptFigures({ receipt: r }: { receipt: Receipt }) {
  const { t } = useTranslation();
  const { price, profit, money, coin } = useCopyFigures();
  const shown = receiptProfit(r);
  const label = shown.kind === 'unrealised' ? t('copytrade.receipts.unrealised') : t('copytrade.profit');
  return (
    <div className="cp-item-figures">
      {shown.kind === 'unrealised' ? (
        <>
          <span>
            <span className="ui-figure-label">{`${t('copytrade.receipts.margin')} (${coin})`}</span>
            <b data-testid="cp-receipt-margin">{money(r.margin)}</b>
          </span>
          <span>
            <span className="ui-figure-label">{t('copytrade.receipts.mark')}</span>
            <b data-testid="cp-receipt-mark">{price(r.symbol, r.mark_price)}</b>
          </span>
        </>
      ) : null}
      <span className="cp-item-profit">
        <span className="ui-figure-label">{`${label} (${coin})`}</span>
        <strong style={{ color: trendColor(shown.value) }} data-testid={shown.kind === 'unrealised' ? 'cp-receipt-unrealised' : 'cp-receipt-profit'}>
          {profit(shown.value)}
        </strong>
      </span>
    </div>
  );
}

export function ReceiptCard({ receipt: r }: { receipt: Receipt }) {
  const { t } = useTranslation();
  const { price } = useCopyFigures();
  const [selfHold, { isLoading }] = useSelfHoldMutation();
  const state = receiptStateKey(r);
  const closed = r.status === 3;
  // Close rows once either side closed (a copy held as one's own may outlive its leader).
  const anyClosed = closed || r.lead_close_price !== null;

  const hold = async () => {
    const ok = await Dialog.confirm({
      title: t('copytrade.receipts.selfHoldTitle'),
      content: <div data-testid="cp-self-hold-confirm">{t('copytrade.receipts.selfHoldText', { symbol: r.symbol })}</div>,
      confirmText: t('copytrade.receipts.selfHold'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    try {
      await selfHold({ id: r.id }).unwrap();
      showToast(t('copytrade.receipts.selfHeldDone'), 'success');
    } catch {
      // Told by the base query (the leader may have closed it meanwhile).
    }
  };

  return (
    <article className="ui-card cp-item" data-testid="cp-receipt" data-id={r.id} data-state={state}>
      <div className="cp-item-head">
        <strong className="ellipsis">{r.symbol}</strong>
        <DirectionTag type={r.type} multiple={r.multiple} />
        <Tag color={TONES[state]} fill="outline" data-testid="cp-receipt-state">
          {t(`copytrade.receipts.state.${state}`)}
        </Tag>
      </div>
      <ReceiptFigures receipt={r} />
      <div className="cp-vs" role="table">
        <div className="cp-vs-row cp-vs-head" role="row">
          {/* Above the row labels: nothing to say, so a plain cell, not an empty header. */}
          <span role="cell" />
          <span role="columnheader">{t('copytrade.receipts.mine')}</span>
          <span role="columnheader">{t('copytrade.receipts.leader')}</span>
        </div>
        <Row label={t('copytrade.lots')} mine={formatDecimal(r.lots)} leader={formatDecimal(r.lead_lots)} />
        <Row label={t('copytrade.openPrice')} mine={price(r.symbol, r.open_price)} leader={price(r.symbol, r.lead_open_price)} />
        <Row label={t('copytrade.openedAt')} mine={formatDateTime(r.opened_at, SECONDS)} leader={formatDateTime(r.lead_opened_at, SECONDS)} />
        {anyClosed ? (
          <>
            <Row
              label={t('copytrade.closePrice')}
              mine={r.close_price ? price(r.symbol, r.close_price) : PLACEHOLDER}
              leader={r.lead_close_price ? price(r.symbol, r.lead_close_price) : PLACEHOLDER}
            />
            <Row label={t('copytrade.closedAt')} mine={formatDateTime(r.closed_at, SECONDS)} leader={formatDateTime(r.lead_closed_at, SECONDS)} />
          </>
        ) : null}
      </div>
      {canSelfHold(r) ? (
        <div className="ui-actions">
          <Button size="small" shape="rounded" color="primary" fill="outline" loading={isLoading} onClick={hold} data-testid="cp-self-hold">
            {t('copytrade.receipts.selfHold')}
          </Button>
        </div>
      ) : null}
    </article>
  );
}
