/**
 * Pure rules of the copy-trading screens: the list's sorts and figures, the
 * follow form's checks and the parameters it sends, the apply form's checks,
 * and how states, reasons and ratios read. No React, no store: unit-tested in
 * __tests__/logic.test.ts.
 *
 * Amounts stay decimal strings; percent ⇄ ratio conversions move the decimal
 * point on the digits (never through floats), so "12.5" % is sent as exactly
 * "0.125".
 */
import type { Lang } from '../../lib/constants';
import { decimalPlaces } from '../../lib/decimal';
import { compareDecimal, formatDateTime, formatPercent, groupThousands, parseDecimal, PLACEHOLDER } from '../../lib/format';
import { COPY_ROUTES } from '../../shared/copytrade/routes';

/** The coin contracts (and so copies, margins and profit shares) are settled in. */
export const COPY_COIN = 'USDT';

/** Bounds the server checks too (config/default.toml `[copy]`), so the form can say so before sending. */
export const LIMITS = {
  multipleMin: '0.01',
  multipleMax: '10',
  lotsMax: '100',
  /** Take-profit and stop-loss of a copy, as a percent of its margin: up to 1000 % (ratio 10). */
  ratioMaxPercent: '1000',
  shareMaxPercent: '30',
  maxFollowers: 10_000,
  nameMin: 2,
  nameMax: 20,
  introMin: 10,
  introMax: 300,
} as const;

// ---- the list ----

export const SORTS = ['return', 'profit', 'accuracy', 'followers'] as const;
export type Sort = (typeof SORTS)[number];

export function isSort(value: unknown): value is Sort {
  return typeof value === 'string' && (SORTS as readonly string[]).includes(value);
}

/** What the list needs of a trader to tell whether another follower fits. */
export interface RoomOf {
  status: number;
  followers: number;
  max_followers: number;
}

/** Open to a new follow: not paused, and below the follower cap. */
export function hasRoom(t: RoomOf): boolean {
  return t.status === 1 && t.followers < t.max_followers;
}

/** When the list's figures were last computed (the newest of the cards); null before the first time. */
export function latestComputedAt(cards: { computed_at: number }[]): number | null {
  const at = cards.reduce((m, c) => Math.max(m, c.computed_at || 0), 0);
  return at > 0 ? at : null;
}

/**
 * When figures were computed, as their "as of": the time (HH:MM) on the day
 * they are read, the date and time on another; null before the first time.
 */
export function asOfText(ms: number | null | undefined, now: number = Date.now()): string | null {
  if (!ms || !Number.isFinite(ms)) return null;
  const full = formatDateTime(ms);
  return full.slice(0, 10) === formatDateTime(now).slice(0, 10) ? full.slice(11) : full;
}

/**
 * A percent string of the server ("12.34", "-3.10") as a signed percentage
 * with two decimals in the language's form ("+12.34%", "+12,34 %"); "--"
 * when there is none yet.
 */
export function percentText(value: string | null | undefined, { sign = true } = {}): string {
  return formatPercent(value ?? null, 2, { sign });
}

/** Latency of copies in ms ("12 ms"), "--" before any copy was measured. */
export function latencyText(ms: number | null | undefined): string {
  return ms === null || ms === undefined || !Number.isFinite(ms) ? PLACEHOLDER : `${Math.round(ms)} ms`;
}

/**
 * Points of a chart series as numbers: for the picture only (recharts needs
 * numbers), never for money; a value that is not a number is left out.
 */
export function chartPoints(points: { day: string; value: string }[]): { day: string; value: number }[] {
  return points
    .map((p) => ({ day: p.day, value: Number(p.value) }))
    .filter((p) => Number.isFinite(p.value));
}

/**
 * A chart axis label: short (the axis is 48 px wide), for the picture only:
 * K and M above a thousand and a million, else at most 2 decimals (3 below 1).
 */
export function axisLabel(n: number): string {
  if (!Number.isFinite(n)) return '';
  const abs = Math.abs(n);
  // The language's decimal mark, as beside the chart ("-1.15" reads "-1,15" in French).
  if (abs >= 1_000_000) return groupThousands(`${+(n / 1_000_000).toFixed(1)}M`);
  if (abs >= 1000) return groupThousands(`${+(n / 1000).toFixed(1)}K`);
  const places = abs >= 100 ? 0 : abs >= 1 ? 2 : 3;
  return groupThousands(String(+n.toFixed(places)));
}

// ---- decimal helpers ----

