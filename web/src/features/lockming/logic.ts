/**
 * Pure rules of the lock-up mining screens: the buy page's preview (income
 * range, schedule, what an early redemption would cost), the amount checks,
 * the figures of the list and the Lock tab, and how rates, states and
 * reasons read. No React, no store: unit-tested in __tests__/logic.test.ts.
 *
 * Money stays decimal strings; every operation works on the digits (BigInt),
 * never on floats, and rounding is always down (toward zero) to 8 decimals,
 * as the server rounds. Numbers become floats only for pictures (the rate
 * chart, a progress bar).
 */
import { addDecimal, fromUnits, subtractDecimal, toUnits } from '../../lib/decimal';
import { compareDecimal, multiplyDecimal, parseDecimal, PLACEHOLDER } from '../../lib/format';
import { rangeText, rateText } from '../../shared/lock/rates';
import type { LockCategory } from '../../shared/lock/routes';

/** Decimals an amount of a product's coin may have (what the server accepts). */
export const AMOUNT_PLACES = 8;
export const DAY_MS = 86_400_000;

// ---- exact decimals (lib/decimal.ts adds and subtracts) ----

/** Cuts a decimal toward zero to `places` decimals, trailing zeros removed ("1.239", 2 → "1.23"); null when it is not one. */
export function roundDown(value: string, places = AMOUNT_PLACES): string | null {
  const x = toUnits(value);
  if (!x) return null;
  if (x.scale <= places) return fromUnits(x.units, x.scale);
  // BigInt division truncates toward zero.
  return fromUnits(x.units / 10n ** BigInt(x.scale - places), places);
}

/** amount × percent %, rounded down to 8 decimals ("100" × "0.30" % = "0.3"); null when either is not a number. */
export function percentOf(amount: string, percent: string): string | null {
  const product = multiplyDecimal(amount, percent);
  if (product === PLACEHOLDER) return null;
  const x = toUnits(product);
  if (!x) return null;
  // Dividing by 100 is two more decimals.
  return roundDown(fromUnits(x.units, x.scale + 2));
}

/** The smallest of decimal strings (undefined ones ignored); null when none is given. */
export function minDecimal(...values: (string | null | undefined)[]): string | null {
  let least: string | null = null;
  for (const v of values) {
    if (v === null || v === undefined || !parseDecimal(v)) continue;
    if (least === null || compareDecimal(v, least) === -1) least = v;
  }
  return least;
}

/** A number string rid of needless zeros ("100.00" → "100", "0.50" → "0.5"). */
export function plainDecimal(value: string): string {
  return roundDown(value, 18) ?? value;
}

// ---- rates ----

// Rates read as on every lock-up screen (shared/lock/rates.ts).
export { rangeText, rateText };

/** The reserve's coverage of what is promised ("245.10%"), or null when nothing is promised (all covered). */
export function coverageText(coverage: string | null): string | null {
  return coverage === null ? null : rateText(coverage);
}

/** Rate points for the chart, oldest first, as numbers (the picture only). */
export function ratePoints(rates: { day: string; rate: string }[]): { day: string; rate: number }[] {
  return [...rates]
    .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0))
    .map((r) => ({ day: r.day, rate: Number(r.rate) }))
    .filter((r) => Number.isFinite(r.rate));
}

// ---- the buy page's preview ----

export interface IncomeRange {
  min: string;
  max: string;
}

/** Estimated daily income: amount × rate_min % .. amount × rate_max %, each rounded down to 8 decimals. */
export function dailyIncome(amount: string, rateMin: string, rateMax: string): IncomeRange | null {
  const min = percentOf(amount, rateMin);
  const max = percentOf(amount, rateMax);
  return min === null || max === null ? null : { min, max };
}

/** Estimated total income: the daily range × days. */
export function totalIncome(daily: IncomeRange, days: number): IncomeRange {
  const n = String(Math.max(0, Math.trunc(days)));
  return { min: plainDecimal(multiplyDecimal(daily.min, n)), max: plainDecimal(multiplyDecimal(daily.max, n)) };
}

export interface Schedule {
  start: number;
  /** When the order starts earning: its first full day begins at the product's next accrual. */
  accrualStart: number;
  /** When that first day's income arrives, a day later. */
  firstAccrual: number;
  maturity: number;
}

