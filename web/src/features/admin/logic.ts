/**
 * Pure rules of the review screens: the state codes of each queue (deposits
 * and withdrawals count 0 pending, 1 done, 2 rejected, 3 cancelled;
 * verifications 1 pending, 2 verified, 3 failed) and the filters shown.
 */
import { formatPercent, PLACEHOLDER } from '../../lib/format';

export type QueueKindName = 'deposits' | 'withdrawals' | 'verifications';

export type QueueStatus = 'pending' | 'approved' | 'rejected' | 'cancelled' | 'all';

export interface QueueFilter {
  key: QueueStatus;
  /** The `state` sent to the server; undefined lists every state. */
  state: number | undefined;
}

const MONEY_STATES: Record<number, QueueStatus> = { 0: 'pending', 1: 'approved', 2: 'rejected', 3: 'cancelled' };
const VERIFY_STATES: Record<number, QueueStatus> = { 1: 'pending', 2: 'approved', 3: 'rejected' };

export function queueFilters(kind: QueueKindName): QueueFilter[] {
  if (kind === 'verifications') {
    return [
      { key: 'pending', state: 1 },
      { key: 'approved', state: 2 },
      { key: 'rejected', state: 3 },
      { key: 'all', state: undefined },
    ];
  }
  const filters: QueueFilter[] = [
    { key: 'pending', state: 0 },
    { key: 'approved', state: 1 },
    { key: 'rejected', state: 2 },
  ];
  if (kind === 'withdrawals') filters.push({ key: 'cancelled', state: 3 });
  filters.push({ key: 'all', state: undefined });
  return filters;
}

/** How a request's state reads, and the state it takes once approved or rejected. */
export function stateLook(kind: QueueKindName, state: number): { status: QueueStatus; approvedState: number; rejectedState: number } {
  if (kind === 'verifications') return { status: VERIFY_STATES[state] ?? 'pending', approvedState: 2, rejectedState: 3 };
  return { status: MONEY_STATES[state] ?? 'pending', approvedState: 1, rejectedState: 2 };
}

/** How an actor's report looks on the health screen. */
export type HealthLevel = 'ok' | 'warn' | 'fail';

const LEVELS: HealthLevel[] = ['ok', 'warn', 'fail'];
const worst = (...levels: HealthLevel[]): HealthLevel => LEVELS[Math.max(...levels.map((l) => LEVELS.indexOf(l)))];

/** Messages waiting: a few are normal under load, hundreds mean the actor is behind. */
export const BACKLOG_WARN = 50;
export const BACKLOG_FAIL = 1000;
/** Every actor today works on a timer (ticks, rounds, fan-out): silence means stuck. */
export const SILENT_WARN_MS = 10_000;
export const SILENT_FAIL_MS = 60_000;

export function backlogLevel(backlog: number): HealthLevel {
  if (backlog >= BACKLOG_FAIL) return 'fail';
  return backlog >= BACKLOG_WARN ? 'warn' : 'ok';
}

/** How long since the actor last handled a message, by the server's clock; null if never. */
export function silentFor(lastMessageAt: number | null, at: number): number | null {
  return lastMessageAt === null ? null : Math.max(0, at - lastMessageAt);
}

export function silenceLevel(silentMs: number | null): HealthLevel {
  if (silentMs === null) return 'warn';
  if (silentMs >= SILENT_FAIL_MS) return 'fail';
  return silentMs >= SILENT_WARN_MS ? 'warn' : 'ok';
}

/** The actor's overall level: its own checks, its backlog and its silence, whichever is worst. */
export function actorLevel(a: { status: HealthLevel; backlog: number; last_message_at: number | null }, at: number): HealthLevel {
  return worst(a.status, backlogLevel(a.backlog), silenceLevel(silentFor(a.last_message_at, at)));
}

/** "850 ms", "12 s", "3 min", "2 h": how long ago, short enough for a phone row. */
export function shortAge(ms: number): { value: number; unit: 'ms' | 's' | 'min' | 'h' } {
  if (ms < 1000) return { value: Math.round(ms), unit: 'ms' };
  if (ms < 60_000) return { value: Math.floor(ms / 1000), unit: 's' };
  if (ms < 3_600_000) return { value: Math.floor(ms / 60_000), unit: 'min' };
  return { value: Math.floor(ms / 3_600_000), unit: 'h' };
}

/** Counts of actors by level, for the summary line. */
export function levelCounts(levels: HealthLevel[]): Record<HealthLevel, number> {
  const counts: Record<HealthLevel, number> = { ok: 0, warn: 0, fail: 0 };
  for (const l of levels) counts[l] += 1;
  return counts;
}

/** States of a lead-trader application (copy_traders.status) and the filters of its review list. */
export type LeadStatus = 'pending' | 'approved' | 'rejected' | 'paused' | 'retired' | 'all';

const LEAD_STATES: Record<number, LeadStatus> = { 0: 'pending', 1: 'approved', 2: 'rejected', 3: 'paused', 4: 'retired' };

export function leadFilters(): { key: LeadStatus; state: number | undefined }[] {
  return [
    { key: 'pending', state: 0 },
    { key: 'approved', state: 1 },
    { key: 'rejected', state: 2 },
    { key: 'paused', state: 3 },
    { key: 'retired', state: 4 },
    { key: 'all', state: undefined },
  ];
}

export function leadStatus(state: number): LeadStatus {
  return LEAD_STATES[state] ?? 'pending';
}

/** A share in millionths as a percent in the language's form ("100000" → "10%", "125000" → "12.5%", "12,5 %" in French), exactly. */
export function ppmPercent(ppm: number): string {
  if (!Number.isInteger(ppm) || ppm < 0) return PLACEHOLDER;
  const whole = Math.floor(ppm / 10_000);
  const frac = String(ppm % 10_000).padStart(4, '0');
  return formatPercent(`${whole}.${frac}`, 4, { trim: true });
}
