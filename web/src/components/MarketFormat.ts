/**
 * Display helpers of the market screens. Prices are shown with the market's
 * tick precision and thousands separators (never compacted to K/M: a trader
 * needs every digit); volumes use the product's compact rule (format.ts).
 * Everything works on the decimal strings, never on floats.
 */
import { parseDecimal, PLACEHOLDER, toFixed, trendOf, type Trend } from '../lib/format';

/** Decimals of a step such as a tick or lot ("0.01" → 2, "1" → 0, "0.50" → 1). */
export function decimalsOf(step: string | null | undefined): number {
  const p = parseDecimal(step);
  if (!p) return 0;
  return p.frac.replace(/0+$/, '').length;
}

/** Inserts thousands separators into the integer part of a plain decimal string. */
export function groupThousands(value: string): string {
  const negative = value.startsWith('-');
  const body = negative ? value.slice(1) : value;
  const [int, frac] = body.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${frac !== undefined ? `.${frac}` : ''}`;
}

/** A price with the tick's decimals and separators ("67006.5", "0.01" → "67,006.50"). */
export function formatPrice(value: string | null | undefined, tick?: string | null): string {
  const p = parseDecimal(value);
  if (!p) return PLACEHOLDER;
  const places = tick ? decimalsOf(tick) : Math.min(p.frac.replace(/0+$/, '').length, 8);
  return groupThousands(toFixed(value, places));
}

/** A quantity with the lot's decimals, trailing zeros kept so columns line up. */
export function formatQty(value: string | null | undefined, lot?: string | null): string {
  const p = parseDecimal(value);
  if (!p) return PLACEHOLDER;
  const places = lot ? decimalsOf(lot) : Math.min(p.frac.replace(/0+$/, '').length, 8);
  return groupThousands(toFixed(value, places));
}

/** A 24 h change as a signed percentage with two decimals ("+1.2" → "+1.20%", "0" → "0.00%"). */
export function formatChange(change: string | null | undefined): string {
  const p = parseDecimal(change);
  if (!p) return PLACEHOLDER;
  const trend = trendOf(change);
  const abs = toFixed(`${p.int}.${p.frac}`, 2);
  return `${trend === 'up' ? '+' : trend === 'down' ? '-' : ''}${abs}%`;
}

/** Base and quote of "BTC/USDT". */
export function splitSymbol(symbol: string): { base: string; quote: string } {
  const [base, quote] = symbol.split('/');
  return { base: base ?? symbol, quote: quote ?? '' };
}

export type { Trend };

/** Compares two decimal strings exactly: -1, 0 or 1; null when either is not a number. */
export function compareDecimal(a: string | null | undefined, b: string | null | undefined): -1 | 0 | 1 | null {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  if (!x || !y) return null;
  const scale = Math.max(x.frac.length, y.frac.length);
  const ix = BigInt(x.int + x.frac.padEnd(scale, '0')) * (x.negative ? -1n : 1n);
  const iy = BigInt(y.int + y.frac.padEnd(scale, '0')) * (y.negative ? -1n : 1n);
  return ix === iy ? 0 : ix < iy ? -1 : 1;
}
