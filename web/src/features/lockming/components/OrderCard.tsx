/**
 * One of the caller's orders: principal, the rates it was subscribed at,
 * the days paid (a bar), the income so far, the next accrual and maturity;
 * an ended one says how it ended, what came back and any penalty. An order
 * in progress can be redeemed early: the dialog shows the server's own
 * preview (returned, penalty, penalty rate) with a warning first.
 */
import { Button, Dialog, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Line } from '../../../components/Figures';
import { formatDateTime, trendColor } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import { useRedeemLockMutation, type LockOrder } from '../api';
import { useLockFigures } from '../figures';
import { orderState, paidPercent, rangeText, rateText } from '../logic';
import { Measure } from './Parts';

const TAG_COLOR = { running: 'primary', redeemed: 'warning', matured: 'success' } as const;

function useRedeem(): (order: LockOrder) => Promise<void> {
  const { t } = useTranslation();
  const { money } = useLockFigures();
  const [redeem] = useRedeemLockMutation();
  return async (o) => {
    const preview = o.redeem_preview;
    if (!preview) return;
    const coin = o.currency;
    const ok = await Dialog.confirm({
      title: t('lockming.orders.redeemTitle'),
      content: (
        <div className="ui-dialog lm-dialog" data-testid="lm-redeem-dialog">
          <p className="lm-warning" data-testid="lm-redeem-warning">
            {t('lockming.orders.redeemWarning', { rate: rateText(o.penalty_rate) })}
          </p>
          <Line label={t('lockming.principal')}>
            {money(o.amount, coin)} {coin}
          </Line>
          <Line label={t('lockming.penaltyRate')} testId="lm-redeem-rate">
            {rateText(o.penalty_rate)}
          </Line>
          <Line label={t('lockming.penaltyAmount')} testId="lm-redeem-penalty" color="var(--bourse-down)">
            {money(preview.penalty, coin)} {coin}
          </Line>
          <Line label={t('lockming.returned')} testId="lm-redeem-returned">
            {money(preview.returned, coin)} {coin}
          </Line>
          <p className="hint ui-note">{t('lockming.orders.redeemNote')}</p>
        </div>
      ),
      confirmText: t('lockming.orders.redeemConfirm'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    try {
      const done = await redeem({ id: o.id }).unwrap();
      showToast(t('lockming.orders.redeemed', { amount: money(done.returned ?? preview.returned, coin), coin }), 'success');
    } catch {
      // The server's reason (translated) was shown by the base query.
    }
  };
}

export function OrderCard({ order: o }: { order: LockOrder }) {
  const { t } = useTranslation();
  const { money, income } = useLockFigures();
  const redeem = useRedeem();
  const state = orderState(o.status);
  const coin = o.currency;
  const running = state === 'running';
  return (
    <article className="ui-card lm-order" data-testid="lm-order" data-id={o.id} data-state={state}>
      <div className="lm-order-head">
        <strong className="ellipsis" data-testid="lm-order-name">
          {o.name}
        </strong>
        <Tag color={TAG_COLOR[state]} fill="outline" data-testid="lm-order-state">
          {t(`lockming.orders.state.${state}`)}
        </Tag>
      </div>
      <div className="ui-main">
        <div className="ui-figure">
          <span className="ui-figure-label">{t('lockming.principalIn', { coin })}</span>
          <b className="lm-order-principal" data-testid="lm-order-amount">
            {money(o.amount, coin)}
          </b>
        </div>
        <div className="ui-figure ui-figure-end">
          <span className="ui-figure-label">{t('lockming.accrued')}</span>
          <b className="ui-figure-value" style={{ color: trendColor(o.accrued) }} data-testid="lm-order-accrued">
            {income(o.accrued, coin)}
          </b>
        </div>
      </div>
      <Measure label={t('lockming.orders.paidDays')} percent={paidPercent(o.paid_days, o.days)} testId="lm-order-days">
        {t('lockming.orders.daysOf', { paid: o.paid_days, count: o.days })}
      </Measure>
      <div className="ui-lines">
        <Line label={t('lockming.orders.rates')}>{rangeText(o.rate_min, o.rate_max)}</Line>
        <Line label={t('lockming.orders.subscribed')}>{formatDateTime(o.created_at)}</Line>
        {running ? (
          <Line label={t('lockming.nextAccrual')} testId="lm-order-next">
            {formatDateTime(o.next_accrual_at)}
          </Line>
        ) : null}
        <Line label={t('lockming.maturity')}>{formatDateTime(o.matures_at)}</Line>
        {running ? null : (
          <>
            <Line label={t('lockming.orders.ended')}>{formatDateTime(o.ended_at)}</Line>
            <Line label={t('lockming.returned')} testId="lm-order-returned">
              {money(o.returned, coin)} {coin}
            </Line>
            {state === 'redeemed' ? (
              <Line label={t('lockming.penaltyWithRate', { rate: rateText(o.penalty_rate) })} testId="lm-order-penalty" color="var(--bourse-down)">
                {money(o.penalty, coin)} {coin}
              </Line>
            ) : null}
          </>
        )}
      </div>
      {running && o.redeem_preview ? (
        <div className="ui-actions">
          <Button size="small" shape="rounded" color="danger" fill="outline" onClick={() => void redeem(o)} data-testid="lm-order-redeem">
            {t('lockming.orders.redeem')}
          </Button>
        </div>
      ) : null}
    </article>
  );
}
