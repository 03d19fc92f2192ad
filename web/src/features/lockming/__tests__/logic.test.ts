import { describe, expect, it } from 'vitest';
import {
  categoryStats,
  checkAmount,
  closedReason,
  coverageText,
  dailyIncome,
  DAY_MS,
  holdersTotal,
  lockedByCoin,
  maxAmount,
  mergeEnded,
  minDecimal,
  orderState,
  ordersTab,
  paidPercent,
  percentOf,
  preview,
  rangeText,
  ratePoints,
  rateText,
  redeemTerms,
  roomLeft,
  roundDown,
  schedule,
  takenPercent,
  totalIncome,
  type AmountLimits,
  type ProductState,
} from '../logic';

/** The demo product the server seeds: USDT 5-day lock. */
const DEMO = {
  rate_min: '0.30',
  rate_max: '0.40',
  days: 5,
  min_amount: '100',
  user_cap: '50000',
  total_cap: '1000000',
  penalty_rate: '0.50',
  next_accrual_at: Date.UTC(2026, 10, 27, 0, 0, 0),
};

describe('exact decimals', () => {
  it('rounds down (toward zero) to 8 decimals', () => {
    expect(roundDown('0.123456789')).toBe('0.12345678');
    expect(roundDown('1.999999999')).toBe('1.99999999');
    expect(roundDown('-0.123456789')).toBe('-0.12345678');
    expect(roundDown('100.00')).toBe('100');
    expect(roundDown('1.239', 2)).toBe('1.23');
    expect(roundDown('nope')).toBeNull();
  });

  it('takes a percent of an amount exactly, rounded down', () => {
    expect(percentOf('100', '0.30')).toBe('0.3');
    expect(percentOf('100', '0.40')).toBe('0.4');
    expect(percentOf('123.45678901', '0.3512')).toBe('0.43358024');
    expect(percentOf('0.00000001', '0.30')).toBe('0');
    expect(percentOf('1', 'x')).toBeNull();
  });

  it('finds the least of known values', () => {
    expect(minDecimal('50000', '999900', '1000.5')).toBe('1000.5');
    expect(minDecimal(null, '3', undefined, '2.99999999')).toBe('2.99999999');
    expect(minDecimal(null, undefined)).toBeNull();
  });
});

describe('rates', () => {
  it('read with 2 to 4 decimals and a percent sign', () => {
    expect(rateText('0.30')).toBe('0.30%');
    expect(rateText('0.3')).toBe('0.30%');
    expect(rateText('0.3512')).toBe('0.3512%');
    expect(rateText('0.1480')).toBe('0.1480%');
    expect(rateText('0.351234')).toBe('0.3512%');
    expect(rateText('1234.5')).toBe('1,234.50%');
    expect(rateText(null)).toBe('--');
  });

  it('a range reads both ends, or one when they are the same', () => {
    expect(rangeText('0.30', '0.40')).toBe('0.30% – 0.40%');
    expect(rangeText('0.5', '0.50')).toBe('0.50%');
  });

  it('coverage is a percent, or nothing when nothing is promised', () => {
    expect(coverageText('245.10')).toBe('245.10%');
    expect(coverageText(null)).toBeNull();
  });

  it('chart points go oldest first, as numbers', () => {
    const points = ratePoints([
      { day: '2026-11-26', rate: '0.3512' },
      { day: '2026-11-25', rate: '0.30' },
      { day: '2026-11-24', rate: 'bad' },
    ]);
    expect(points).toEqual([
      { day: '2026-11-25', rate: 0.3 },
      { day: '2026-11-26', rate: 0.3512 },
    ]);
  });
});

