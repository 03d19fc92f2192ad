/**
 * The one place that decides how a number reads on screen (spec section 9).
 * Amounts travel as decimal strings and stay strings here: every operation
 * works on the digits (BigInt for products), never on floats, so no money is
 * ever rounded by accident. Display rounding is explicit and always toward
 * zero, so a balance is never shown larger than it is.
 *
 * Which function for which number (all group thousands and mark decimals the
 * way the app's language does, and answer "--" for a missing or invalid value):
 * - a price: `formatPrice(value, tick)`; the market's tick sets the decimals
 *   (66,478.61 on a 0.01 tick, 66,503.40 not 66503.4), never K/M: a trader
 *   needs every digit;
 * - a quantity traded on a market (order amount, filled, book level, trade):
 *   `formatAmount(value, lot)`; the lot's decimals, zeros kept so columns align;
 * - any other amount of a coin (balance, fee, budget, total, margin, profit,
 *   deposit, withdrawal): `formatCoin(value, places)` with the coin's display
 *   precision `coinPlaces(coin)` (screens get it from `useCoinPlaces` in
 *   shared/funds/api), trailing zeros past the second decimal dropped (a
 *   zero BTC balance reads "0.00", not "0.0000000"). A total is an amount of
 *   the quote coin, so it takes the quote coin's precision;
 * - a rate or share in percent ("0.1" meaning 0.1 %): `formatPercent`;
 * - where space is short (24 h volume and turnover): `formatCompact`, the
 *   spec's M/K rule;
 * - a 24 h change: `formatChange`; the colour of anything signed: `trendColor`;
 * - a value that must read exactly (a typed amount being confirmed, a step
 *   such as "1 lot = 0.01 BTC", the amount an admin approves): `formatDecimal`,
 *   its own digits, grouped.
 *
 * Display precision of a coin. The coin list's `decimals` is the most an
 * amount may have (what the ledger accepts: USDT 6, BTC 8), which reads badly
 * ("9,900.037705 USDT"). A coin is shown with the fewest decimals at which one
 * step of the last digit is worth at most one US cent at the coin's reference
 * price `price_usdt` (BTC at 67,000: 7, ETH at 3,500: 6, USDT and TRX: 2),
 * never fewer than the spec's default precision 2 and never more than
 * `decimals` (AAPL: 4). So every digit carries value and no balance hides a
 * cent. The reference price, not the live one, so that a coin's precision
 * does not change while the market moves.
 */
import { DEFAULT_PRECISION } from './constants';

/*
 * Separators of the app's language. The digits are this module's own (exact,
 * cut toward zero); only the marks around them come from Intl.NumberFormat of
 * the language's locale, so "1234567.5" reads "1,234,567.5" in English and
 * Chinese, "1 234 567,5" in French, "1.234.567,5" in Portuguese and (CLDR's
 * minimum grouping) "1000,5" but "10.000,5" in Spanish. i18n.ts sets the locale
 * before it switches the language, so every screen re-rendered by the switch
 * reads the new marks. Signs stay ASCII "+" and "-" in every language.
 */
interface NumberMarks {
  tag: string;
  /** Formats the integer part (a BigInt) with the locale's grouping. */
  integer: Intl.NumberFormat;
  decimal: string;
  /** What stands before and after the digits of a percentage ("" and "%", or "" and " %"). */
  percentBefore: string;
  percentAfter: string;
}

function marksOf(tag: string): NumberMarks {
  const integer = new Intl.NumberFormat(tag, { maximumFractionDigits: 0 });
  const decimal = new Intl.NumberFormat(tag).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
  const parts = new Intl.NumberFormat(tag, { style: 'percent' }).formatToParts(0.5);
  const first = parts.findIndex((part) => part.type === 'integer');
  const last = parts.length - 1 - [...parts].reverse().findIndex((part) => part.type === 'integer');
  const join = (list: Intl.NumberFormatPart[]) => list.map((part) => part.value).join('');
  return { tag, integer, decimal, percentBefore: join(parts.slice(0, first)), percentAfter: join(parts.slice(last + 1)) };
}

let marks: NumberMarks = marksOf('en-US');

/**
 * Sets the locale (a BCP 47 tag, constants' `LANG_TAGS`) whose separators
 * every figure uses from now on. An unknown tag keeps English marks.
 */
