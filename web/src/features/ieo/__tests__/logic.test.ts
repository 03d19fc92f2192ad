import { describe, expect, it } from 'vitest';
import {
  barPercent,
  ceilDecimal,
  checkAmount,
  clockOffset,
  costOf,
  countdownOf,
  durationParts,
  isFilter,
  isOversubscribed,
  lastReleaseAt,
  orderState,
  progressText,
  projectState,
  roomLeft,
  sanitizeAmount,
  statusOfFilter,
  type SubscribeLimits,
} from '../logic';

const limits = (over: Partial<SubscribeLimits> = {}): SubscribeLimits => ({
  places: 4,
  min: '10',
  room: '50000',
  price: '0.1',
  payPlaces: 6,
  balance: '10000',
  ...over,
});

describe('a project', () => {
  it('reads its four states', () => {
    expect([0, 1, 2, 3].map(projectState)).toEqual(['warmup', 'live', 'ended', 'credited']);
  });

  it('filters by one state or none', () => {
    expect(isFilter('live')).toBe(true);
    expect(isFilter('sold')).toBe(false);
    expect(statusOfFilter('all')).toBeUndefined();
    expect(statusOfFilter('warmup')).toBe(0);
    expect(statusOfFilter('live')).toBe(1);
    expect(statusOfFilter('ended')).toBe(2);
    expect(statusOfFilter('credited')).toBe(3);
  });

  it('corrects the device clock by the server time', () => {
    expect(clockOffset(10_000, 7_000)).toBe(3_000);
    expect(clockOffset(7_000, 10_000)).toBe(-3_000);
    expect(clockOffset(0, 10_000)).toBe(0);
    expect(clockOffset(10_000, undefined)).toBe(0);
  });

  it('counts down to the start in warm-up, to the end in progress, and not once ended', () => {
    const p = { starts_at: 10_000, ends_at: 50_000 };
    expect(countdownOf({ ...p, status: 0 }, 4_000)).toEqual({ kind: 'start', left: 6_000 });
    expect(countdownOf({ ...p, status: 1 }, 20_000)).toEqual({ kind: 'end', left: 30_000 });
    expect(countdownOf({ ...p, status: 1 }, 60_000)).toEqual({ kind: 'end', left: 0 });
    expect(countdownOf({ ...p, status: 2 }, 20_000)).toBeNull();
    expect(countdownOf({ ...p, status: 3 }, 20_000)).toBeNull();
  });

  it('splits a duration into days and HH:MM:SS, cut toward zero', () => {
    expect(durationParts(0)).toEqual({ days: 0, time: '00:00:00' });
    expect(durationParts(59_999)).toEqual({ days: 0, time: '00:00:59' });
    expect(durationParts(((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000 + 999)).toEqual({ days: 2, time: '03:04:05' });
    expect(durationParts(-5)).toEqual({ days: 0, time: '00:00:00' });
  });

  it('fills the bar up to 100 % and says when it is oversubscribed', () => {
    expect(barPercent('40.50')).toBe(40.5);
    expect(barPercent('250.00')).toBe(100);
    expect(barPercent('x')).toBe(0);
    expect(isOversubscribed({ subscribed: '2500000', supply: '1000000' })).toBe(true);
    expect(isOversubscribed({ subscribed: '1000000', supply: '1000000' })).toBe(false);
    expect(isOversubscribed({ subscribed: '10', supply: '1000000' })).toBe(false);
    expect(progressText('250')).toBe('250.00%');
    expect(progressText('0.125')).toBe('0.12%');
    expect(progressText(null)).toBe('--');
  });

  it('releases the last part cycles − 1 cycles after the lock ends', () => {
    const day = 86_400_000;
    expect(lastReleaseAt({ lock_ends_at: 1000, cycle_days: 30, cycles: 4 })).toBe(1000 + 90 * day);
    expect(lastReleaseAt({ lock_ends_at: 1000, cycle_days: 30, cycles: 1 })).toBe(1000);
  });
});

describe('exact decimals', () => {
  it('rounds up only when something is cut', () => {
    expect(ceilDecimal('100.0', 6)).toBe('100');
    expect(ceilDecimal('10.0001', 2)).toBe('10.01');
    expect(ceilDecimal('10.0000', 2)).toBe('10');
    expect(ceilDecimal('0.0000001', 6)).toBe('0.000001');
  });
});

describe('the subscription form', () => {
  it('keeps digits and one point as typed', () => {
    expect(sanitizeAmount('12,5')).toBe('12.5');
    expect(sanitizeAmount('1,000.5a')).toBe('1.0005');
    expect(sanitizeAmount('.5')).toBe('0.5');
    expect(sanitizeAmount('1.2.3')).toBe('1.23');
    expect(sanitizeAmount('007')).toBe('7');
    expect(sanitizeAmount('1.23456')).toBe('1.23456');
  });

  it('knows the room left under the cap', () => {
    expect(roomLeft('50000', '1000')).toBe('49000');
    expect(roomLeft('50000', '60000')).toBe('0');
    expect(roomLeft('50000', null)).toBeNull();
  });

  it('costs amount × price rounded up to the pay currency', () => {
    expect(costOf('1000', '0.1', 6)).toBe('100');
    expect(costOf('10.0001', '0.1', 6)).toBe('1.00001');
    expect(costOf('0.0001', '0.0123', 6)).toBe('0.000002');
    expect(costOf('3', '0.3333333', 6)).toBe('1');
    expect(costOf('x', '0.1', 6)).toBeNull();
  });

  it('asks for an amount, a number, at most the token decimals, at least the minimum', () => {
    expect(checkAmount('', limits())).toEqual({ key: 'required' });
    expect(checkAmount('  ', limits())).toEqual({ key: 'required' });
    expect(checkAmount('0', limits())).toEqual({ key: 'invalid' });
    expect(checkAmount('1.', limits())).toEqual({ key: 'invalid' });
    expect(checkAmount('12.34567', limits())).toEqual({ key: 'decimals', values: { places: '4' } });
    expect(checkAmount('9.9999', limits())).toEqual({ key: 'belowMin', values: { min: '10' } });
    expect(checkAmount('10', limits())).toBeNull();
    expect(checkAmount('1000', limits())).toBeNull();
  });

  it('stops at the cap less what was asked already', () => {
    expect(checkAmount('49000', limits({ room: '49000' }))).toBeNull();
    expect(checkAmount('49000.0001', limits({ room: '49000', balance: null }))).toEqual({ key: 'overCap', values: { room: '49000' } });
    expect(checkAmount('10', limits({ room: '0' }))).toEqual({ key: 'capReached' });
    // A visitor: the cap of one's own asks is not known.
    expect(checkAmount('60000', limits({ room: null, balance: null }))).toBeNull();
  });

  it('flags a cost above the spot balance before sending', () => {
    expect(checkAmount('1000', limits({ balance: '100' }))).toBeNull();
    expect(checkAmount('1000.0001', limits({ balance: '100' }))).toEqual({
      key: 'insufficient',
      values: { cost: '100.00001', balance: '100' },
    });
    expect(checkAmount('1000', limits({ balance: '99.999999' }))?.key).toBe('insufficient');
  });
});

describe('a subscription', () => {
  it('reads its four states', () => {
    expect([0, 1, 2, 3].map(orderState)).toEqual(['subscribed', 'allocated', 'credited', 'released']);
  });
});
