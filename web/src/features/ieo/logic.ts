/**
 * Pure rules of the IEO screens: how a project's state and countdown read,
 * its progress (which may pass 100 %: oversubscribed, allocated pro rata),
 * the subscription form's checks and the cost it freezes, and how a
 * subscription's state reads. No React, no store: unit-tested in
 * __tests__/logic.test.ts.
 *
 * Amounts stay decimal strings; sums, differences and products work on the
 * digits (BigInt), never on floats.
 */
import { decimalPlaces, fromUnits, sanitizeDecimalInput, subtractDecimal, toUnits } from '../../lib/decimal';
import { compareDecimal, formatPercent, multiplyDecimal } from '../../lib/format';

// ---- decimal helpers (exact; lib/decimal.ts subtracts) ----

/** A non-negative decimal rounded up to `places` decimals ("10.0001", 2 → "10.01"). */
export function ceilDecimal(value: string, places: number): string | null {
  const x = toUnits(value);
  if (!x) return null;
  if (x.scale <= places) return fromUnits(x.units, x.scale);
  const step = 10n ** BigInt(x.scale - places);
  let q = x.units / step;
  if (x.units % step !== 0n && x.units > 0n) q += 1n;
  return fromUnits(q, places);
}

// ---- projects ----

export type ProjectState = 'warmup' | 'live' | 'ended' | 'credited';

/** 0 warm-up, 1 in progress, 2 ended (allocated, awaiting review), 3 credited. */
export function projectState(status: number): ProjectState {
  switch (status) {
    case 0:
      return 'warmup';
    case 1:
      return 'live';
    case 3:
      return 'credited';
    default:
      return 'ended';
  }
}

/** The list's filters: every project, or those of one state. */
export const FILTERS = ['all', 'live', 'warmup', 'ended', 'credited'] as const;
export type Filter = (typeof FILTERS)[number];

export function isFilter(value: unknown): value is Filter {
  return typeof value === 'string' && (FILTERS as readonly string[]).includes(value);
}

/** The `status` the server takes for a filter; undefined for all. */
export function statusOfFilter(filter: Filter): 0 | 1 | 2 | 3 | undefined {
  switch (filter) {
    case 'warmup':
      return 0;
    case 'live':
      return 1;
    case 'ended':
      return 2;
    case 'credited':
      return 3;
    default:
      return undefined;
  }
}

/**
 * How far the device's clock is behind the server's (ms, add it to
 * `Date.now()`): the server's time when it answered minus the device's time
 * when the answer arrived. Zero when either is unknown.
 */
export function clockOffset(serverTime: number | null | undefined, receivedAt: number | null | undefined): number {
  if (!serverTime || !receivedAt || !Number.isFinite(serverTime) || !Number.isFinite(receivedAt)) return 0;
  return serverTime - receivedAt;
}

export interface Countdown {
  /** To the start (warm-up) or to the end (in progress). */
  kind: 'start' | 'end';
  /** Ms left, never below 0. */
  left: number;
}

/** What a project counts down to at `now` (server time); null once it has ended. */
export function countdownOf(p: { status: number; starts_at: number; ends_at: number }, now: number): Countdown | null {
  if (p.status === 0) return { kind: 'start', left: Math.max(0, p.starts_at - now) };
  if (p.status === 1) return { kind: 'end', left: Math.max(0, p.ends_at - now) };
  return null;
}

/** A duration as whole days and "HH:MM:SS" of the rest (cut toward zero). */
export function durationParts(ms: number): { days: number; time: string } {
  const total = Math.max(0, Math.floor((Number.isFinite(ms) ? ms : 0) / 1000));
  const days = Math.floor(total / 86_400);
  const rest = total % 86_400;
  const pad = (n: number) => String(n).padStart(2, '0');
  return { days, time: `${pad(Math.floor(rest / 3600))}:${pad(Math.floor((rest % 3600) / 60))}:${pad(rest % 60)}` };
}

/** The width of the progress bar in percent: the subscribed share, at most 100 (for the picture only). */
export function barPercent(oversubscribed: string | null | undefined): number {
  const n = Number(oversubscribed);
  if (!Number.isFinite(n) || n <= 0) return 0;
  return Math.min(100, n);
}

