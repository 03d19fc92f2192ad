/**
 * Pure maths of the contract and seconds-option screens (docs/contracts.md).
 * Money stays in decimal strings: every value is scaled to an integer of
 * 10^-SCALE (BigInt) before any arithmetic, never a float. Fees and margins
 * shown before submitting round up like the server does for what it charges.
 */
import { formatPercent, parseDecimal, PLACEHOLDER } from '../../lib/format';

/** The server keeps amounts in units of 10^-8. */
export const SCALE = 8;
const ONE = 10n ** BigInt(SCALE);

/** A decimal string as an integer of 10^-SCALE (cut toward zero past SCALE); null when invalid. */
export function toUnits(value: string | number | null | undefined): bigint | null {
  const p = parseDecimal(value);
  if (!p) return null;
  const frac = p.frac.slice(0, SCALE).padEnd(SCALE, '0');
  const n = BigInt(p.int) * ONE + BigInt(frac);
  return p.negative ? -n : n;
}

/** An integer of 10^-SCALE back to a plain decimal string without trailing zeros. */
export function fromUnits(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const int = abs / ONE;
  const frac = (abs % ONE).toString().padStart(SCALE, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}

/** a / b rounded up (away from zero for positive values) to SCALE decimals. */
function divCeil(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b === 0n || a < 0n !== b < 0n ? q : q + 1n;
}

/** Exact a + b of two decimal strings; "--" when either is invalid. */
export function addDecimal(a: string, b: string): string {
  const x = toUnits(a);
  const y = toUnits(b);
  return x === null || y === null ? PLACEHOLDER : fromUnits(x + y);
}

/** Exact a − b of two decimal strings; "--" when either is invalid. */
export function subDecimal(a: string, b: string): string {
  const x = toUnits(a);
  const y = toUnits(b);
  return x === null || y === null ? PLACEHOLDER : fromUnits(x - y);
}

/** -1, 0 or 1 as a is below, equal to or above b; null when either is invalid. */
export function compareDecimal(a: string | null | undefined, b: string | null | undefined): -1 | 0 | 1 | null {
  const x = toUnits(a);
  const y = toUnits(b);
  if (x === null || y === null) return null;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** True for a decimal string above zero. */
export function isPositive(value: string | null | undefined): boolean {
  const x = toUnits(value);
  return x !== null && x > 0n;
}

/** a × b, rounded up to SCALE decimals. */
function mulCeil(a: bigint, b: bigint): bigint {
  return divCeil(a * b, ONE);
}

export interface ContractQuote {
  /** Notional: price × lots × units per lot. */
  notional: string;
  /** Margin: notional / leverage multiple (rounded up to 10^-8). */
  margin: string;
  /** Opening fee: notional × fee rate (rounded up to 10^-8). */
  fee: string;
  /** Margin + fee: what the lever balance must hold. */
  cost: string;
}

/**
 * What opening a contract costs, from the price, the lots, the units per lot
 * (`lever_share_num`), the multiple and the fee rate (`lever_trade_fee`).
 * Null when an input is missing or not positive.
 */
export function contractQuote(
  price: string | null | undefined,
  lots: number | string,
  unitsPerLot: string | null | undefined,
  multiple: number | string,
  feeRate: string | null | undefined,
): ContractQuote | null {
  const p = toUnits(price);
  const l = toUnits(String(lots));
  const u = toUnits(unitsPerLot);
  const m = toUnits(String(multiple));
  const f = toUnits(feeRate);
  if (p === null || l === null || u === null || m === null || f === null) return null;
  if (p <= 0n || l <= 0n || u <= 0n || m <= 0n || f < 0n) return null;
  // price × lots × units: exact product of three SCALE-scaled numbers, scaled back once per factor.
  const exact = p * l * u; // scale 3×SCALE
  const notional = divCeil(exact, ONE * ONE);
  const margin = divCeil(exact, ONE * m);
  const fee = divCeil(exact * f, ONE * ONE * ONE);
  return {
    notional: fromUnits(notional),
    margin: fromUnits(margin),
    fee: fromUnits(fee),
    cost: fromUnits(margin + fee),
  };
}

/** Fee of a seconds option: stake × fee rate, rounded up. */
export function optionFee(amount: string, feeRate: string): string {
  const a = toUnits(amount);
  const r = toUnits(feeRate);
  if (a === null || r === null || a <= 0n || r < 0n) return PLACEHOLDER;
  return fromUnits(mulCeil(a, r));
}

/** Expected profit of a winning seconds option: stake × payout ratio, rounded down. */
export function optionProfit(amount: string, ratio: string): string {
  const a = toUnits(amount);
  const r = toUnits(ratio);
  if (a === null || r === null || a <= 0n || r < 0n) return PLACEHOLDER;
  return fromUnits((a * r) / ONE);
}

/** A payout ratio ("0.85") as a percentage ("85%", "85 %" in French). */
export function ratioPercent(ratio: string | null | undefined): string {
  const r = toUnits(ratio);
  if (r === null) return PLACEHOLDER;
  return formatPercent(fromUnits(r * 100n), 8, { trim: true });
}

/** Whether a typed amount is a valid positive decimal with at most `places` decimals. */
export function isAmount(value: string, places = SCALE): boolean {
  return new RegExp(`^\\d+(\\.\\d{1,${places}})?$`).test(value.trim()) && isPositive(value.trim());
}

/** Whole milliseconds left until `target`, never negative. */
export function remainingMs(target: number, now: number): number {
  return Math.max(0, target - now);
}

/**
 * A countdown as the options screen shows it: "00:29" below an hour,
 * "1:02:03" above; rounds the remaining time up so 0.2 s left shows "00:01".
 */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}

/** Share of the duration already elapsed, 0..1, for a progress ring. */
export function elapsedShare(openedAt: number, expiresAt: number, now: number): number {
  const span = expiresAt - openedAt;
  if (span <= 0) return 1;
  return Math.min(1, Math.max(0, (now - openedAt) / span));
}

/** Option outcome codes of the server: 1 win, 2 lose, 3 tie (0 open). */
export type OptionOutcome = 'win' | 'lose' | 'tie' | 'open';

export function outcomeOf(code: number | null | undefined): OptionOutcome {
  if (code === 1) return 'win';
  if (code === 2) return 'lose';
  if (code === 3) return 'tie';
  return 'open';
}

/** Close reasons the server records on a closed contract. */
export const CLOSE_REASONS = [
  'user',
  'take_profit',
  'stop_loss',
  'liquidation',
  'overnight',
  'leader_close',
  'follow_cancel',
] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];

