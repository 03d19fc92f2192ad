import { describe, expect, it } from 'vitest';
import type { LockProduct } from '../../../shared/lock/types';
import {
  EMPTY_DRAFT,
  amountIssue,
  coverageLow,
  draftOf,
  isPercent,
  newRequestId,
  percentToShare,
  productIssues,
  productParams,
  productState,
  shareToPercent,
  type ProductDraft,
} from '../earn';
import { ETH_PRODUCT } from './fixtures';

/** The Earn panel's product, open and with its minimum as the server writes it. */
const PRODUCT: LockProduct = { ...ETH_PRODUCT, currency_id: 3, min_amount: '0.10000000', promised: '0.6', coverage: '166.66', open: true };

const GOOD: ProductDraft = {
  ...EMPTY_DRAFT,
  name: 'ETH 30 days',
  currency: '3',
  rate_min: '0.3',
  rate_max: '0.5',
  days: '30',
  min_amount: '0.1',
  user_cap: '10',
  total_cap: '1000',
  penalty: '0.5',
};

describe('percent and share', () => {
  it('moves the decimal point two places, exactly', () => {
    expect(percentToShare('0.30')).toBe('0.003');
    expect(percentToShare('0.3')).toBe('0.003');
    expect(percentToShare('0.5')).toBe('0.005');
    expect(percentToShare('12.5')).toBe('0.125');
    expect(percentToShare('100')).toBe('1');
    expect(percentToShare('10')).toBe('0.1');
    expect(percentToShare('0')).toBe('0');
    expect(percentToShare('0.00')).toBe('0');
    expect(percentToShare('0.0001')).toBe('0.000001');
    expect(percentToShare('1.2345')).toBe('0.012345');
    expect(percentToShare(' 7 ')).toBe('0.07');
  });

  it('keeps digits a float would lose', () => {
    // 0.07 / 100 in floats is 0.0007000000000000001.
    expect(percentToShare('0.07')).toBe('0.0007');
    expect(percentToShare('0.29')).toBe('0.0029');
    expect(percentToShare('9.9999')).toBe('0.099999');
  });

  it('refuses what is not a non-negative decimal', () => {
    expect(percentToShare('')).toBeNull();
    expect(percentToShare('-1')).toBeNull();
    expect(percentToShare('abc')).toBeNull();
    expect(percentToShare('1e-3')).toBeNull();
  });

  it('reads a share back as percent', () => {
    expect(shareToPercent('0.003')).toBe('0.3');
    expect(shareToPercent('0.125')).toBe('12.5');
    expect(shareToPercent('1')).toBe('100');
    expect(shareToPercent('0')).toBe('0');
    expect(shareToPercent('0.000001')).toBe('0.0001');
    for (const p of ['0.3', '12.5', '100', '0.0001', '9.9999', '0']) expect(shareToPercent(percentToShare(p) ?? '')).toBe(p);
  });

  it('takes percents with at most 4 decimals (shares with at most 6)', () => {
    expect(isPercent('0.3')).toBe(true);
    expect(isPercent('0.0001')).toBe(true);
    expect(isPercent('0.00001')).toBe(false);
    expect(isPercent('01')).toBe(false);
    expect(isPercent('.5')).toBe(false);
    expect(isPercent('-1')).toBe(false);
  });
});

