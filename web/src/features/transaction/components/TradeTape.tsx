/** Latest trades of a market, newest first: time, price (green buy, red sell), amount. */
import { useTranslation } from 'react-i18next';
import { formatPrice, formatQty } from '../../../components/MarketFormat';
import { EmptyState } from '../../../components/StateBlocks';
import type { TradeEvent } from '../streams';

const pad = (n: number) => String(n).padStart(2, '0');

function clock(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

export function TradeTape({ trades, tick, lot }: { trades: TradeEvent[] | undefined; tick: string; lot: string }) {
  const { t } = useTranslation();
  if (!trades || trades.length === 0) {
    return <EmptyState title={t('trade.tradesEmpty')} description={t('trade.tradesEmptyHint')} />;
  }
  return (
    <div className="trade-tape" data-testid="trade-tape">
      <div className="trade-tape-head">
        <span>{t('trade.time')}</span>
        <span>{t('trade.price')}</span>
        <span>{t('trade.amount')}</span>
      </div>
      {trades.map((tr) => (
        <div key={`${tr.seq}-${tr.time}`} className="trade-tape-row" data-testid="trade-row">
          <span className="hint">{clock(tr.time)}</span>
          <span className={tr.side === 'buy' ? 'up' : 'down'}>{formatPrice(tr.price, tick)}</span>
          <span>{formatQty(tr.qty, lot)}</span>
        </div>
      ))}
    </div>
  );
}