export function setNumberLocale(tag: string): void {
  if (tag === marks.tag) return;
  try {
    marks = marksOf(tag);
  } catch {
    marks = marksOf('en-US');
  }
}

/** The locale figures are currently written in. */
export function numberLocale(): string {
  return marks.tag;
}

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
 * Writes a plain decimal string with the language's marks: thousands grouped
 * in the integer part, the decimal mark of the language ("-1234567.5" →
 * "-1,234,567.5" in English, "-1 234 567,5" in French). Anything else is
 * returned as it is.
 */
export function groupThousands(value: string): string {
  const m = /^([+-]?)(\d+)(?:\.(\d*))?([A-Z%]*)$/.exec(value);
  if (!m) return value;
  const frac = m[3] === undefined ? '' : `${marks.decimal}${m[3]}`;
  return `${m[1]}${marks.integer.format(BigInt(m[2]))}${frac}${m[4]}`;
}

/** Exactly `places` decimals, cut toward zero, grouped ("67025.929", 2 → "67,025.92"). */
export function formatFixed(value: string | number | null | undefined, places: number): string {
  return groupThousands(toFixed(value, places));
}

/**
 * A value whose precision nobody stated (a price without its market, an
 * amount of a coin before the coin list answered): its own digits up to
 * `maxPlaces`, trailing zeros removed, grouped. Exact, so nothing is hidden.
 */
export function formatDecimal(value: string | number | null | undefined, maxPlaces = 8): string {
  const p = parseDecimal(value);
  if (!p) return PLACEHOLDER;
  return groupThousands(trimmed(p, maxPlaces));
}

/** Decimals of a step such as a tick or lot ("0.01" → 2, "1" → 0, "0.50" → 1). */
export function decimalsOf(step: string | null | undefined): number {
  const p = parseDecimal(step);
  if (!p) return 0;
  return p.frac.replace(/0+$/, '').length;
}

/** A price with the decimals of the market's tick ("66503.4", "0.01" → "66,503.40"). */
export function formatPrice(value: string | null | undefined, tick?: string | null): string {
  return tick ? formatFixed(value, decimalsOf(tick)) : formatDecimal(value);
}

/** A quantity traded on a market, with the decimals of its lot ("0.35", "0.0001" → "0.3500"). */
export function formatAmount(value: string | null | undefined, lot?: string | null): string {
  return lot ? formatFixed(value, decimalsOf(lot)) : formatDecimal(value);
}

/** What `coinPlaces` needs of a coin of the coin list (shared/funds/api `Coin`). */
export interface CoinPrecision {
  /** Most decimals an amount of the coin may have. */
  decimals: number;
  /** Reference price in USDT. */
  price_usdt?: string | null;
}

/** Display precision of a coin: see "Display precision of a coin" at the top of this module. */
export function coinPlaces(coin: CoinPrecision): number {
  const max = Math.max(0, Math.trunc(coin.decimals));
  const p = parseDecimal(coin.price_usdt);
  if (!p || p.negative) return max;
  // The price in cents, rounded up; 10^-d of the coin is worth at most a cent when 10^d ≥ cents.
  const frac = p.frac.padEnd(2, '0');
  const cents = BigInt(p.int + frac.slice(0, 2)) + (/[1-9]/.test(frac.slice(2)) ? 1n : 0n);
  // A coin without a price could be worth anything: show every digit it can have.
  if (cents === 0n) return max;
  const needed = cents === 1n ? 0 : (cents - 1n).toString().length;
  return Math.min(max, Math.max(DEFAULT_PRECISION, needed));
}

/**
 * An amount of a coin (balance, fee, total, margin, profit) with the coin's
 * display precision `places` (`coinPlaces`), cut toward zero; zeros past the
 * second decimal are dropped, since they say nothing ("0.00 BTC", "100.00 /
 * 100.00 BTC", "0.0012 BTC", "1.0014985 BTC"). Exact digits while the
 * precision is not known yet, so a small balance never flashes as zero.
 */
