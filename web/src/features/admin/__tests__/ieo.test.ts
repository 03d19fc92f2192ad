import { describe, expect, it } from 'vitest';
import { EMPTY_SALE, fromLocalInput, linkOk, saleIssues, saleParams, saleState, toLocalInput, type SaleDraft } from '../ieo';

const start = toLocalInput(new Date(2030, 0, 10, 9, 30).getTime());
const end = toLocalInput(new Date(2030, 0, 12, 18, 0).getTime());

const good = (over: Partial<SaleDraft> = {}): SaleDraft => ({
  ...EMPTY_SALE,
  name: 'Tron launch',
  token: '7',
  pay_currency: '1',
  price: '0.05',
  supply: '1000000',
  user_cap: '50000',
  min_amount: '100',
  starts_at: start,
  ends_at: end,
  lock_days: '30',
  cycle_days: '30',
  cycles: '4',
  website: 'https://tron.network',
  ...over,
});

const keys = (draft: SaleDraft, tokenPlaces: number | null = 6, payPlaces: number | null = 6) =>
  Object.fromEntries(Object.entries(saleIssues(draft, tokenPlaces, payPlaces)).map(([k, v]) => [k, v?.key]));

describe('new sale form rules', () => {
  it('accepts a complete sale', () => {
    expect(saleIssues(good(), 6, 6)).toEqual({});
  });

  it('asks for every required field', () => {
    expect(keys({ ...EMPTY_SALE, cycles: '' })).toEqual({
      name: 'required',
      token: 'coin',
      pay_currency: 'coin',
      price: 'required',
      supply: 'required',
      user_cap: 'required',
      min_amount: 'required',
      starts_at: 'required',
      ends_at: 'required',
      cycles: 'required',
    });
  });

  it('wants a name of 2 to 40 characters', () => {
    expect(keys(good({ name: 'T' })).name).toBe('saleName');
    expect(keys(good({ name: 'x'.repeat(41) })).name).toBe('saleName');
    expect(keys(good({ name: '波场' })).name).toBeUndefined();
  });

  it('wants the pay currency to differ from the token', () => {
    expect(keys(good({ pay_currency: '7' })).pay_currency).toBe('sameCoin');
  });

  it('wants positive amounts within the coins decimals', () => {
    expect(keys(good({ price: '0' })).price).toBe('amount');
    expect(keys(good({ supply: '-5' })).supply).toBe('amount');
    expect(keys(good({ price: '0.0000001' })).price).toBe('decimals');
    expect(keys(good({ min_amount: '1.5' }), 0).min_amount).toBe('decimals');
  });

  it('wants min ≤ cap ≤ supply', () => {
    expect(keys(good({ min_amount: '60000' })).min_amount).toBe('minAboveCap');
    expect(keys(good({ user_cap: '2000000', min_amount: '10' })).user_cap).toBe('capAboveSupply');
    expect(keys(good({ min_amount: '50000', user_cap: '50000', supply: '50000' }))).toEqual({});
  });

  it('wants the start before the end', () => {
    expect(keys(good({ ends_at: start })).ends_at).toBe('endBeforeStart');
    expect(keys(good({ starts_at: end, ends_at: start })).ends_at).toBe('endBeforeStart');
    expect(keys(good({ starts_at: '2030-02-30T10:00' })).starts_at).toBe('time');
  });

  it('wants whole days and 1 to 120 cycles', () => {
    expect(keys(good({ lock_days: '1.5' })).lock_days).toBe('wholeDays');
    expect(keys(good({ lock_days: '', cycle_days: '0' }))).toEqual({});
    expect(keys(good({ cycles: '0' })).cycles).toBe('cycles');
    expect(keys(good({ cycles: '121' })).cycles).toBe('cycles');
    expect(keys(good({ cycles: '120' })).cycles).toBeUndefined();
  });

  it('takes https links only', () => {
    expect(linkOk('')).toBe(true);
    expect(linkOk('https://a.io/wp.pdf')).toBe(true);
    expect(linkOk('http://a.io')).toBe(false);
    expect(linkOk('https://a.io/x y')).toBe(false);
    expect(linkOk('https://')).toBe(false);
    expect(keys(good({ whitepaper: 'ftp://x' })).whitepaper).toBe('link');
  });

  it('reads datetime inputs in the local clock, as ms', () => {
    const ms = new Date(2030, 0, 10, 9, 30).getTime();
    expect(fromLocalInput('2030-01-10T09:30')).toBe(ms);
    expect(fromLocalInput(toLocalInput(ms))).toBe(ms);
    expect(fromLocalInput('tomorrow')).toBeNull();
  });

  it('posts the checked form, optional fields only when given', () => {
    const params = saleParams(good({ name: ' Tron launch ', lock_days: '', website: '' }));
    expect(params).toEqual({
      name: 'Tron launch',
      token: '7',
      pay_currency: '1',
      price: '0.05',
      supply: '1000000',
      user_cap: '50000',
      min_amount: '100',
      starts_at: new Date(2030, 0, 10, 9, 30).getTime(),
      ends_at: new Date(2030, 0, 12, 18, 0).getTime(),
      cycle_days: '30',
      cycles: '4',
    });
  });

  it('leaves out 0 lock or cycle days (the server takes days from 1)', () => {
    const params = saleParams(good({ lock_days: '0', cycle_days: '00' }));
    expect(params).not.toHaveProperty('lock_days');
    expect(params).not.toHaveProperty('cycle_days');
    expect(saleParams(good()).lock_days).toBe('30');
  });

  it('names the states', () => {
    expect([0, 1, 2, 3].map((status) => saleState({ status: status as 0 | 1 | 2 | 3 }))).toEqual(['warmup', 'live', 'ended', 'credited']);
  });
});