/** Moves the decimal point of a decimal string by `places` (negative: to the left), exactly. */
export function shiftDecimal(value: string, places: number): string | null {
  const p = parseDecimal(value);
  if (!p) return null;
  let int = p.int;
  let frac = p.frac;
  if (places > 0) {
    const moved = frac.padEnd(places, '0');
    int = `${int}${moved.slice(0, places)}`;
    frac = moved.slice(places);
  } else if (places < 0) {
    const n = -places;
    const padded = int.padStart(n + 1, '0');
    frac = `${padded.slice(padded.length - n)}${frac}`;
    int = padded.slice(0, padded.length - n);
  }
  int = int.replace(/^0+(?=\d)/, '') || '0';
  frac = frac.replace(/0+$/, '');
  const zero = /^0+$/.test(int) && frac === '';
  return `${p.negative && !zero ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}

const POSITIVE_DECIMAL = /^(0|[1-9]\d*)(\.\d+)?$/;

/** A positive decimal with at most `places` decimals. */
export function isPositiveDecimal(value: string, places: number): boolean {
  const v = value.trim();
  return POSITIVE_DECIMAL.test(v) && /[1-9]/.test(v) && decimalPlaces(v) <= places;
}

/**
 * Keeps what may be typed in a decimal field: digits and one point, at most
 * `places` decimals (the spec's "fractional lots 2 decimals": a third decimal
 * simply does not go in).
 */
export function sanitizeDecimal(value: string, places: number): string {
  let out = value.replace(/[^\d.]/g, '');
  const dot = out.indexOf('.');
  if (dot >= 0) out = `${out.slice(0, dot + 1)}${out.slice(dot + 1).replace(/\./g, '')}`;
  if (places === 0) return out.replace('.', '');
  if (dot >= 0) out = out.slice(0, dot + 1 + places);
  if (out.startsWith('.')) out = `0${out}`;
  return out.replace(/^0+(?=\d)/, '');
}

// ---- the follow form ----

/** 1: a multiple of the leader's lots; 2: fixed lots per copy. */
export type FollowMode = 1 | 2;

export interface FollowValues {
  mode: FollowMode;
  amount: string;
  maxMargin: string;
  /** Percent of a copy's margin, empty for none. */
  tpPercent: string;
  slPercent: string;
  /** The loss (USDT) that ends the follow, empty for none. */
  stopLoss: string;
  agree: boolean;
}

export type FollowField = 'amount' | 'maxMargin' | 'tpPercent' | 'slPercent' | 'stopLoss' | 'agree';

/** Locale keys (under `copytrade.errors.`) of what is wrong, by field; empty when the form may be sent. */
export type FollowErrors = Partial<Record<FollowField, { key: string; args?: Record<string, string> }>>;

/** Decimals a margin or stop amount may have (the contracts' coin holds 6; 8 would be refused). */
export const MONEY_PLACES = 6;

function within(value: string, min: string, max: string): boolean {
  return compareDecimal(value, min) !== -1 && compareDecimal(value, max) !== 1;
}

/** Checks a follow form; `editing` forms need no agreement (it was given when the follow started). */
export function checkFollow(v: FollowValues, editing: boolean): FollowErrors {
  const errors: FollowErrors = {};
  const amount = v.amount.trim();
  if (amount === '') errors.amount = { key: v.mode === 1 ? 'multipleRequired' : 'lotsRequired' };
  else if (v.mode === 1) {
    if (!isPositiveDecimal(amount, 2) || !within(amount, LIMITS.multipleMin, LIMITS.multipleMax)) {
      errors.amount = { key: 'multipleRange', args: { min: LIMITS.multipleMin, max: LIMITS.multipleMax } };
    }
  } else if (!isPositiveDecimal(amount, 2) || compareDecimal(amount, LIMITS.lotsMax) === 1) {
    errors.amount = { key: 'lotsRange', args: { max: LIMITS.lotsMax } };
  }
  const margin = v.maxMargin.trim();
  if (margin === '') errors.maxMargin = { key: 'marginRequired' };
  else if (!isPositiveDecimal(margin, MONEY_PLACES)) errors.maxMargin = { key: 'marginInvalid' };
  for (const field of ['tpPercent', 'slPercent'] as const) {
    const text = v[field].trim();
    if (text === '' || /^0*(\.0*)?$/.test(text)) continue;
    if (!isPositiveDecimal(text, 4) || compareDecimal(text, LIMITS.ratioMaxPercent) === 1) {
      errors[field] = { key: 'ratioRange', args: { max: LIMITS.ratioMaxPercent } };
    }
  }
  const stop = v.stopLoss.trim();
  if (stop !== '' && !/^0*(\.0*)?$/.test(stop) && !isPositiveDecimal(stop, MONEY_PLACES)) errors.stopLoss = { key: 'stopInvalid' };
  if (!editing && !v.agree) errors.agree = { key: 'agreeRequired' };
  return errors;
}

/** What POST follow/follow gets. */
export interface FollowParams {
  trader_id: number;
  id?: number;
  mode: FollowMode;
  amount: string;
  max_margin: string;
  tp_ratio: string;
  sl_ratio: string;
  stop_loss: string;
  agree?: 1;
}

/** An optional percent as the ratio the server takes ("50" → "0.5"); "0" for none. */
export function percentToRatio(percent: string): string {
  const text = percent.trim();
  if (text === '') return '0';
  return shiftDecimal(text, -2) ?? '0';
}

/** The form as sent: ratios from percents, "0" for an optional value left empty. */
export function followParams(traderId: number, v: FollowValues, id?: number): FollowParams {
  const params: FollowParams = {
    trader_id: traderId,
    mode: v.mode,
    amount: v.amount.trim(),
    max_margin: v.maxMargin.trim(),
    tp_ratio: percentToRatio(v.tpPercent),
    sl_ratio: percentToRatio(v.slPercent),
    stop_loss: v.stopLoss.trim() === '' ? '0' : v.stopLoss.trim(),
  };
  if (id !== undefined) params.id = id;
  else params.agree = 1;
  return params;
}

/** What a follow already holds, to fill the form when it is changed. */
export interface FollowTerms {
  mode: number;
  amount: string;
  max_margin: string;
  /** Percents ("50.00"), null for none. */
  tp_ratio: string | null;
  sl_ratio: string | null;
  stop_loss: string | null;
}

/** A percent or amount of the server as a form value: trailing zeros off, empty for none. */
function formValue(value: string | null): string {
  if (value === null) return '';
  const shifted = shiftDecimal(value, 0);
  return shifted === null || shifted === '0' ? '' : shifted;
}

export function valuesOf(f: FollowTerms): FollowValues {
  return {
    mode: f.mode === 2 ? 2 : 1,
    amount: formValue(f.amount),
    maxMargin: formValue(f.max_margin),
    tpPercent: formValue(f.tp_ratio),
    slPercent: formValue(f.sl_ratio),
    stopLoss: formValue(f.stop_loss),
    agree: true,
  };
}

export const EMPTY_FOLLOW: FollowValues = {
  mode: 1,
  amount: '1',
  maxMargin: '',
  tpPercent: '',
  slPercent: '',
  stopLoss: '',
  agree: false,
};

/** The follow form for a trader; with `id`, to change that follow. */
export function followRoute(traderId: number, id?: number): string {
  return `${COPY_ROUTES.follow}?trader_id=${traderId}${id !== undefined ? `&id=${id}` : ''}`;
}

/** The agreement page in the reader's language: Chinese for zh, English for every other. */
export function agreementRoute(lang: Lang): string {
  return lang === 'zh' ? COPY_ROUTES.agreementZh : COPY_ROUTES.agreementEn;
}

// ---- follows, receipts, skips ----

/** A follow's state as read: following, edited (changed terms, still following) or ended. */
export function followStateKey(status: number): 'following' | 'edited' | 'ended' {
  if (status === 3) return 'ended';
  return status === 2 ? 'edited' : 'following';
}

export const END_REASONS = ['cancel_close', 'cancel_keep', 'stop_loss', 'trader_retired'] as const;
export const SKIP_REASONS = ['too_small', 'over_cap', 'insufficient_margin'] as const;

/** Locale key (under `copytrade.`) of an end reason or skip reason; `other` for one the app does not know. */
export function endReasonKey(reason: string | null | undefined): string | null {
  if (!reason) return null;
  return (END_REASONS as readonly string[]).includes(reason) ? `endReason.${reason}` : 'endReason.other';
}

export function skipReasonKey(reason: string): string {
  return (SKIP_REASONS as readonly string[]).includes(reason) ? `skipReason.${reason}` : 'skipReason.other';
}

/** A copy that may still be kept as the follower's own: open and not already kept. */
export function canSelfHold(r: { status: number; self_held: number }): boolean {
  return r.status === 1 && r.self_held === 0;
}

/** How a copy reads: open, kept as one's own, or closed. */
export function receiptStateKey(r: { status: number; self_held: number }): 'open' | 'selfHeld' | 'closed' {
  if (r.self_held === 1) return 'selfHeld';
  return r.status === 1 ? 'open' : 'closed';
}

// ---- becoming a trader ----

/** The caller's lead-trader state (follow/myTrader): 0 applied, 1 approved, 2 rejected, 3 paused, 4 retired. */
export type TraderState = 'none' | 'pending' | 'approved' | 'rejected' | 'paused' | 'retired';

export function traderState(status: number | null | undefined): TraderState {
  switch (status) {
    case 0:
      return 'pending';
    case 1:
      return 'approved';
    case 2:
      return 'rejected';
    case 3:
      return 'paused';
    case 4:
      return 'retired';
    default:
      return 'none';
  }
}

export type TraderAction = 'pause' | 'resume' | 'retire';

/** What a trader may do in a state. */
export function traderActions(state: TraderState): TraderAction[] {
  if (state === 'approved') return ['pause', 'retire'];
  if (state === 'paused') return ['resume', 'retire'];
  return [];
}

/** Whether the apply form shows: never applied, or rejected or retired (who may apply again). */
export function mayApply(state: TraderState): boolean {
  return state === 'none' || state === 'rejected' || state === 'retired';
}

export interface ApplyValues {
  name: string;
  intro: string;
  /** Percent of followers' profit (0 to 30). */
  sharePercent: string;
  maxFollowers: string;
}

export type ApplyField = keyof ApplyValues;
export type ApplyErrors = Partial<Record<ApplyField, { key: string; args?: Record<string, string> }>>;

export function checkApply(v: ApplyValues): ApplyErrors {
  const errors: ApplyErrors = {};
  const name = [...v.name.trim()].length;
  if (name < LIMITS.nameMin || name > LIMITS.nameMax) {
    errors.name = { key: 'nameLength', args: { min: String(LIMITS.nameMin), max: String(LIMITS.nameMax) } };
  }
  const intro = [...v.intro.trim()].length;
  if (intro < LIMITS.introMin || intro > LIMITS.introMax) {
    errors.intro = { key: 'introLength', args: { min: String(LIMITS.introMin), max: String(LIMITS.introMax) } };
  }
  const share = v.sharePercent.trim();
  const shareOk = share === '' || (/^(0|[1-9]\d*)(\.\d{1,2})?$/.test(share) && compareDecimal(share, LIMITS.shareMaxPercent) !== 1);
  if (!shareOk) errors.sharePercent = { key: 'shareRange', args: { max: LIMITS.shareMaxPercent } };
  const max = v.maxFollowers.trim();
  if (!/^[1-9]\d*$/.test(max) || Number(max) > LIMITS.maxFollowers) {
    errors.maxFollowers = { key: 'maxFollowersRange', args: { max: String(LIMITS.maxFollowers) } };
  }
  return errors;
}

export function applyParams(v: ApplyValues): { name: string; intro: string; share_rate: string; max_followers: number } {
  return {
    name: v.name.trim(),
    intro: v.intro.trim(),
    share_rate: percentToRatio(v.sharePercent),
    max_followers: Number(v.maxFollowers.trim()),
  };
}

// ---- an open copy, live ----

/** What a receipt holds of its live figures (api.ts `Receipt`). */
export interface LiveFigures {
  id: number;
  /** 1 holding, 3 closed. */
  status: number;
  mark_price: string | null;
  unrealised: string | null;
}

/** One position of the `lever_trade` event (the contract actor's marks, about once a second). */
export interface LiveMark {
  id: number;
  profit: string;
  mark_price: string;
}

/**
 * Takes a `lever_trade` event's positions into the receipts it names, as the
 * contract screens take them into their positions: an open copy's mark price
 * and unrealised profit become the event's. A closed copy keeps its realised
 * figures (an event from just before the close must not bring them back),
 * and a payload that is not a list of positions changes nothing. Answers how
 * many receipts changed.
 */
export function applyLiveMarks(receipts: LiveFigures[], payload: unknown): number {
  const positions = (payload as { positions?: unknown } | null)?.positions;
  if (!Array.isArray(positions)) return 0;
  let changed = 0;
  for (const p of positions as Partial<LiveMark>[]) {
    if (typeof p?.id !== 'number' || typeof p.profit !== 'string' || typeof p.mark_price !== 'string') continue;
    const r = receipts.find((x) => x.id === p.id);
    if (!r || r.status !== 1) continue;
    if (r.unrealised === p.profit && r.mark_price === p.mark_price) continue;
    r.unrealised = p.profit;
    r.mark_price = p.mark_price;
    changed += 1;
  }
  return changed;
}

/** The profit a receipt shows: unrealised while the copy is open, realised once closed; null when not known yet. */
export function receiptProfit(r: { status: number; profit: string | null; unrealised: string | null }): {
  kind: 'unrealised' | 'realised';
  value: string | null;
} {
  return r.status === 1 ? { kind: 'unrealised', value: r.unrealised } : { kind: 'realised', value: r.profit };
}
