/**
 * Exact arithmetic on the decimal strings the server sends (amounts, prices,
 * rates), shared by the screens that add, subtract or round money: a value
 * is held as a BigInt of units of 10^-scale, so nothing is ever rounded by a
 * float. Reading and display stay in format.ts (`parseDecimal`,
 * `compareDecimal`, `multiplyDecimal`); each screen's own rounding rule
 * (down to a coin's decimals, up to a cost) builds on `toUnits`/`fromUnits`.
 */
import { parseDecimal } from './format';

/** A decimal as an integer of units of 10^-scale ("1.50" is 150 at scale 2). */
export interface Units {
  units: bigint;
  scale: number;
}

/** A decimal string as units; null when it is not one. */
export function toUnits(value: string | null | undefined): Units | null {
  const p = parseDecimal(value ?? null);
  if (!p) return null;
  const units = BigInt(`${p.int}${p.frac}` || '0');
  return { units: p.negative ? -units : units, scale: p.frac.length };
}

/** Units of 10^-scale as a plain decimal string, trailing zeros removed ("150", 2 → "1.5"; never "-0"). */
export function fromUnits(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  const frac = scale ? digits.slice(digits.length - scale).replace(/0+$/, '') : '';
  const body = frac ? `${int}.${frac}` : int;
  return negative && /[1-9]/.test(body) ? `-${body}` : body;
}

function combine(a: string, b: string, sign: 1n | -1n): string | null {
  const x = toUnits(a);
  const y = toUnits(b);
  if (!x || !y) return null;
  const scale = Math.max(x.scale, y.scale);
  return fromUnits(x.units * 10n ** BigInt(scale - x.scale) + sign * y.units * 10n ** BigInt(scale - y.scale), scale);
}

/** a + b exactly ("0.1" + "0.2" = "0.3"); null when either is not a decimal. */
export function addDecimal(a: string, b: string): string | null {
  return combine(a, b, 1n);
}

/** a − b exactly; null when either is not a decimal. */
export function subtractDecimal(a: string, b: string): string | null {
  return combine(a, b, -1n);
}

/** Number of decimals written in a decimal as typed ("1.50" has 2). */
export function decimalPlaces(value: string): number {
  const dot = value.indexOf('.');
  return dot < 0 ? 0 : value.length - dot - 1;
}

/**
 * Cleans what is typed into an amount box: a comma becomes a dot (the
 * decimal separator of fra, spa and bx keyboards), only digits and one dot
 * stay. Decimals are not cut: too many are told, not silently dropped.
 */
export function sanitizeDecimalInput(text: string): string {
  const normalised = text.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const dot = normalised.indexOf('.');
  if (dot < 0) return normalised;
  return `${normalised.slice(0, dot + 1)}${normalised.slice(dot + 1).replace(/\./g, '')}`;
}