/**
 * Subscribed now, an order earns from the product's next accrual (the day it
 * is subscribed in earns nothing), is first paid a day after it, and matures
 * at the `days`-th payment.
 */
export function schedule(now: number, nextAccrualAt: number, days: number): Schedule {
  const firstAccrual = nextAccrualAt + DAY_MS;
  return { start: now, accrualStart: nextAccrualAt, firstAccrual, maturity: firstAccrual + (Math.max(1, days) - 1) * DAY_MS };
}

export interface RedeemTerms {
  returned: string;
  penalty: string;
}

/**
 * What an early redemption of `amount` would do: returned = amount × (1 −
 * penalty %) rounded down, penalty = amount − returned. The terms text of
 * the buy page only; an order's own dialog shows the server's redeem_preview.
 */
export function redeemTerms(amount: string, penaltyRate: string): RedeemTerms | null {
  const keep = subtractDecimal('100', penaltyRate);
  if (keep === null) return null;
  const returned = percentOf(amount, keep);
  if (returned === null) return null;
  const penalty = subtractDecimal(amount, returned);
  return penalty === null ? null : { returned, penalty };
}

export interface Preview {
  daily: IncomeRange;
  total: IncomeRange;
  schedule: Schedule;
  redeem: RedeemTerms | null;
}

/** Everything the preview shows for an amount that passed the checks. */
export function preview(
  amount: string,
  p: { rate_min: string; rate_max: string; days: number; next_accrual_at: number; penalty_rate: string },
  now: number,
): Preview | null {
  const daily = dailyIncome(amount, p.rate_min, p.rate_max);
  if (!daily) return null;
  return {
    daily,
    total: totalIncome(daily, p.days),
    schedule: schedule(now, p.next_accrual_at, p.days),
    redeem: redeemTerms(amount, p.penalty_rate),
  };
}

// ---- the amount ----

/** What the amount is checked against; an unknown bound (not logged in, still loading) is not checked. */
export interface AmountLimits {
  min: string;
  /** The caller's room under the per-user cap. */
  room?: string | null;
  /** The product's remaining quota. */
  remaining: string;
  /** The caller's spot balance of the coin. */
  balance?: string | null;
}

/** A validation message: its locale key under `lockming.errors.` and its values. */
export interface AmountIssue {
  key: 'required' | 'invalid' | 'positive' | 'decimals' | 'min' | 'room' | 'quota' | 'balance';
  values?: Record<string, string>;
}

const PLAIN = /^\d+(\.\d+)?$/;

/**
 * Checks an amount in this order: required, a number, above zero, at most 8
 * decimals, at least the minimum, at most the caller's room, the remaining
 * quota and the spot balance. Null when it may be sent.
 */
export function checkAmount(value: string, limits: AmountLimits): AmountIssue | null {
  const text = value.trim();
  if (text === '') return { key: 'required' };
  if (!PLAIN.test(text)) return { key: 'invalid' };
  if (compareDecimal(text, '0') !== 1) return { key: 'positive' };
  const places = text.includes('.') ? text.split('.')[1].replace(/0+$/, '').length : 0;
  if (places > AMOUNT_PLACES) return { key: 'decimals', values: { places: String(AMOUNT_PLACES) } };
  if (compareDecimal(text, limits.min) === -1) return { key: 'min', values: { min: plainDecimal(limits.min) } };
  const room = limits.room ?? null;
  if (room !== null && compareDecimal(text, room) === 1) return { key: 'room', values: { room: plainDecimal(room) } };
  if (compareDecimal(text, limits.remaining) === 1) return { key: 'quota', values: { remaining: plainDecimal(limits.remaining) } };
  const balance = limits.balance ?? null;
  if (balance !== null && compareDecimal(text, balance) === 1) return { key: 'balance', values: { balance: plainDecimal(balance) } };
  return null;
}

/** The caller's room in a product: the per-user cap less what they hold in it, never below zero. */
export function roomLeft(userCap: string, held: string | null | undefined): string {
  const left = subtractDecimal(userCap, held ?? '0');
  if (left === null) return '0';
  return left.startsWith('-') ? '0' : left;
}

/** What "max" fills in: the least of the room, the remaining quota and the balance (known ones), rounded down to 8 decimals. */
export function maxAmount(limits: Omit<AmountLimits, 'min'>): string {
  const least = minDecimal(limits.room, limits.remaining, limits.balance) ?? '0';
  const cut = roundDown(least) ?? '0';
  return cut.startsWith('-') ? '0' : cut;
}