export function isCloseReason(value: unknown): value is CloseReason {
  return typeof value === 'string' && (CLOSE_REASONS as readonly string[]).includes(value);
}

/** How a position's risk rate reads: safe, worth watching, or close to liquidation. */
export type RiskTone = 'safe' | 'watch' | 'danger';

/**
 * The tone of a risk rate in percent ((margin + unrealised profit) ÷ margin):
 * a fresh position sits near 100 % and is safe; below 80 % losses are eating the
 * margin; at twice the maintenance ratio or less liquidation is near.
 */
export function riskTone(ratePct: string | null | undefined, maintenancePct = 10): RiskTone | null {
  const rate = Number(ratePct);
  if (ratePct === null || ratePct === undefined || ratePct === '' || !Number.isFinite(rate)) return null;
  if (rate <= maintenancePct * 2) return 'danger';
  return rate < 80 ? 'watch' : 'safe';
}

export const RISK_COLORS: Record<RiskTone, string> = {
  safe: 'var(--bourse-up)',
  watch: 'var(--bourse-primary)',
  danger: 'var(--bourse-down)',
};

/** How a position stands to copy trading: not a copy, a copy still following its leader, or a copy held as one's own. */
export function copyState(order: { follow_id?: number | null; self_held?: number }): 'none' | 'following' | 'own' {
  if (order.follow_id == null) return 'none';
  return order.self_held === 1 ? 'own' : 'following';
}

/** Lots as shown: a copy may hold hundredths of a lot (`lots`), other orders whole lots (`share`). */
export function lotsOf(order: { share: number; lots?: string }): string {
  return order.lots ?? String(order.share);
}
