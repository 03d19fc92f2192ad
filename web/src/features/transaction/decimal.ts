/**
 * Exact decimal arithmetic on the strings the server sends (prices, amounts,
 * balances). A value is held as a BigInt of units of 10^-scale, so nothing is
 * ever rounded by a float; every rounding here is explicit and toward zero
 * (an order never asks for more than the user has).
 */
import { parseDecimal } from '../../lib/format';

interface Scaled {
  units: bigint;
  scale: number;
}

function toScaled(value: string): Scaled | null {
  const p = parseDecimal(value);
  if (!p) return null;
  const frac = p.frac.replace(/0+$/, '');
  const units = BigInt(p.int + frac) * (p.negative ? -1n : 1n);
  return { units, scale: frac.length };
}

function rescale(x: Scaled, scale: number): bigint {
  return x.units * 10n ** BigInt(scale - x.scale);
}

/** Plain string of units of 10^-scale, trailing zeros removed ("150", 2 → "1.5"). */
function fromScaled(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  const frac = digits.slice(digits.length - scale).replace(/0+$/, '');
  const body = frac ? `${int}.${frac}` : int;
  return negative && body !== '0' ? `-${body}` : body;
}

/** True for a plain decimal string ("1", "0.5", ".5", "2."). */
export function isDecimal(value: string | null | undefined): boolean {
  return parseDecimal(value) !== null && /^\s*[+-]?(\d+\.?\d*|\.\d+)\s*$/.test(value ?? '');
}

/** Exact comparison: -1, 0 or 1 (invalid values compare as zero). */
export function cmp(a: string, b: string): -1 | 0 | 1 {
  const x = toScaled(a) ?? { units: 0n, scale: 0 };
  const y = toScaled(b) ?? { units: 0n, scale: 0 };
  const scale = Math.max(x.scale, y.scale);
  const ix = rescale(x, scale);
  const iy = rescale(y, scale);
  return ix === iy ? 0 : ix < iy ? -1 : 1;
}

export function isPositive(value: string): boolean {
  return isDecimal(value) && cmp(value, '0') > 0;
}

export function add(a: string, b: string): string {
  const x = toScaled(a) ?? { units: 0n, scale: 0 };
  const y = toScaled(b) ?? { units: 0n, scale: 0 };
  const scale = Math.max(x.scale, y.scale);
  return fromScaled(rescale(x, scale) + rescale(y, scale), scale);
}

export function sub(a: string, b: string): string {
  return add(a, cmp(b, '0') === 0 ? '0' : negate(b));
}

function negate(value: string): string {
  const x = toScaled(value) ?? { units: 0n, scale: 0 };
  return fromScaled(-x.units, x.scale);
}

/** Exact product. */
export function mul(a: string, b: string): string {
  const x = toScaled(a) ?? { units: 0n, scale: 0 };
  const y = toScaled(b) ?? { units: 0n, scale: 0 };
  return fromScaled(x.units * y.units, x.scale + y.scale);
}

/** a ÷ b cut toward zero to `places` decimals; null when b is zero. */
export function divTrunc(a: string, b: string, places: number): string | null {
  const x = toScaled(a) ?? { units: 0n, scale: 0 };
  const y = toScaled(b) ?? { units: 0n, scale: 0 };
  if (y.units === 0n) return null;
  // a/b = (x.units / 10^xs) / (y.units / 10^ys); scaled by 10^places.
  const numerator = x.units * 10n ** BigInt(places + y.scale);
  const denominator = y.units * 10n ** BigInt(x.scale);
  return fromScaled(numerator / denominator, places);
}

/** `pct` percent of `value`, exact ("200", 25 → "50"). */
export function percentOf(value: string, pct: number): string {
  return fromScaledString(mul(value, String(Math.trunc(pct))), 2);
}

function fromScaledString(value: string, shift: number): string {
  const x = toScaled(value) ?? { units: 0n, scale: 0 };
  return fromScaled(x.units, x.scale + shift);
}

/** Cuts `value` down (toward zero) to a multiple of `step` ("1.23456", "0.001" → "1.234"). */
export function floorToStep(value: string, step: string): string {
  const x = toScaled(value);
  const s = toScaled(step);
  if (!x || !s || s.units <= 0n) return value;
  const scale = Math.max(x.scale, s.scale);
  const units = rescale(x, scale);
  const stepUnits = rescale(s, scale);
  return fromScaled((units / stepUnits) * stepUnits, scale);
}

/** Raises `value` (away from zero for positives) to a multiple of `step` ("1.2341", "0.001" → "1.235"). */
export function ceilToStep(value: string, step: string): string {
  const down = floorToStep(value, step);
  return cmp(down, value) === 0 ? down : add(down, step);
}

/** The canonical form of a decimal string ("02.50" → "2.5", "3." → "3"). */
export function normalise(value: string): string {
  const x = toScaled(value);
  return x ? fromScaled(x.units, x.scale) : value;
}

/** Cuts `value` to at most `places` decimals, toward zero. */
export function truncate(value: string, places: number): string {
  const x = toScaled(value);
  if (!x) return value;
  if (x.scale <= places) return fromScaled(x.units, x.scale);
  return fromScaled(x.units / 10n ** BigInt(x.scale - places), places);
}

/** True when `value` is a whole multiple of `step`. */
export function isMultipleOf(value: string, step: string): boolean {
  const x = toScaled(value);
  const s = toScaled(step);
  if (!x || !s || s.units === 0n) return false;
  const scale = Math.max(x.scale, s.scale);
  return rescale(x, scale) % rescale(s, scale) === 0n;
}

/** Decimals a value has once trailing zeros are removed. */
export function placesOf(value: string): number {
  return toScaled(value)?.scale ?? 0;
}

/** Ratio a/b as a float for display only (bar widths); 0 when b is zero. */
export function ratio(a: string, b: string): number {
  const q = divTrunc(a, b, 6);
  return q === null ? 0 : Number(q);
}
