/**
 * Pure rules of the review screens: the state codes of each queue (deposits
 * and withdrawals count 0 pending, 1 done, 2 rejected, 3 cancelled;
 * verifications 1 pending, 2 verified, 3 failed) and the filters shown.
 */
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
