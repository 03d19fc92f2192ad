/**
 * Pure rules of dual investment: the settlement rule (what an order pays at
 * a settlement price, and its two outcomes), the purchase form's checks, how
 * states and figures read, and the payoff chart's points. No React, no
 * store: unit-tested in __tests__/logic.test.ts.
 *
 * Money never goes through floats: amounts, prices and rates are decimal
 * strings turned into exact fractions of BigInts, and a payout is rounded
 * down to 8 decimals only at the end, as the server does.
 *
 * The rule (r = days × APR / 365, the APR in percent):
 * - call ("sell high", invest A of the coin): settlement below the linked
 *   price → A × (1 + r) of the coin; at or above it → A × linked × (1 + r) USDT;
 * - put ("buy low", invest A USDT): settlement above the linked price →
 *   A × (1 + r) USDT; at or below it → A / linked × (1 + r) of the coin.
 * Not capital protected: the payout in the other currency can be worth less
 * than what was invested.
 */
import { compareDecimal, formatPercent, multiplyDecimal, parseDecimal } from '../../lib/format';

// ---- exact fractions ----

interface Ratio {
  n: bigint;
  /** Always above 0. */
  d: bigint;
}

function ratioOf(value: string | number | null | undefined): Ratio | null {
  const p = parseDecimal(value ?? null);
  if (!p) return null;
  const n = BigInt(`${p.int}${p.frac}`) * (p.negative ? -1n : 1n);
  return { n, d: 10n ** BigInt(p.frac.length) };
}

const mul = (a: Ratio, b: Ratio): Ratio => ({ n: a.n * b.n, d: a.d * b.d });
const div = (a: Ratio, b: Ratio): Ratio | null => {
  if (b.n === 0n) return null;
  const sign = b.n < 0n ? -1n : 1n;
  return { n: a.n * b.d * sign, d: a.d * b.n * sign };
};

