/**
 * The live order book of one market: bids green, asks red, each level with a
 * depth bar of the running total. Two layouts: side by side (market detail)
 * and stacked with the last price in the middle (beside the order form).
 * Tapping a level hands its price to `onPick`.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { EmptyState } from '../../../components/StateBlocks';
import { formatAmount, formatPrice, trendColor } from '../../../lib/format';
import { shapeBook, type BookRow } from '../book';
import type { DepthState } from '../streams';

interface Props {
  depth: DepthState | undefined;
  /** Price step of the levels shown (the tick or a coarser grouping). */
  step: string;
  tick: string;
  lot: string;
  rows: number;
  onPick?: (price: string) => void;
}

function Level({ row, side, tick, lot, onPick, mirrored }: { row: BookRow; side: 'bid' | 'ask'; tick: string; lot: string; onPick?: (p: string) => void; mirrored?: boolean }) {
  const price = <span className={`book-price ${side === 'bid' ? 'up' : 'down'}`}>{formatPrice(row.price, tick)}</span>;
  const qty = <span className="book-qty">{formatAmount(row.qty, lot)}</span>;
  const attrs = { className: `book-level book-${side} ${mirrored ? 'mirrored' : ''}`, 'data-testid': `book-${side}`, 'data-price': row.price };
  const body = (
    <>
      <span className="book-bar" style={{ width: `${(row.depth * 100).toFixed(1)}%` }} />
      {mirrored ? (
        <>
          {qty}
          {price}
        </>
      ) : (
        <>
          {price}
          {qty}
        </>
      )}
    </>
  );
  // Without onPick (the market detail) a level is only read: a row, not a button that does nothing.
  if (!onPick) return <div {...attrs}>{body}</div>;
  return (
    <button type="button" {...attrs} onClick={() => onPick(row.price)}>
      {body}
    </button>
  );
}

function useShaped(depth: DepthState | undefined, step: string, rows: number) {
  return useMemo(() => (depth?.ready ? shapeBook(depth.bids, depth.asks, step, rows) : null), [depth, step, rows]);
}

/** Bids left, asks right (market detail); `base` is the unit of the amounts. */
export function OrderBookColumns({ depth, step, lot, rows, onPick, base }: Omit<Props, 'tick'> & { base: string }) {
  const { t } = useTranslation();
  const shaped = useShaped(depth, step, rows);
  if (!shaped) return <LoadingBlock lines={6} title={false} />;
  if (!shaped.bids.length && !shaped.asks.length) return <EmptyState title={t('trade.bookEmpty')} />;
  return (
    <div className="book-columns" data-testid="order-book" data-live>
      <div className="book-head four">
        <span className="ellipsis">
          {t('trade.amount')}({base})
        </span>
        <span className="ellipsis">{t('trade.bid')}</span>
        <span className="ellipsis">{t('trade.ask')}</span>
        <span className="ellipsis">
          {t('trade.amount')}({base})
        </span>
      </div>
      <div className="book-columns-body">
        <div className="book-col">
          {shaped.bids.map((row) => (
            <Level key={row.price} row={row} side="bid" tick={step} lot={lot} onPick={onPick} mirrored />
          ))}
        </div>
        <div className="book-col">
          {shaped.asks.map((row) => (
            <Level key={row.price} row={row} side="ask" tick={step} lot={lot} onPick={onPick} />
          ))}
        </div>
      </div>
    </div>
  );
}

/** Asks above, the last price, bids below (beside the order form). */
export function OrderBookStack({ depth, step, tick, lot, rows, onPick, lastPrice, change, quote, base }: Props & { lastPrice?: string; change?: string; quote: string; base: string }) {
  const { t } = useTranslation();
  const shaped = useShaped(depth, step, rows);
  return (
    <div className="book-stack" data-testid="order-book" data-live>
      <div className="book-head two">
        <span className="ellipsis">{t('trade.price')}({quote})</span>
        <span className="ellipsis">{t('trade.amount')}({base})</span>
      </div>
      {!shaped ? (
        <LoadingBlock lines={8} title={false} />
      ) : (
        <>
          <div className="book-asks">
            {[...shaped.asks].reverse().map((row) => (
              <Level key={row.price} row={row} side="ask" tick={tick} lot={lot} onPick={onPick} />
            ))}
          </div>
          <button
            type="button"
            className="book-last"
            style={{ color: trendColor(change) }}
            onClick={() => lastPrice && onPick?.(lastPrice)}
            data-testid="book-last"
          >
            {formatPrice(lastPrice, tick)}
          </button>
          <div className="book-bids">
            {shaped.bids.map((row) => (
              <Level key={row.price} row={row} side="bid" tick={tick} lot={lot} onPick={onPick} />
            ))}
          </div>
          {!shaped.bids.length && !shaped.asks.length ? <p className="hint book-empty">{t('trade.bookEmpty')}</p> : null}
        </>
      )}
    </div>
  );
}