export function formatCoin(value: string | number | null | undefined, places: number | null | undefined): string {
  if (places === null || places === undefined) return formatDecimal(value);
  const fixed = toFixed(value, places);
  if (fixed === PLACEHOLDER) return fixed;
  const keep = Math.min(places, DEFAULT_PRECISION);
  const [int, frac = ''] = fixed.split('.');
  const shown = frac.replace(/0+$/, '').padEnd(keep, '0');
  return groupThousands(shown ? `${int}.${shown}` : int);
}

/**
 * A rate or share given in percent ("0.1" is 0.1 %), with `places` decimals
 * cut toward zero, written the language's way ("0.10%" in English, "0,10 %"
 * in French). `sign` puts "+" in front of a value above zero; `trim` drops
 * trailing zeros ("5.00" → "5 %").
 */
export function formatPercent(
  value: string | number | null | undefined,
  places = DEFAULT_PRECISION,
  { sign: withSign = false, trim = false }: { sign?: boolean; trim?: boolean } = {},
): string {
  const p = parseDecimal(value);
  if (!p) return PLACEHOLDER;
  const digits = trim ? trimmed(p, places) : toFixed(value, places);
  const plus = withSign && !digits.startsWith('-') && /[1-9]/.test(digits) ? '+' : '';
  const negative = digits.startsWith('-');
  const body = groupThousands(negative ? digits.slice(1) : digits);
  return `${negative ? '-' : plus}${marks.percentBefore}${body}${marks.percentAfter}`;
}

/** A formatted value with "+" in front when it is above zero (profits, ledger credits). */
export function signed(formatted: string): string {
  return formatted === PLACEHOLDER || formatted.startsWith('-') || !/[1-9]/.test(formatted) ? formatted : `+${formatted}`;
}

/**
 * The spec's compact display, only where space is short (24 h volume and
 * turnover): above 1,000,000 as "1.2M", above 1,000 as "1.2K" (one decimal,
 * cut toward zero), otherwise at most 4 decimals with trailing zeros removed;
 * thousands grouped ("1,234.5M"). Invalid input gives "--".
 */
export function formatCompact(value: string | number | null | undefined): string {
  const p = parseDecimal(value);
  if (!p) return PLACEHOLDER;
  const int = BigInt(p.int);
  const hasFraction = /[1-9]/.test(p.frac);
  if (int > 1_000_000n || (int === 1_000_000n && hasFraction)) {
    const tenths = int / 100_000n;
    return groupThousands(`${sign(p)}${tenths / 10n}.${tenths % 10n}M`);
  }
  if (int > 1_000n || (int === 1_000n && hasFraction)) {
    const tenths = int / 100n;
    return groupThousands(`${sign(p)}${tenths / 10n}.${tenths % 10n}K`);
  }
  return groupThousands(trimmed(p, 4));
}

/**
 * A 24 h change as a signed percentage with two decimals ("+1.2" → "+1.20%",
 * "0" → "0.00%"); a change too small to show reads without a sign.
 */
export function formatChange(change: string | null | undefined): string {
  return formatPercent(change, 2, { sign: true });
}

/** Base and quote of "BTC/USDT". */
export function splitSymbol(symbol: string): { base: string; quote: string } {
  const [base, quote] = symbol.split('/');
  return { base: base ?? symbol, quote: quote ?? '' };
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

/** A fiat the user chose: code, symbol and units per 1 USD. */
export interface FiatChoice {
  currency_code: string;
  symbol: string;
  rate: string;
}

/** A USD amount converted to the chosen fiat, fixed to `precision` decimals, grouped, with its symbol ("$76,921.20"). */
export function formatFiat(usdAmount: string, fiat: FiatChoice, precision = DEFAULT_PRECISION): string {
  const converted = multiplyDecimal(usdAmount, fiat.rate);
  return converted === PLACEHOLDER ? PLACEHOLDER : `${fiat.symbol}${formatFixed(converted, precision)}`;
}

/**
 * Date and time of a millisecond timestamp in the device's time zone
 * ("2026-01-31 14:05"; with `seconds`, "2026-01-31 14:05:09", where two
 * events of the same minute must be told apart, such as a copy and its leader).
 */
export function formatDateTime(ms: number | null | undefined, { seconds = false }: { seconds?: boolean } = {}): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return PLACEHOLDER;
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}${seconds ? `:${pad(d.getSeconds())}` : ''}`;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${time}`;
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
