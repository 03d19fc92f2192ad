import { describe, expect, it } from 'vitest';
import {
  aprText,
  checkShares,
  distanceText,
  investedOf,
  isAbove,
  isCoin,
  isKind,
  isOrderFilter,
  landingTab,
  orderState,
  outcomeOps,
  outcomes,
  payoffPoints,
  payoutAt,
  periodRate,
  sanitizeShares,
  statusOfFilter,
  type Terms,
} from '../logic';

const call: Terms = { kind: 'call', currency: 'BTC', quote: 'USDT', linked_price: '70000', days: 7, apr: '36.5' };
const put: Terms = { kind: 'put', currency: 'BTC', quote: 'USDT', linked_price: '60000', days: 7, apr: '36.5' };

describe('the settlement rule of a call (sell high: invest the coin)', () => {
  it('has two outcomes: the coin grown below the linked price, USDT at the linked price grown above', () => {
    // r = 7 × 36.5 % / 365 = 0.7 %.
    expect(outcomes(call, '0.01')).toEqual({
      below: { amount: '0.01007', currency: 'BTC' },
      above: { amount: '704.9', currency: 'USDT' },
    });
  });

  it('pays the coin below the linked price', () => {
    expect(payoutAt(call, '0.01', '69999.99')).toEqual({ amount: '0.01007', currency: 'BTC' });
  });

  it('pays USDT at the linked price', () => {
    expect(payoutAt(call, '0.01', '70000')).toEqual({ amount: '704.9', currency: 'USDT' });
    expect(payoutAt(call, '0.01', '70000.00')).toEqual({ amount: '704.9', currency: 'USDT' });
  });

  it('pays USDT above the linked price', () => {
    expect(payoutAt(call, '0.01', '80000')).toEqual({ amount: '704.9', currency: 'USDT' });
  });

  it('rounds each payout down to 8 decimals', () => {
    const t = { ...call, linked_price: '65000.5', days: 1, apr: '12.34' };
    // 0.01 × (1 + 12.34 / 36500) = 0.0100033808219…; × 65000.5 = 650.224755113…
    expect(outcomes(t, '0.01')).toEqual({
      below: { amount: '0.01000338', currency: 'BTC' },
      above: { amount: '650.22475511', currency: 'USDT' },
    });
  });
});

describe('the settlement rule of a put (buy low: invest USDT)', () => {
  it('has two outcomes: coins bought at the linked price grown at or below it, USDT grown above it', () => {
    expect(outcomes(put, '1000')).toEqual({
      below: { amount: '0.01678333', currency: 'BTC' },
      above: { amount: '1007', currency: 'USDT' },
    });
  });

  it('pays the coin below the linked price', () => {
    expect(payoutAt(put, '1000', '59000')).toEqual({ amount: '0.01678333', currency: 'BTC' });
  });

  it('pays the coin at the linked price', () => {
    expect(payoutAt(put, '1000', '60000')).toEqual({ amount: '0.01678333', currency: 'BTC' });
  });

  it('pays USDT above the linked price', () => {
    expect(payoutAt(put, '1000', '60000.01')).toEqual({ amount: '1007', currency: 'USDT' });
  });

  it('rounds each payout down to 8 decimals', () => {
    const t = { ...put, linked_price: '65000.5', days: 7, apr: '20' };
    // 100 × (1 + 140 / 36500) = 100.383561643…; / 65000.5 = 0.00154435…
    expect(outcomes(t, '100')).toEqual({
      below: { amount: '0.00154435', currency: 'BTC' },
      above: { amount: '100.38356164', currency: 'USDT' },
    });
  });
});

describe('exact decimal arithmetic', () => {
  it('never goes through floats', () => {
    // 0.1 + 0.2 style traps: 0.3 × (1 + 0) stays 0.3; with floats 0.1 × 3 = 0.30000000000000004.
    expect(outcomes({ ...call, days: 0 }, '0.3')?.below.amount).toBe('0.3');
    expect(investedOf('0.1', 3)).toBe('0.3');
    expect(investedOf('0.01', 7)).toBe('0.07');
    expect(investedOf('100', 12)).toBe('1200');
    // Large amounts keep every digit.
    expect(outcomes({ ...call, days: 0 }, '123456789.12345678')?.above.amount).toBe('8641975238641.9746');
  });

  it('refuses what is not a number', () => {
    expect(outcomes({ ...call, linked_price: 'x' }, '1')).toBeNull();
    expect(outcomes({ ...put, linked_price: '0' }, '1')).toBeNull();
    expect(outcomes(call, 'abc')).toBeNull();
    expect(payoutAt(call, '1', 'soon')).toBeNull();
    expect(investedOf('0.01', 1.5)).toBeNull();
  });

  it('reads the period rate, the APR and the distance to the index', () => {
    expect(periodRate(7, '36.5')).toBe('0.7');
    expect(periodRate(3, '12.34')).toBe('0.1014');
    expect(aprText('36.5')).toBe('36.50%');
    expect(aprText(null)).toBe('--');
    expect(distanceText('70000', '67000')).toBe('+4.47%');
    expect(distanceText('65000', '67000')).toBe('-2.98%');
    expect(distanceText('67000', '67000.00')).toBe('0.00%');
    expect(distanceText('1', '0')).toBeNull();
  });
});

