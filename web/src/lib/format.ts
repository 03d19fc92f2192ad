/**
 * Number display rules of the product (spec section 9). Amounts travel as
 * decimal strings and stay strings here: every operation works on the digits
 * (BigInt for products), never on floats, so no money is ever rounded by
 * accident. Display rounding is explicit and always toward zero, so a balance
 * is never shown larger than it is.
 */
import { DEFAULT_PRECISION } from './constants';

/** Shown for a value that is missing or not a number. */
export const PLACEHOLDER = '--';

interface ParsedDecimal {
  negative: boolean;
  /** Integer digits without leading zeros ("0" at least). */
  int: string;
  /** Fraction digits, trailing zeros kept as given. */
  frac: string;
}

const DECIMAL_RE = /^\s*([+-])?(\d*)(?:\.(\d*))?\s*$/;

/** Parses a decimal string ("12", "-0.50", "+3.", ".25"); null when it is not one. */
export function parseDecimal(value: string | number | null | undefined): ParsedDecimal | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'number' ? numberToPlain(value) : value;
  if (text === null) return null;
  const m = DECIMAL_RE.exec(text);
  if (!m) return null;
  const intRaw = m[2] ?? '';
  const fracRaw = m[3] ?? '';
  if (intRaw === '' && fracRaw === '') return null;
  const int = intRaw.replace(/^0+(?=\d)/, '') || '0';
  const isZero = /^0*$/.test(intRaw) && /^0*$/.test(fracRaw);
  return { negative: m[1] === '-' && !isZero, int, frac: fracRaw };
}

function numberToPlain(n: number): string | null {
  if (!Number.isFinite(n)) return null;
  // Integers and short fractions print exactly; exponent forms are rejected.
  const s = String(n);
  return /e/i.test(s) ? null : s;
}

function sign(p: ParsedDecimal): string {
  return p.negative ? '-' : '';
}

/** Cuts (toward zero) to `places` decimals and removes trailing zeros. */
function trimmed(p: ParsedDecimal, places: number): string {
  const frac = p.frac.slice(0, places).replace(/0+$/, '');
  const isZero = p.int === '0' && frac === '';
  return `${isZero ? '' : sign(p)}${p.int}${frac ? `.${frac}` : ''}`;
}

/**
 * Fixed display with exactly `precision` decimals, cut toward zero
 * ("1" → "1.00", "2.349" → "2.34"). Invalid input gives "--".
 */
export function toFixed(value: string | number | null | undefined, precision = DEFAULT_PRECISION): string {
  const p = parseDecimal(value);
  if (!p) return PLACEHOLDER;
  const frac = p.frac.slice(0, precision).padEnd(precision, '0');
  const isZero = p.int === '0' && /^0*$/.test(frac);
  return `${isZero ? '' : sign(p)}${p.int}${precision > 0 ? `.${frac}` : ''}`;
}

/**
 * The product's compact display: above 1,000,000 as "1.2M", above 1,000 as
 * "1.2K" (one decimal, cut toward zero), otherwise at most 4 decimals with
 * trailing zeros removed. Invalid input gives "--".
 */
export function formatNumber(value: string | number | null | undefined): string {
  const p = parseDecimal(value);
  if (!p) return PLACEHOLDER;
  const int = BigInt(p.int);
  const hasFraction = /[1-9]/.test(p.frac);
  if (int > 1_000_000n || (int === 1_000_000n && hasFraction)) {
    const tenths = int / 100_000n;
    return `${sign(p)}${tenths / 10n}.${tenths % 10n}M`;
  }
  if (int > 1_000n || (int === 1_000n && hasFraction)) {
    const tenths = int / 100n;
    return `${sign(p)}${tenths / 10n}.${tenths % 10n}K`;
  }
  return trimmed(p, 4);
}

export type Trend = 'up' | 'down' | 'zero';

/** Direction of a signed decimal such as a change "+1.23" or "-0.5". */
export function trendOf(value: string | number | null | undefined): Trend {
  const p = parseDecimal(value);
  if (!p) return 'zero';
  const isZero = /^0+$/.test(p.int) && /^0*$/.test(p.frac);
  if (isZero) return 'zero';
  return p.negative ? 'down' : 'up';
}

/** Colour of a trend: up green, zero grey, down red (CSS custom properties of the theme). */
export function trendColor(value: string | number | null | undefined): string {
  const trend = trendOf(value);
  if (trend === 'up') return 'var(--bourse-up)';
  if (trend === 'down') return 'var(--bourse-down)';
  return 'var(--bourse-zero)';
}

/** Exact product of two decimal strings ("0.5" × "7.1" = "3.55"); "--" when either is invalid. */
export function multiplyDecimal(a: string | number, b: string | number): string {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  if (!x || !y) return PLACEHOLDER;
  const scale = x.frac.length + y.frac.length;
  const product = BigInt(x.int + x.frac) * BigInt(y.int + y.frac);
  const negative = x.negative !== y.negative && product !== 0n;
  const digits = product.toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  const frac = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${int}${scale ? `.${frac}` : ''}`;
}

/** A fiat the user chose: code, symbol and units per 1 USD. */
export interface FiatChoice {
  currency_code: string;
  symbol: string;
  rate: string;
}

/** A USD amount converted to the chosen fiat, fixed to `precision` decimals, with its symbol. */
export function formatFiat(usdAmount: string, fiat: FiatChoice, precision = DEFAULT_PRECISION): string {
  const converted = multiplyDecimal(usdAmount, fiat.rate);
  return `${fiat.symbol}${toFixed(converted, precision)}`;
}

/** Date and time of a millisecond timestamp in the given locale ("2026-01-31 14:05"). */
export function formatDateTime(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return PLACEHOLDER;
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Masks the middle of an e-mail or phone number for display ("ab***@x.com", "138****5678"). */
export function maskAccount(value: string | null | undefined): string {
  if (!value) return '';
  const at = value.indexOf('@');
  if (at > 0) {
    const name = value.slice(0, at);
    const keep = name.length <= 2 ? 1 : 2;
    return `${name.slice(0, keep)}***${value.slice(at)}`;
  }
  if (value.length >= 7) return `${value.slice(0, 3)}****${value.slice(-4)}`;
  if (value.length > 2) return `${value.slice(0, 1)}***${value.slice(-1)}`;
  return value;
}