// ---- products ----

/** Why a product takes no subscription: its quota is (all but) sold out, its reserve cannot pay another minimum order, or it is paused. */
export type ClosedReason = 'soldOut' | 'reserve' | 'paused';

export interface ProductState {
  open: boolean;
  remaining: string;
  min_amount: string;
  reserve: string;
  promised: string;
  rate_max: string;
  days: number;
}

/** Null when the product is open; else why it is not (the server's `open` decides, this only explains). */
export function closedReason(p: ProductState): ClosedReason | null {
  if (p.open) return null;
  if (compareDecimal(p.remaining, p.min_amount) === -1) return 'soldOut';
  // A minimum order could be promised min × rate_max % × days; the reserve must cover that beside what is promised already.
  const daily = percentOf(p.min_amount, p.rate_max);
  const need = daily === null ? null : multiplyDecimal(daily, String(p.days));
  const free = subtractDecimal(p.reserve, p.promised);
  if (need !== null && need !== PLACEHOLDER && free !== null && compareDecimal(free, need) === -1) return 'reserve';
  return 'paused';
}

/** Share of the quota taken, 0 to 100 (the progress bar only). */
export function takenPercent(totalLocked: string, totalCap: string): number {
  const cap = Number(totalCap);
  const locked = Number(totalLocked);
  if (!(cap > 0) || !Number.isFinite(locked)) return 0;
  return Math.min(100, Math.max(0, (locked / cap) * 100));
}

/** Principal locked by everyone, per coin, in the order the coins first appear. */
export function lockedByCoin(products: { currency: string; currency_id: number; total_locked: string }[]): { currency: string; currency_id: number; locked: string }[] {
  const out: { currency: string; currency_id: number; locked: string }[] = [];
  for (const p of products) {
    const row = out.find((r) => r.currency === p.currency);
    if (row) row.locked = addDecimal(row.locked, p.total_locked) ?? row.locked;
    else out.push({ currency: p.currency, currency_id: p.currency_id, locked: plainDecimal(p.total_locked) });
  }
  return out;
}

/** Holdings in progress across products (a user in two products counts in both). */
export function holdersTotal(products: { holders: number }[]): number {
  return products.reduce((n, p) => n + (Number.isFinite(p.holders) ? p.holders : 0), 0);
}

export interface CategoryStats {
  count: number;
  open: number;
  /** The best top of a daily range among the category's products, null with none. */
  bestRate: string | null;
  /** The shortest and longest lock. */
  minDays: number | null;
  maxDays: number | null;
}

/** What a category card of the Lock tab says about its products. */
export function categoryStats(products: { category: string; open: boolean; rate_max: string; days: number }[], category: LockCategory): CategoryStats {
  const mine = products.filter((p) => p.category === category);
  let bestRate: string | null = null;
  for (const p of mine) if (bestRate === null || compareDecimal(p.rate_max, bestRate) === 1) bestRate = p.rate_max;
  const days = mine.map((p) => p.days);
  return {
    count: mine.length,
    open: mine.filter((p) => p.open).length,
    bestRate,
    minDays: days.length ? Math.min(...days) : null,
    maxDays: days.length ? Math.max(...days) : null,
  };
}

// ---- orders ----

export type OrderState = 'running' | 'redeemed' | 'matured';

export function orderState(status: number): OrderState {
  if (status === 1) return 'redeemed';
  if (status === 2) return 'matured';
  return 'running';
}

/** Paid days as a share of the days, 0 to 100 (the progress bar only). */
export function paidPercent(paid: number, days: number): number {
  if (!(days > 0)) return 0;
  return Math.min(100, Math.max(0, (paid / days) * 100));
}

/**
 * The ended orders as one list: the redeemed and the matured ones (two
 * queries of the server), newest ending first, the first `limit`.
 */
export function mergeEnded<T extends { id: number; ended_at: number | null; created_at: number }>(a: T[], b: T[], limit: number): T[] {
  const at = (o: T) => o.ended_at ?? o.created_at;
  return [...a, ...b].sort((x, y) => at(y) - at(x) || y.id - x.id).slice(0, limit);
}

/** The orders tab in the address: in progress unless it says ended. */
export function ordersTab(value: string | null): 'current' | 'ended' {
  return value === 'ended' ? 'ended' : 'current';
}