describe('the buy preview (the rules of the API)', () => {
  it('daily income is amount × rate_min % .. amount × rate_max %, rounded down to 8 decimals', () => {
    expect(dailyIncome('100', DEMO.rate_min, DEMO.rate_max)).toEqual({ min: '0.3', max: '0.4' });
    expect(dailyIncome('333.33333333', '0.30', '0.40')).toEqual({ min: '0.99999999', max: '1.33333333' });
    expect(dailyIncome('abc', '0.30', '0.40')).toBeNull();
  });

  it('the total estimate is the daily range × days', () => {
    expect(totalIncome({ min: '0.3', max: '0.4' }, 5)).toEqual({ min: '1.5', max: '2' });
    expect(totalIncome({ min: '0.99999999', max: '1.33333333' }, 30)).toEqual({ min: '29.9999997', max: '39.9999999' });
  });

  it('earns from the next accrual, is first paid a day later and matures days − 1 after that', () => {
    const now = Date.UTC(2026, 10, 26, 8, 30);
    expect(schedule(now, DEMO.next_accrual_at, 5)).toEqual({
      start: now,
      accrualStart: DEMO.next_accrual_at,
      firstAccrual: DEMO.next_accrual_at + DAY_MS,
      maturity: DEMO.next_accrual_at + 5 * DAY_MS,
    });
    // A one-day product subscribed minutes before the accrual earns nothing
    // for those minutes: its only payment, with the principal, is a full day later.
    expect(schedule(DEMO.next_accrual_at - 12 * 60_000, DEMO.next_accrual_at, 1).maturity).toBe(
      DEMO.next_accrual_at + DAY_MS,
    );
  });

  it('early redemption returns amount × (1 − penalty %) rounded down; the penalty is the rest', () => {
    expect(redeemTerms('100', '0.50')).toEqual({ returned: '99.5', penalty: '0.5' });
    expect(redeemTerms('123.45678901', '0.50')).toEqual({ returned: '122.83950506', penalty: '0.61728395' });
    expect(redeemTerms('100', '0')).toEqual({ returned: '100', penalty: '0' });
  });

  it('puts it all together for an amount', () => {
    const now = Date.UTC(2026, 10, 26, 8, 30);
    expect(preview('100', DEMO, now)).toEqual({
      daily: { min: '0.3', max: '0.4' },
      total: { min: '1.5', max: '2' },
      schedule: {
        start: now,
        accrualStart: DEMO.next_accrual_at,
        firstAccrual: DEMO.next_accrual_at + DAY_MS,
        maturity: DEMO.next_accrual_at + 5 * DAY_MS,
      },
      redeem: { returned: '99.5', penalty: '0.5' },
    });
  });
});

describe('the amount', () => {
  const limits: AmountLimits = { min: '100', room: '50000', remaining: '999900', balance: '10000' };

  it('is checked in order: required, a number, positive, 8 decimals, minimum, room, quota, balance', () => {
    expect(checkAmount('', limits)).toEqual({ key: 'required' });
    expect(checkAmount('  ', limits)).toEqual({ key: 'required' });
    expect(checkAmount('1e3', limits)).toEqual({ key: 'invalid' });
    expect(checkAmount('.5', limits)).toEqual({ key: 'invalid' });
    expect(checkAmount('0', limits)).toEqual({ key: 'positive' });
    expect(checkAmount('100.123456789', limits)).toEqual({ key: 'decimals', values: { places: '8' } });
    expect(checkAmount('99.99999999', limits)).toEqual({ key: 'min', values: { min: '100' } });
    expect(checkAmount('50000.00000001', { ...limits, balance: '100000' })).toEqual({ key: 'room', values: { room: '50000' } });
    expect(checkAmount('500', { ...limits, remaining: '400' })).toEqual({ key: 'quota', values: { remaining: '400' } });
    expect(checkAmount('10000.01', limits)).toEqual({ key: 'balance', values: { balance: '10000' } });
  });

  it('passes at the bounds, and trailing zeros do not count as decimals', () => {
    expect(checkAmount('100', limits)).toBeNull();
    expect(checkAmount('10000', limits)).toBeNull();
    expect(checkAmount('100.1234567800', limits)).toBeNull();
  });

  it('does not check what is not known (logged out, balance loading)', () => {
    expect(checkAmount('60000', { min: '100', remaining: '999900' })).toBeNull();
    expect(checkAmount('60000', { min: '100', remaining: '999900', room: null, balance: null })).toBeNull();
  });

  it('the room is the cap less what is held, never below zero', () => {
    expect(roomLeft('50000', '100')).toBe('49900');
    expect(roomLeft('50000', undefined)).toBe('50000');
    expect(roomLeft('50000', '60000')).toBe('0');
  });

  it('"max" is the least of room, quota and balance, rounded down to 8 decimals', () => {
    expect(maxAmount({ room: '49900', remaining: '999900', balance: '10000.123456789' })).toBe('10000.12345678');
    expect(maxAmount({ room: '200', remaining: '999900', balance: '10000' })).toBe('200');
    expect(maxAmount({ remaining: '300' })).toBe('300');
    expect(maxAmount({ room: null, remaining: 'x', balance: null })).toBe('0');
  });
});