/** A fraction rounded down (toward −∞) to `places` decimals, trailing zeros removed. */
function floorText(r: Ratio, places: number): string {
  const scaled = r.n * 10n ** BigInt(places);
  let q = scaled / r.d;
  if (scaled % r.d !== 0n && scaled < 0n) q -= 1n;
  const negative = q < 0n;
  const digits = (negative ? -q : q).toString().padStart(places + 1, '0');
  const int = digits.slice(0, digits.length - places);
  const frac = digits.slice(digits.length - places).replace(/0+$/, '');
  const zero = /^0+$/.test(int) && frac === '';
  return `${negative && !zero ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}

/** Decimals payouts are rounded down to. */
export const PAYOUT_PLACES = 8;

// ---- the settlement rule ----

export const KINDS = ['call', 'put'] as const;
export type Kind = (typeof KINDS)[number];

export function isKind(value: unknown): value is Kind {
  return typeof value === 'string' && (KINDS as readonly string[]).includes(value);
}

/** The coins the list switches between. */
export const COINS = ['BTC', 'ETH'] as const;
export type Coin = (typeof COINS)[number];

export function isCoin(value: unknown): value is Coin {
  return typeof value === 'string' && (COINS as readonly string[]).includes(value);
}

/**
 * The tab and coin the list opens on when the address names none: one the
 * caller can invest in. "Sell high" takes the coin, "buy low" the quote
 * (USDT): a user holding a listed coin lands on selling it high, one holding
 * only USDT on buying low, and a visitor (or an empty wallet) on "sell high"
 * of BTC. `held(name)` says whether the spot account holds any of a currency.
 */
export function landingTab(held: ((name: string) => boolean) | null, quote = 'USDT'): { kind: Kind; coin: Coin } {
  if (held) {
    const coin = COINS.find((c) => held(c));
    if (coin) return { kind: 'call', coin };
    if (held(quote)) return { kind: 'put', coin: COINS[0] };
  }
  return { kind: 'call', coin: COINS[0] };
}

/** What the rule needs of a product (or an order). */
export interface Terms {
  kind: Kind;
  /** The coin ("BTC"). */
  currency: string;
  /** "USDT". */
  quote: string;
  /** USDT per coin. */
  linked_price: string;
  days: number;
  /** Annual rate in percent ("36.50"). */
  apr: string;
}

export interface Payout {
  amount: string;
  currency: string;
}

/** 1 + r = 1 + days × APR / 365 with the APR in percent, exactly. */
function growth(days: number, apr: string): Ratio | null {
  const rate = ratioOf(apr);
  if (!rate || !Number.isInteger(days) || days < 0) return null;
  const d = rate.d * 36_500n;
  return { n: d + BigInt(days) * rate.n, d };
}

/** The rate earned over the holding days, in percent (days × APR / 365), 4 decimals rounded down. */
export function periodRate(days: number, apr: string): string | null {
  const g = growth(days, apr);
  if (!g) return null;
  return floorText({ n: (g.n - g.d) * 100n, d: g.d }, 4);
}

/** The two outcomes of investing `amount` (in the invest currency): below and above the linked price. */
export function outcomes(t: Terms, amount: string): { below: Payout; above: Payout } | null {
  const a = ratioOf(amount);
  const linked = ratioOf(t.linked_price);
  const g = growth(t.days, t.apr);
  if (!a || !linked || !g || linked.n <= 0n) return null;
  const grown = mul(a, g);
  if (t.kind === 'call') {
    return {
      below: { amount: floorText(grown, PAYOUT_PLACES), currency: t.currency },
      above: { amount: floorText(mul(grown, linked), PAYOUT_PLACES), currency: t.quote },
    };
  }
  const coins = div(grown, linked);
  if (!coins) return null;
  return {
    below: { amount: floorText(coins, PAYOUT_PLACES), currency: t.currency },
    above: { amount: floorText(grown, PAYOUT_PLACES), currency: t.quote },
  };
}

/**
 * Whether a settlement price falls on the "above" side: at or above the
 * linked price for a call, strictly above it for a put.
 */
export function isAbove(kind: Kind, settlement: string, linked: string): boolean | null {
  const c = compareDecimal(settlement, linked);
  if (c === null) return null;
  return kind === 'call' ? c >= 0 : c > 0;
}

/** What `amount` invested pays when the index settles at `settlement`. */
export function payoutAt(t: Terms, amount: string, settlement: string): Payout | null {
  const both = outcomes(t, amount);
  const above = isAbove(t.kind, settlement, t.linked_price);
  if (!both || above === null) return null;
  return above ? both.above : both.below;
}

/** How each outcome's condition reads: call pays the quote at the linked price, put the coin. */
export function outcomeOps(kind: Kind): { below: '<' | '≤'; above: '≥' | '>' } {
  return kind === 'call' ? { below: '<', above: '≥' } : { below: '≤', above: '>' };
}

/** The amount `shares` shares invest: shares × unit, exactly. */
export function investedOf(unit: string, shares: number): string | null {
  if (!Number.isInteger(shares) || shares < 0) return null;
  const product = multiplyDecimal(unit, String(shares));
  if (product === '--') return null;
  const r = ratioOf(product);
  return r ? floorText(r, 18) : null;
}

/** How far the linked price is from the index, in percent of the index ("+3.12%", "-2.50%"), cut toward zero. */
export function distanceText(linked: string, index: string): string | null {
  const l = ratioOf(linked);
  const i = ratioOf(index);
  if (!l || !i || i.n <= 0n) return null;
  const diff = div({ n: (l.n * i.d - i.n * l.d) * 100n, d: l.d * i.d }, i);
  if (!diff) return null;
  const negative = diff.n < 0n;
  const text = floorText({ n: negative ? -diff.n : diff.n, d: diff.d }, 2);
  const [int, frac = ''] = text.split('.');
  const fixed = `${int}.${frac.padEnd(2, '0')}`;
  return formatPercent(`${negative ? '-' : ''}${fixed}`, 2, { sign: true });
}

/** An APR as read ("36.5" → "36.50%", "36,50 %" in French). */
export function aprText(apr: string | null | undefined): string {
  return formatPercent(apr, 2);
}

// ---- the purchase form ----

/** Digits and one point, so that a fraction can be typed and then refused in words. */
export function sanitizeShares(value: string): string {
  let out = value.replace(/[^\d.]/g, '');
  const dot = out.indexOf('.');
  if (dot >= 0) out = `${out.slice(0, dot + 1)}${out.slice(dot + 1).replace(/\./g, '')}`;
  return out.replace(/^0+(?=\d)/, '');
}

export interface ShareLimits {
  /** Shares left of the product. */
  left: number;
  /** Invested per share. */
  unit: string;
  /** Spot balance of the invest currency; null when not known. */
  balance: string | null;
}

export type SharesIssueKey = 'required' | 'whole' | 'atLeastOne' | 'overLeft' | 'soldOut' | 'insufficient';

export interface SharesIssue {
  key: SharesIssueKey;
  values?: Record<string, string | number>;
}

/** What is wrong with the shares typed, or null when they may be bought. */
export function checkShares(text: string, l: ShareLimits): SharesIssue | null {
  const v = text.trim();
  if (v === '') return { key: 'required' };
  if (!/^\d+$/.test(v)) return { key: 'whole' };
  const shares = Number(v);
  if (shares < 1) return { key: 'atLeastOne' };
  if (l.left <= 0) return { key: 'soldOut' };
  if (shares > l.left) return { key: 'overLeft', values: { count: l.left } };
  if (l.balance !== null) {
    const invested = investedOf(l.unit, shares);
    if (invested !== null && compareDecimal(invested, l.balance) === 1) return { key: 'insufficient', values: { amount: invested, balance: l.balance } };
  }
  return null;
}

// ---- orders ----

export type OrderState = 'purchased' | 'settling' | 'completed' | 'failed';

/** 0 purchased, 1 settling, 2 completed, 3 failed. */
export function orderState(status: number): OrderState {
  switch (status) {
    case 1:
      return 'settling';
    case 2:
      return 'completed';
    case 3:
      return 'failed';
    default:
      return 'purchased';
  }
}

/** The orders' filters: every order, or those of one state. */
export const ORDER_FILTERS = ['all', 'purchased', 'settling', 'completed', 'failed'] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number];

export function isOrderFilter(value: unknown): value is OrderFilter {
  return typeof value === 'string' && (ORDER_FILTERS as readonly string[]).includes(value);
}

export function statusOfFilter(f: OrderFilter): 0 | 1 | 2 | 3 | undefined {
  const index = (['purchased', 'settling', 'completed', 'failed'] as const).indexOf(f as never);
  return index < 0 ? undefined : (index as 0 | 1 | 2 | 3);
}

// ---- the payoff chart (a picture: numbers, never money) ----

export interface PayoffPoint {
  /** Settlement price. */
  price: number;
  /** The payout's worth in the quote at that price. */
  payout: number;
  /** What the amount invested is worth at that price had it not been invested. */
  held: number;
}

/**
 * Points of the payoff from `lowPct` % to `highPct` % of the linked price,
 * the linked price itself included: the payout valued in the quote (a coin
 * payout × the settlement price) beside the amount invested simply held.
 */
export function payoffPoints(t: Terms, amount: string, { lowPct = 80, highPct = 120, steps = 40 } = {}): PayoffPoint[] {
  const both = outcomes(t, amount);
  const linked = Number(t.linked_price);
  const a = Number(amount);
  if (!both || !Number.isFinite(linked) || linked <= 0 || !Number.isFinite(a)) return [];
  const below = Number(both.below.amount);
  const above = Number(both.above.amount);
  const prices = new Set<number>([linked]);
  for (let i = 0; i <= steps; i += 1) prices.add((linked * (lowPct + ((highPct - lowPct) * i) / steps)) / 100);
  return [...prices]
    .sort((x, y) => x - y)
    .map((price) => {
      const up = t.kind === 'call' ? price >= linked : price > linked;
      // The quote side is worth itself; the coin side its coins at the settlement price.
      const payout = up ? above : below * price;
      const held = t.kind === 'call' ? a * price : a;
      return { price, payout, held };
    });
}