describe('the product form', () => {
  it('posts a good draft with shares, not percents', () => {
    expect(productIssues(GOOD, 8)).toEqual({});
    expect(productParams(GOOD)).toEqual({
      category: 'lock',
      name: 'ETH 30 days',
      currency: '3',
      rate_min: '0.003',
      rate_max: '0.005',
      days: '30',
      min_amount: '0.1',
      user_cap: '10',
      total_cap: '1000',
      penalty: '0.005',
      enabled: '1',
    });
    expect(productParams({ ...GOOD, enabled: false, sort: '2' }, 7)).toMatchObject({ id: 7, enabled: '0', sort: '2' });
  });

  it('starts editing a product from its percents', () => {
    const draft = draftOf(PRODUCT);
    expect(draft).toMatchObject({ category: 'defi', currency: '3', rate_min: '0.3', rate_max: '0.5', penalty: '0.5', min_amount: '0.1', days: '30', sort: '' });
    expect(productParams(draft, PRODUCT.id)).toMatchObject({ id: 7, rate_min: '0.003', rate_max: '0.005', penalty: '0.005' });
  });

  it('wants every field but the sort position', () => {
    const issues = productIssues({ ...EMPTY_DRAFT, penalty: '' }, null);
    expect(Object.keys(issues).sort()).toEqual(
      ['currency', 'days', 'min_amount', 'name', 'penalty', 'rate_max', 'rate_min', 'total_cap', 'user_cap'].sort(),
    );
    expect(issues.name).toEqual({ key: 'required' });
    expect(issues.currency).toEqual({ key: 'coin' });
  });

  it('checks the range: percents up to 10 % a day, min ≤ max', () => {
    expect(productIssues({ ...GOOD, rate_min: '0.6' }, 8).rate_max).toEqual({ key: 'rateOrder' });
    expect(productIssues({ ...GOOD, rate_min: '0.5' }, 8)).toEqual({});
    expect(productIssues({ ...GOOD, rate_max: '10.0001' }, 8).rate_max).toEqual({ key: 'rateTooHigh', values: { max: '10' } });
    expect(productIssues({ ...GOOD, rate_max: '10' }, 8)).toEqual({});
    expect(productIssues({ ...GOOD, rate_min: '0.00001' }, 8).rate_min?.key).toBe('percent');
    expect(productIssues({ ...GOOD, rate_min: '0' }, 8)).toEqual({});
  });

  it('takes whole days from 1 to 3650', () => {
    for (const days of ['0', '1.5', '-1', '3651', 'x', '01']) expect(productIssues({ ...GOOD, days }, 8).days?.key).toBe('days');
    for (const days of ['1', '3650']) expect(productIssues({ ...GOOD, days }, 8).days).toBeUndefined();
  });

  it('orders min ≤ cap per user ≤ total quota', () => {
    expect(productIssues({ ...GOOD, min_amount: '11' }, 8).user_cap).toEqual({ key: 'userCapBelowMin' });
    expect(productIssues({ ...GOOD, user_cap: '1001' }, 8).total_cap).toEqual({ key: 'totalBelowUserCap' });
    expect(productIssues({ ...GOOD, min_amount: '10', user_cap: '10.0', total_cap: '10' }, 8)).toEqual({});
    // Both broken steps at once.
    expect(productIssues({ ...GOOD, min_amount: '0.1', user_cap: '0.05', total_cap: '0.01' }, 8)).toEqual({
      user_cap: { key: 'userCapBelowMin' },
      total_cap: { key: 'totalBelowUserCap' },
    });
  });

  it('takes amounts with at most the coin decimals', () => {
    expect(productIssues({ ...GOOD, min_amount: '0.123' }, 2).min_amount).toEqual({ key: 'decimals', values: { places: 2 } });
    expect(productIssues({ ...GOOD, min_amount: '0.120' }, 2).min_amount).toBeUndefined();
    expect(productIssues({ ...GOOD, min_amount: '0' }, 8).min_amount).toEqual({ key: 'amount' });
  });

  it('keeps the penalty below 100 %', () => {
    expect(productIssues({ ...GOOD, penalty: '100' }, 8).penalty).toEqual({ key: 'penalty' });
    expect(productIssues({ ...GOOD, penalty: '99.9999' }, 8).penalty).toBeUndefined();
    expect(productIssues({ ...GOOD, penalty: '0' }, 8).penalty).toBeUndefined();
  });

  it('checks the name length, category and sort position', () => {
    expect(productIssues({ ...GOOD, name: 'x'.repeat(41) }, 8).name).toEqual({ key: 'nameLength', values: { max: 40 } });
    expect(productIssues({ ...GOOD, name: '中'.repeat(40) }, 8).name).toBeUndefined();
    expect(productIssues({ ...GOOD, name: '   ' }, 8).name).toEqual({ key: 'required' });
    expect(productIssues({ ...GOOD, category: 'stake' }, 8).category).toEqual({ key: 'category' });
    expect(productIssues({ ...GOOD, sort: '0' }, 8).sort).toEqual({ key: 'sort' });
    expect(productIssues({ ...GOOD, sort: '3' }, 8).sort).toBeUndefined();
  });
});

describe('amounts, states, coverage', () => {
  it('checks a funding amount', () => {
    expect(amountIssue('', 8)).toEqual({ key: 'required' });
    expect(amountIssue('0', 8)).toEqual({ key: 'amount' });
    expect(amountIssue('-1', 8)).toEqual({ key: 'amount' });
    expect(amountIssue('1.123456789', 8)).toEqual({ key: 'decimals', values: { places: 8 } });
    expect(amountIssue('1', 8)).toBeNull();
    expect(amountIssue('1.5', null)).toBeNull();
  });

  it('tells why a product is closed', () => {
    expect(productState(PRODUCT)).toBe('open');
    expect(productState({ ...PRODUCT, enabled: false, open: false })).toBe('disabled');
    expect(productState({ ...PRODUCT, open: false, remaining: '0.05' })).toBe('full');
    expect(productState({ ...PRODUCT, open: false })).toBe('uncovered');
  });

  it('flags a coverage below 100 %', () => {
    expect(coverageLow('99.99')).toBe(true);
    expect(coverageLow('100.00')).toBe(false);
    expect(coverageLow('166.66')).toBe(false);
    expect(coverageLow(null)).toBe(false);
  });

  it('makes a fresh request id each time', () => {
    const a = newRequestId();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(newRequestId()).not.toBe(a);
  });
});