/** More tokens asked than are on sale: each ask is then granted pro rata. */
export function isOversubscribed(p: { subscribed: string; supply: string }): boolean {
  return compareDecimal(p.subscribed, p.supply) === 1;
}

/** The progress as read: the server's percent with two decimals ("250.00%", "250,00 %" in French). */
export function progressText(oversubscribed: string | null | undefined): string {
  return formatPercent(oversubscribed, 2);
}

/** When the last of the `cycles` equal parts is released (the first at the lock's end). */
export function lastReleaseAt(p: { lock_ends_at: number; cycle_days: number; cycles: number }): number {
  return p.lock_ends_at + Math.max(0, p.cycles - 1) * p.cycle_days * 86_400_000;
}

// ---- the subscription form ----

/**
 * What may be typed in the amount: digits and one point, a comma read as the
 * point like every amount box of the app (lib/decimal.ts; fra, spa and bx
 * keyboards type "12,5"). Decimals beyond the token's are said, not cut.
 */
export function sanitizeAmount(value: string): string {
  let out = sanitizeDecimalInput(value);
  if (out.startsWith('.')) out = `0${out}`;
  return out.replace(/^0+(?=\d)/, '');
}

/** What the caller may still ask under the cap (never below 0); null while not known. */
export function roomLeft(userCap: string, asked: string | null | undefined): string | null {
  if (asked === null || asked === undefined) return null;
  const left = subtractDecimal(userCap, asked);
  if (left === null) return null;
  return left.startsWith('-') ? '0' : left;
}

/** The pay currency frozen for `amount` tokens: amount × price rounded up to the pay currency's decimals. */
export function costOf(amount: string, price: string, payPlaces: number): string | null {
  const product = multiplyDecimal(amount, price);
  if (product === '--') return null;
  return ceilDecimal(product, payPlaces);
}

export interface SubscribeLimits {
  /** Decimals of the token. */
  places: number;
  min: string;
  /** What the caller may still ask; null when not known (a visitor). */
  room: string | null;
  price: string;
  /** Decimals of the pay currency (the cost is rounded up to them). */
  payPlaces: number;
  /** Spot balance of the pay currency; null when not known. */
  balance: string | null;
}

export type AmountIssueKey = 'required' | 'invalid' | 'decimals' | 'belowMin' | 'capReached' | 'overCap' | 'insufficient';

export interface AmountIssue {
  key: AmountIssueKey;
  values?: Record<string, string>;
}

const AMOUNT = /^(0|[1-9]\d*)(\.\d+)?$/;

/** What is wrong with the amount typed, or null when it may be sent. */
export function checkAmount(text: string, l: SubscribeLimits): AmountIssue | null {
  const amount = text.trim();
  if (amount === '') return { key: 'required' };
  if (!AMOUNT.test(amount) || !/[1-9]/.test(amount)) return { key: 'invalid' };
  if (decimalPlaces(amount) > l.places) return { key: 'decimals', values: { places: String(l.places) } };
  if (compareDecimal(amount, l.min) === -1) return { key: 'belowMin', values: { min: l.min } };
  if (l.room !== null) {
    if (compareDecimal(l.room, '0') !== 1) return { key: 'capReached' };
    if (compareDecimal(amount, l.room) === 1) return { key: 'overCap', values: { room: l.room } };
  }
  if (l.balance !== null) {
    const cost = costOf(amount, l.price, l.payPlaces);
    if (cost !== null && compareDecimal(cost, l.balance) === 1) return { key: 'insufficient', values: { cost, balance: l.balance } };
  }
  return null;
}

// ---- subscriptions ----

export type OrderState = 'subscribed' | 'allocated' | 'credited' | 'released';

/** 0 subscribed (cost frozen), 1 allocated (refund returned), 2 credited (locked, releasing), 3 fully released. */
export function orderState(status: number): OrderState {
  switch (status) {
    case 1:
      return 'allocated';
    case 2:
      return 'credited';
    case 3:
      return 'released';
    default:
      return 'subscribed';
  }
}
