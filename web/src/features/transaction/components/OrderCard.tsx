/** One spot order: side, type, market, time, price, amount, filled, average price, fee, status; cancel while open. */
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useCoinPlaces } from '../../../shared/funds/api';
import { formatAmount, formatCoin, formatDateTime, formatPrice, PLACEHOLDER, splitSymbol } from '../../../lib/format';
import { cmp } from '../decimal';
import { ORDER_CANCELLED, ORDER_FILLED, ORDER_OPEN, type CoinOrder } from '../streams';

interface Props {
  order: CoinOrder;
  tick?: string;
  lot?: string;
  onCancel?: (order: CoinOrder) => void;
  cancelling?: boolean;
  /** Show fee, average price and status (history). */
  detailed?: boolean;
}

function statusKey(order: CoinOrder): string {
  if (order.status === ORDER_FILLED) return 'trade.status.filled';
  if (order.status === ORDER_CANCELLED) return cmp(order.deal_amount, '0') > 0 ? 'trade.status.partCancelled' : 'trade.status.cancelled';
  return cmp(order.deal_amount, '0') > 0 ? 'trade.status.partial' : 'trade.status.open';
}

export function OrderCard({ order, tick, lot, onCancel, cancelling, detailed }: Props) {
  const { t } = useTranslation();
  const places = useCoinPlaces();
  const { base, quote } = splitSymbol(order.symbol);
  const buy = order.type === 1;
  const market = order.order_type === 1;
  const marketBuy = market && buy;
  const open = order.status === ORDER_OPEN;

  const cells: { label: string; value: string }[] = [
    { label: `${t('trade.price')}(${quote})`, value: market ? t('trade.marketPrice') : formatPrice(order.target_price, tick) },
    marketBuy
      ? { label: `${t('trade.budget')}(${quote})`, value: formatCoin(order.budget, places(quote)) }
      : { label: `${t('trade.amount')}(${base})`, value: formatAmount(order.amount, lot) },
    { label: `${t('trade.filled')}(${base})`, value: formatAmount(order.deal_amount, lot) },
  ];
  if (detailed) {
    cells.push(
      { label: `${t('trade.avgPrice')}(${quote})`, value: cmp(order.avg_price, '0') > 0 ? formatPrice(order.avg_price, tick) : PLACEHOLDER },
      { label: `${t('trade.dealMoney')}(${quote})`, value: formatCoin(order.deal_money, places(quote)) },
      { label: `${t('trade.fee')}(${buy ? base : quote})`, value: formatCoin(order.fee, places(buy ? base : quote)) },
    );
  }

  return (
    <article className="order-card" data-testid="order-card" data-order-id={order.id} data-status={order.status}>
      <header className="order-card-head">
        <span className={`order-side ${buy ? 'buy' : 'sell'}`}>{t(buy ? 'trade.buy' : 'trade.sell')}</span>
        <span className="order-kind">{t(market ? 'trade.market' : 'trade.limit')}</span>
        <b className="order-symbol ellipsis">{order.symbol}</b>
        {open && onCancel ? (
          <Button
            size="mini"
            fill="outline"
            className="order-cancel"
            loading={cancelling}
            onClick={() => onCancel(order)}
            data-testid="order-cancel"
          >
            {t('trade.cancel')}
          </Button>
        ) : null}
      </header>
      <div className="order-sub">
        <time>{formatDateTime(order.created_at)}</time>
        <span className={`order-status s${order.status}`} data-testid="order-status">
          {t(statusKey(order))}
        </span>
      </div>
      <dl className="order-cells">
        {cells.map((c) => (
          <div key={c.label}>
            <dt>{c.label}</dt>
            <dd>{c.value}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}