describe('products', () => {
  const base: ProductState = {
    open: true,
    remaining: '999900',
    min_amount: '100',
    reserve: '1000',
    promised: '10',
    rate_max: '0.40',
    days: 5,
  };

  it('an open product has no reason to be closed', () => {
    expect(closedReason(base)).toBeNull();
  });

  it('a closed product says why: sold out, the reserve, or paused', () => {
    expect(closedReason({ ...base, open: false, remaining: '99' })).toBe('soldOut');
    // A minimum order may be promised 100 × 0.40 % × 5 = 2; 1001 − 1000 = 1 free is short.
    expect(closedReason({ ...base, open: false, reserve: '1001', promised: '1000' })).toBe('reserve');
    expect(closedReason({ ...base, open: false, reserve: '1002', promised: '1000' })).toBe('paused');
  });

  it('the quota taken is a share for the bar', () => {
    expect(takenPercent('100', '1000000')).toBeCloseTo(0.01);
    expect(takenPercent('1000000', '1000000')).toBe(100);
    expect(takenPercent('5', '0')).toBe(0);
  });

  it('platform totals: locked per coin, holders summed over products', () => {
    const products = [
      { currency: 'USDT', currency_id: 3, total_locked: '100.5', holders: 2 },
      { currency: 'BTC', currency_id: 1, total_locked: '0.1', holders: 1 },
      { currency: 'USDT', currency_id: 3, total_locked: '200', holders: 3 },
    ];
    expect(lockedByCoin(products)).toEqual([
      { currency: 'USDT', currency_id: 3, locked: '300.5' },
      { currency: 'BTC', currency_id: 1, locked: '0.1' },
    ]);
    expect(holdersTotal(products)).toBe(6);
  });

  it('a category card knows its products, the best rate and the days', () => {
    const products = [
      { category: 'lock', open: true, rate_max: '0.40', days: 5 },
      { category: 'lock', open: false, rate_max: '0.45', days: 10 },
      { category: 'defi', open: true, rate_max: '0.6', days: 15 },
    ];
    expect(categoryStats(products, 'lock')).toEqual({ count: 2, open: 1, bestRate: '0.45', minDays: 5, maxDays: 10 });
    expect(categoryStats(products, 'cloud')).toEqual({ count: 0, open: 0, bestRate: null, minDays: null, maxDays: null });
  });
});

describe('orders', () => {
  it('read their state from the status', () => {
    expect(orderState(0)).toBe('running');
    expect(orderState(1)).toBe('redeemed');
    expect(orderState(2)).toBe('matured');
  });

  it('paid days make a share for the bar', () => {
    expect(paidPercent(0, 5)).toBe(0);
    expect(paidPercent(2, 5)).toBe(40);
    expect(paidPercent(7, 5)).toBe(100);
    expect(paidPercent(1, 0)).toBe(0);
  });

  it('the ended tab merges redeemed and matured orders, latest ending first', () => {
    const o = (id: number, ended_at: number | null, created_at = 0) => ({ id, ended_at, created_at });
    const redeemed = [o(1, 300), o(2, 100)];
    const matured = [o(3, 200), o(4, null, 50)];
    expect(mergeEnded(redeemed, matured, 10).map((x) => x.id)).toEqual([1, 3, 2, 4]);
    expect(mergeEnded(redeemed, matured, 2).map((x) => x.id)).toEqual([1, 3]);
  });

  it('the tab in the address is current unless it says ended', () => {
    expect(ordersTab('ended')).toBe('ended');
    expect(ordersTab(null)).toBe('current');
    expect(ordersTab('other')).toBe('current');
  });
});
