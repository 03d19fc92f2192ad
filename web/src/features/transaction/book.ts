/**
 * Order book shaping for display: grouping levels to a coarser price step,
 * taking the top levels, running totals and the depth bars. Pure and exact
 * (decimal strings); only the bar width is a float, for CSS.
 */
import { add, ceilToStep, cmp, floorToStep, mul, ratio } from './decimal';

/** A level as the server sends it: [price, quantity]. */
export type Level = [string, string];
export type BookSide = 'bid' | 'ask';

export interface BookRow {
  price: string;
  qty: string;
  /** Quantity from the best price down to this level. */
  total: string;
  /** Width of the depth bar, 0..1 of the deepest total shown on either side. */
  depth: number;
}

/**
 * Groups levels to multiples of `step`: bids round down and asks round up, so
 * a grouped price is never better than the orders in it. Levels come best
 * first and stay so.
 */
export function aggregateLevels(levels: Level[], step: string, side: BookSide): Level[] {
  const out: Level[] = [];
  for (const [price, qty] of levels) {
    if (cmp(qty, '0') <= 0) continue;
    const grouped = side === 'bid' ? floorToStep(price, step) : ceilToStep(price, step);
    const last = out[out.length - 1];
    if (last && cmp(last[0], grouped) === 0) last[1] = add(last[1], qty);
    else out.push([grouped, qty]);
  }
  return out;
}

/** The best `count` levels with running totals (depth still 0). */
export function withTotals(levels: Level[], count: number): BookRow[] {
  let total = '0';
  return levels.slice(0, count).map(([price, qty]) => {
    total = add(total, qty);
    return { price, qty, total, depth: 0 };
  });
}

/** Sets the depth bars of both sides against the deepest total of either. */
export function withDepth(bids: BookRow[], asks: BookRow[]): { bids: BookRow[]; asks: BookRow[] } {
  const deepest = [bids[bids.length - 1]?.total ?? '0', asks[asks.length - 1]?.total ?? '0'].reduce((a, b) =>
    cmp(a, b) >= 0 ? a : b,
  );
  const bar = (row: BookRow) => ({ ...row, depth: Math.min(1, ratio(row.total, deepest)) });
  return { bids: bids.map(bar), asks: asks.map(bar) };
}

/** Both sides ready to draw: grouped to `step`, `count` levels each, with bars. */
export function shapeBook(bids: Level[], asks: Level[], step: string, count: number) {
  return withDepth(withTotals(aggregateLevels(bids, step, 'bid'), count), withTotals(aggregateLevels(asks, step, 'ask'), count));
}

/** Grouping steps offered for a market: the tick, ×10 and ×100. */
export function groupingSteps(tick: string): string[] {
  return [tick, mul(tick, '10'), mul(tick, '100')];
}

/** Mid-spread hint: the best bid and ask, or null when a side is empty. */
export function spread(bids: Level[], asks: Level[]): { bid: string; ask: string } | null {
  if (!bids.length || !asks.length) return null;
  return { bid: bids[0][0], ask: asks[0][0] };
}
