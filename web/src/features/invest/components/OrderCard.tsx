/**
 * One of the caller's orders: what was invested, on which terms, its two
 * outcomes, and once settled the settlement price, what it paid and the
 * index samples the settlement price averaged (a failed order says why).
 */
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Line } from '../../../components/Figures';
import { formatDateTime } from '../../../lib/format';
import type { DualOrder, Sample } from '../api';
import { useDualFigures } from '../figures';
import { aprText, isAbove, orderState } from '../logic';
import { KindTag, Outcomes } from './Parts';

const STATE_COLOR = { purchased: 'primary', settling: 'warning', completed: 'success', failed: 'danger' } as const;

function Samples({ samples, read }: { samples: Sample[]; read: (v: string) => string }) {
  const { t } = useTranslation();
  if (samples.length === 0) return null;
  return (
    <details className="dual-samples" data-testid="dual-samples">
      <summary>{t('invest.samples', { count: samples.length })}</summary>
      <ol>
        {samples.map((s) => (
          <li key={s.at}>
            <span className="hint">{formatDateTime(s.at, { seconds: true })}</span>
            <span>{read(s.price)}</span>
          </li>
        ))}
      </ol>
    </details>
  );
}

export function OrderCard({ o }: { o: DualOrder }) {
  const { t } = useTranslation();
  const { price, exact, balance } = useDualFigures();
  const state = orderState(o.status);
  const read = (v: string | null) => price(o.currency, o.quote, v);
  const side = o.settlement_price !== null && state === 'completed' ? (isAbove(o.kind, o.settlement_price, o.linked_price) ? 'above' : 'below') : null;
  return (
    <article className="ui-card dual-order" data-testid="dual-order" data-id={o.id} data-state={state}>
      <div className="dual-order-head">
        <strong className="ellipsis">{`${o.currency}/${o.quote}`}</strong>
        <KindTag kind={o.kind} />
        <Tag color={STATE_COLOR[state]} fill="outline" className="dual-state" data-testid="dual-order-state">
          {t(`invest.orderState.${state}`)}
        </Tag>
      </div>
      <span className="hint">{formatDateTime(o.created_at)}</span>
      <div className="ui-lines">
        <Line label={t('invest.invested')} testId="dual-order-amount" strong>
          {`${exact(o.amount)} ${o.invest_currency}`}
        </Line>
        <Line label={t('invest.shares')}>{o.shares}</Line>
        <Line label={t('invest.apr')}>{aprText(o.apr)}</Line>
        <Line label={t('invest.linkedPrice')}>{read(o.linked_price)}</Line>
        <Line label={t('invest.days')}>{t('invest.daysCount', { count: o.days })}</Line>
        <Line label={t('invest.maturity')}>{formatDateTime(o.matures_at)}</Line>
      </div>
      <Outcomes kind={o.kind} linked={read(o.linked_price)} below={o.if_below} above={o.if_above} money={balance} settled={side} />
      {state === 'settling' ? <p className="hint ui-note">{t('invest.settlingNote')}</p> : null}
      {o.settlement_price !== null ? (
        <div className="ui-lines dual-settled">
          <Line label={t('invest.settlementPrice')} testId="dual-order-settlement">
            {read(o.settlement_price)}
          </Line>
          {o.payout ? (
            <Line label={t('invest.payout')} testId="dual-order-payout" strong>
              {`${balance(o.payout.amount, o.payout.currency)} ${o.payout.currency}`}
            </Line>
          ) : null}
          {o.settled_at !== null ? <Line label={t('invest.settledAt')}>{formatDateTime(o.settled_at)}</Line> : null}
        </div>
      ) : null}
      {state === 'failed' ? (
        <p className="dual-reason" data-testid="dual-order-reason">
          {t('invest.failedReason', { reason: o.reason ?? t('invest.noReason') })}
        </p>
      ) : null}
      <Samples samples={o.samples} read={read} />
    </article>
  );
}
