import { describe, expect, it } from 'vitest';
import { queueFilters, stateLook } from '../logic';

describe('review queue states', () => {
  it('filters deposits by 0 pending, 1 approved, 2 rejected, or all', () => {
    expect(queueFilters('deposits')).toEqual([
      { key: 'pending', state: 0 },
      { key: 'approved', state: 1 },
      { key: 'rejected', state: 2 },
      { key: 'all', state: undefined },
    ]);
  });

  it('adds the cancelled withdrawals', () => {
    expect(queueFilters('withdrawals').map((f) => f.key)).toEqual(['pending', 'approved', 'rejected', 'cancelled', 'all']);
  });

  it('counts verifications from 1 verifying', () => {
    expect(queueFilters('verifications')[0]).toEqual({ key: 'pending', state: 1 });
    expect(stateLook('verifications', 1)).toEqual({ status: 'pending', approvedState: 2, rejectedState: 3 });
    expect(stateLook('verifications', 3).status).toBe('rejected');
  });

  it('reads a withdrawal state and what a decision turns it into', () => {
    expect(stateLook('withdrawals', 3).status).toBe('cancelled');
    expect(stateLook('deposits', 0)).toEqual({ status: 'pending', approvedState: 1, rejectedState: 2 });
  });
});
