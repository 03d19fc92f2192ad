import { describe, expect, it } from 'vitest';
import { leadFilters, leadStatus, ppmPercent, queueFilters, stateLook } from '../logic';

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

describe('lead-trader applications', () => {
  it('filters by each state of an application, pending first, then all', () => {
    expect(leadFilters().map((f) => [f.key, f.state])).toEqual([
      ['pending', 0],
      ['approved', 1],
      ['rejected', 2],
      ['paused', 3],
      ['retired', 4],
      ['all', undefined],
    ]);
    expect([0, 1, 2, 3, 4].map(leadStatus)).toEqual(['pending', 'approved', 'rejected', 'paused', 'retired']);
  });

  it('shows the share asked in millionths as an exact percent', () => {
    expect(ppmPercent(100_000)).toBe('10%');
    expect(ppmPercent(125_000)).toBe('12.5%');
    expect(ppmPercent(1)).toBe('0.0001%');
    expect(ppmPercent(0)).toBe('0%');
    expect(ppmPercent(300_000)).toBe('30%');
    expect(ppmPercent(-1)).toBe('--');
  });
});
