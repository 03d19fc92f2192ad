/**
 * How a lock-up rate reads, one way for every screen that shows one (the
 * lockming feature and the admin's Earn panel): a percent string of the
 * server ("0.30" is 0.30 %) with its own decimals, at least 2 and at most 4,
 * in the language's percent form ("0.30%", "0,30 %").
 */
import { compareDecimal, formatPercent, parseDecimal, PLACEHOLDER } from '../../lib/format';

/** A rate ("0.3353" → "0.3353%", "0.3" → "0.30%"); "--" for a missing one. */
export function rateText(value: string | null | undefined): string {
  const p = parseDecimal(value ?? null);
  if (!p) return PLACEHOLDER;
  const places = Math.min(4, Math.max(2, p.frac.length));
  return formatPercent(value, places);
}

/** A daily yield range ("0.30% – 0.40%"; one rate when both ends are the same). */
export function rangeText(min: string, max: string): string {
  return compareDecimal(min, max) === 0 ? rateText(min) : `${rateText(min)} – ${rateText(max)}`;
}
