/** Latest trades of a market, newest first: time, price (green buy, red sell), amount. */
import { useTranslation } from 'react-i18next';
import { formatAmount, formatPrice } from '../../../lib/format';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { EmptyState, ErrorState } from '../../../components/StateBlocks';
import type { TradeEvent } from '../streams';

const pad = (n: number) => String(n).padStart(2, '0');

function clock(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

interface Props {
  trades: TradeEvent[] | undefined;
  /** The history could not be read (the list then has nothing to show but a retry). */
  failed: boolean;
  onRetry: () => void;
  tick: string;
  lot: string;
  /** The coins of the market, for the column units. */
  base: string;
  quote: string;
}

export function TradeTape({ trades, failed, onRetry, tick, lot, base, quote }: Props) {
  const { t } = useTranslation();
  if (!trades) return failed ? <ErrorState onRetry={onRetry} /> : <LoadingBlock title={false} />;
  if (trades.length === 0) {
    return <EmptyState title={t('trade.tradesEmpty')} description={t('trade.tradesEmptyHint')} />;
  }
  return (
    <div className="trade-tape" data-testid="trade-tape" data-live>
      <div className="trade-tape-head">
        <span>{t('trade.time')}</span>
        <span className="ellipsis">
          {t('trade.price')}({quote})
        </span>
        <span className="ellipsis">
          {t('trade.amount')}({base})
        </span>
      </div>
      {trades.map((tr) => (
        <div key={tr.key ?? `${tr.seq}-${tr.time}`} className="trade-tape-row" data-testid="trade-row" data-time={tr.time}>
          <span className="hint">{clock(tr.time)}</span>
          <span className={tr.side === 'buy' ? 'up' : 'down'}>{formatPrice(tr.price, tick)}</span>
          <span>{formatAmount(tr.qty, lot)}</span>
        </div>
      ))}
    </div>
  );
}