describe('which side a settlement falls on', () => {
  it('puts the linked price itself above for a call and below for a put', () => {
    expect(isAbove('call', '70000', '70000')).toBe(true);
    expect(isAbove('put', '70000', '70000')).toBe(false);
    expect(isAbove('call', '69999', '70000')).toBe(false);
    expect(isAbove('put', '70001', '70000')).toBe(true);
    expect(outcomeOps('call')).toEqual({ below: '<', above: '≥' });
    expect(outcomeOps('put')).toEqual({ below: '≤', above: '>' });
  });
});

describe('the purchase form', () => {
  const l = { left: 50, unit: '0.01', balance: '1' };

  it('keeps digits and one point as typed', () => {
    expect(sanitizeShares('1a2')).toBe('12');
    expect(sanitizeShares('1.5.')).toBe('1.5');
    expect(sanitizeShares('007')).toBe('7');
  });

  it('asks for a whole number of shares, at least one, at most those left', () => {
    expect(checkShares('', l)).toEqual({ key: 'required' });
    expect(checkShares('1.5', l)).toEqual({ key: 'whole' });
    expect(checkShares('0', l)).toEqual({ key: 'atLeastOne' });
    expect(checkShares('51', l)).toEqual({ key: 'overLeft', values: { count: 50 } });
    expect(checkShares('1', { ...l, left: 0 })).toEqual({ key: 'soldOut' });
    expect(checkShares('1', l)).toBeNull();
    expect(checkShares('50', { ...l, balance: null })).toBeNull();
  });

  it('flags what is invested above the balance before sending', () => {
    expect(checkShares('100', { left: 500, unit: '0.01', balance: '1' })).toBeNull();
    expect(checkShares('101', { left: 500, unit: '0.01', balance: '1' })).toEqual({
      key: 'insufficient',
      values: { amount: '1.01', balance: '1' },
    });
  });
});

describe('orders', () => {
  it('read their four states', () => {
    expect([0, 1, 2, 3].map(orderState)).toEqual(['purchased', 'settling', 'completed', 'failed']);
  });

  it('filter by one state or none', () => {
    expect(isOrderFilter('settling')).toBe(true);
    expect(isOrderFilter('x')).toBe(false);
    expect(statusOfFilter('all')).toBeUndefined();
    expect(statusOfFilter('purchased')).toBe(0);
    expect(statusOfFilter('failed')).toBe(3);
  });

  it('knows its kinds and coins', () => {
    expect(isKind('call') && isKind('put')).toBe(true);
    expect(isKind('straddle')).toBe(false);
    expect(isCoin('ETH')).toBe(true);
    expect(isCoin('DOGE')).toBe(false);
  });
});

describe('the payoff chart', () => {
  it('rises with the price up to the linked price, then stays flat, the linked price included', () => {
    const points = payoffPoints(call, '0.01', { steps: 4 });
    expect(points.map((p) => p.price)).toEqual([56000, 63000, 70000, 77000, 84000]);
    const at = points.find((p) => p.price === 70000)!;
    expect(at.payout).toBeCloseTo(704.9, 6);
    expect(points[0].payout).toBeCloseTo(0.01007 * 56000, 6);
    expect(points[4].payout).toBeCloseTo(704.9, 6);
    // Held coin is worth more than the payout far above the linked price: not capital protected the other way round.
    expect(points[4].held).toBeGreaterThan(points[4].payout);
  });

  it('for a put, is worth less than the USDT invested well below the linked price', () => {
    const points = payoffPoints(put, '1000', { steps: 4 });
    expect(points[0].held).toBe(1000);
    expect(points[0].payout).toBeLessThan(1000);
    expect(points[points.length - 1].payout).toBeCloseTo(1007, 6);
  });

  it('draws nothing for terms that are not numbers', () => {
    expect(payoffPoints({ ...call, linked_price: 'x' }, '1')).toEqual([]);
  });
});

describe('the tab the list opens on', () => {
  const holds = (...names: string[]) => (name: string) => names.includes(name);

  it('is one the caller can invest in', () => {
    // USDT only: "sell high" needs the coin, so buying low is what this user can do.
    expect(landingTab(holds('USDT'))).toEqual({ kind: 'put', coin: 'BTC' });
    expect(landingTab(holds('BTC', 'USDT'))).toEqual({ kind: 'call', coin: 'BTC' });
    expect(landingTab(holds('ETH'))).toEqual({ kind: 'call', coin: 'ETH' });
  });

  it('is selling BTC high for a visitor or an empty wallet', () => {
    expect(landingTab(null)).toEqual({ kind: 'call', coin: 'BTC' });
    expect(landingTab(holds())).toEqual({ kind: 'call', coin: 'BTC' });
  });
});
