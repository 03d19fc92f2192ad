/** A seconds option in the holding list (live countdown) or the history list (result). */
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatDateTime, signed, trendColor } from '../../../lib/format';
import type { OptionOrder } from '../api';
import { serverNow } from '../clock';
import { useOptionFigures } from '../figures';
import { elapsedShare, formatCountdown, outcomeOf, ratioPercent, remainingMs } from '../logic';

function Head({ order }: { order: OptionOrder }) {
  const { t } = useTranslation();
  const rise = order.type === 1;
  return (
    <div className="ct-order-title">
      <span className="ellipsis">{order.symbol}</span>
      <Tag color={rise ? 'success' : 'danger'} fill="outline">
        {rise ? t('contract.rise') : t('contract.fall')} · {order.seconds}s
      </Tag>
    </div>
  );
}

export function HoldingOptionCard({ order, now }: { order: OptionOrder; now: number }) {
  const { t } = useTranslation();
  // The ticking `now` can be a beat old when the card first renders (a busy
  // page delays its timer): read the clock too, so a new option never shows
  // more time left than its term.
  const left = remainingMs(order.expires_at, Math.max(now, serverNow()));
  const { unit, price, money } = useOptionFigures(order);
  return (
    <div className="ct-order" data-testid="ct-option-holding" data-id={order.id}>
      <div className="ct-order-head">
        <Head order={order} />
        <div className="ct-countdown">
          <span className="ct-countdown-time" data-testid="ct-countdown">
            {left > 0 ? formatCountdown(left) : t('contract.settling')}
          </span>
        </div>
      </div>
      <div className="ct-grid">
        <div>
          <span>{unit(t('contract.amount'))}</span>
          <b>{money(order.number)}</b>
        </div>
        <div>
          <span>{t('contract.openPrice')}</span>
          <b>{price(order.open_price)}</b>
        </div>
        <div>
          <span>{unit(t('contract.expectedProfit'))}</span>
          <b className="up">{signed(money(order.expected_profit))}</b>
        </div>
      </div>
      <div className="ct-progress">
        <i style={{ width: `${elapsedShare(order.opened_at, order.expires_at, now) * 100}%` }} />
      </div>
    </div>
  );
}

export function HistoryOptionCard({ order }: { order: OptionOrder }) {
  const { t } = useTranslation();
  const outcome = outcomeOf(order.outcome);
  const profit = order.fact_profits;
  const { unit, price, money } = useOptionFigures(order);
  return (
    <div className="ct-order" data-testid="ct-option-history">
      <div className="ct-order-head">
        <Head order={order} />
        <div className="ct-order-profit" style={{ color: trendColor(profit) }}>
          {outcome === 'open' ? t('contract.settling') : t(`contract.outcome.${outcome}`)}
        </div>
      </div>
      <div className="ct-grid">
        <div>
          <span>{unit(t('contract.amount'))}</span>
          <b>{money(order.number)}</b>
        </div>
        <div>
          <span>{t('contract.openPrice')}</span>
          <b>{price(order.open_price)}</b>
        </div>
        <div>
          <span>{t('contract.endPrice')}</span>
          <b>{price(order.end_price)}</b>
        </div>
        <div>
          <span>{t('contract.payoutRatio')}</span>
          <b>{ratioPercent(order.profit_ratio)}</b>
        </div>
        <div>
          <span>{unit(t('contract.fee'))}</span>
          <b>{money(order.fee)}</b>
        </div>
        <div>
          <span>{unit(t('contract.profitLoss'))}</span>
          <b style={{ color: trendColor(profit) }}>{signed(money(profit))}</b>
        </div>
      </div>
      <div className="ct-order-foot">
        <span className="hint">{formatDateTime(order.complete_time ?? order.opened_at)}</span>
      </div>
    </div>
  );
}
