import { describe, expect, it } from 'vitest';
import {
  amountForPercent,
  checkAmount,
  checkFunds,
  checkMinTotal,
  checkPrice,
  estimateTotal,
  formErrors,
  minMarketTotal,
  placedOutcome,
  sanitizeDecimalInput,
} from '../tradeForm';

const btc = { lot: '0.0001', quotePlaces: 6 };

describe('amount from a percentage of the balance', () => {
  it('a limit buy divides the quote by the price and cuts to the lot', () => {
    // 25 % of 10000 USDT = 2500; 2500 / 66996.54 = 0.03731...; lot 0.0001.
    expect(amountForPercent({ side: 'buy', kind: 'limit', pct: 25, available: '10000', price: '66996.54', ...btc })).toBe('0.0373');
    expect(amountForPercent({ side: 'buy', kind: 'limit', pct: 100, available: '10000', price: '50000', ...btc })).toBe('0.2');
  });

  it('never asks for more than the balance at the limit price', () => {
    const amount = amountForPercent({ side: 'buy', kind: 'limit', pct: 100, available: '123.45', price: '0.12003', lot: '1', quotePlaces: 6 });
    expect(amount).toBe('1028');
    // 1028 × 0.12003 = 123.39084 ≤ 123.45, one lot more would be 123.51087.
  });

  it('a market buy takes the quote itself, cut to the quote decimals', () => {
    expect(amountForPercent({ side: 'buy', kind: 'market', pct: 50, available: '9794.960645', price: '', ...btc })).toBe('4897.480322');
  });

  it('a sell takes the base balance cut to the lot', () => {
    expect(amountForPercent({ side: 'sell', kind: 'limit', pct: 75, available: '1.0014985', price: '1', ...btc })).toBe('0.7511');
    expect(amountForPercent({ side: 'sell', kind: 'market', pct: 100, available: '1.0014985', price: '', ...btc })).toBe('1.0014');
    expect(amountForPercent({ side: 'sell', kind: 'market', pct: 25, available: '49', price: '', lot: '10', quotePlaces: 6 })).toBe('10');
  });

  it('a limit buy without a price gives nothing to fill in', () => {
    expect(amountForPercent({ side: 'buy', kind: 'limit', pct: 25, available: '100', price: '', ...btc })).toBeNull();
  });

  it('an empty balance gives zero', () => {
    expect(amountForPercent({ side: 'sell', kind: 'limit', pct: 50, available: '0', price: '1', ...btc })).toBe('0');
  });
});

describe('field checks', () => {
  it('price: required, positive, on the tick', () => {
    expect(checkPrice('', '0.01')?.key).toBe('trade.errPriceRequired');
    expect(checkPrice('0', '0.01')?.key).toBe('trade.errPricePositive');
    expect(checkPrice('1.005', '0.01')).toEqual({ key: 'trade.errTick', values: { tick: '0.01' } });
    expect(checkPrice('1.05', '0.01')).toBeNull();
  });

  it('amount: lot and minimum for quantities, decimals for a market buy budget', () => {
    const base = { side: 'buy' as const, kind: 'limit' as const, lot: '1', minQty: '10', quotePlaces: 6 };
    expect(checkAmount({ ...base, amount: '' })?.key).toBe('trade.errAmountRequired');
    expect(checkAmount({ ...base, amount: '0' })?.key).toBe('trade.errAmountPositive');
    expect(checkAmount({ ...base, amount: '5.5' })?.key).toBe('trade.errLot');
    expect(checkAmount({ ...base, amount: '5' })).toEqual({ key: 'trade.errMinQty', values: { min: '10' } });
    expect(checkAmount({ ...base, amount: '10' })).toBeNull();
    const marketBuy = { ...base, kind: 'market' as const };
    expect(checkAmount({ ...marketBuy, amount: '' })?.key).toBe('trade.errTotalRequired');
    expect(checkAmount({ ...marketBuy, amount: '5.5' })).toBeNull();
    expect(checkAmount({ ...marketBuy, amount: '1.1234567' })?.key).toBe('trade.errPlaces');
  });

  it('funds: what the order takes against what is available', () => {
    expect(checkFunds({ side: 'buy', kind: 'limit', price: '100', amount: '2', available: '199.99' })?.key).toBe('trade.errInsufficient');
    expect(checkFunds({ side: 'buy', kind: 'limit', price: '100', amount: '2', available: '200' })).toBeNull();
    expect(checkFunds({ side: 'buy', kind: 'market', price: '', amount: '100', available: '99' })?.key).toBe('trade.errInsufficient');
    expect(checkFunds({ side: 'sell', kind: 'limit', price: '1', amount: '0.5', available: '0.5' })).toBeNull();
    expect(checkFunds({ side: 'sell', kind: 'limit', price: '1', amount: '0.5', available: undefined })).toBeNull();
  });
});

describe('estimated total', () => {
  it('is exact for a limit order and a market buy, approximate for a market sell', () => {
    expect(estimateTotal({ side: 'buy', kind: 'limit', price: '53597.23', amount: '0.001', lastPrice: '1', quotePlaces: 6 })).toEqual({ value: '53.59723', approx: false });
    expect(estimateTotal({ side: 'buy', kind: 'market', price: '', amount: '100', lastPrice: '1', quotePlaces: 6 })).toEqual({ value: '100', approx: false });
    expect(estimateTotal({ side: 'sell', kind: 'market', price: '', amount: '0.5', lastPrice: '3.333333333', quotePlaces: 6 })).toEqual({ value: '1.666666', approx: true });
    expect(estimateTotal({ side: 'sell', kind: 'limit', price: '', amount: '1', lastPrice: '1', quotePlaces: 6 })).toBeNull();
  });
});

describe('decimal input', () => {
  it('keeps digits and one point, cut to the allowed decimals', () => {
    expect(sanitizeDecimalInput('1,5', 4)).toBe('1.5');
    expect(sanitizeDecimalInput('1.2.3', 4)).toBe('1.23');
    expect(sanitizeDecimalInput('.5', 2)).toBe('0.5');
    expect(sanitizeDecimalInput('0.123456', 4)).toBe('0.1234');
    expect(sanitizeDecimalInput('007', 2)).toBe('7');
    expect(sanitizeDecimalInput('12.9', 0)).toBe('12');
    expect(sanitizeDecimalInput('abc', 2)).toBe('');
  });
});

describe('the error that stops the order', () => {
  const insufficient = { key: 'trade.errInsufficient' };
  it('keeps showing the funds error after a tap, and names it as what stops the order', () => {
    const typed = formErrors({ price: '100', amount: '5', priceError: null, amountError: null, minTotalError: null, fundsError: insufficient, submitted: false });
    expect(typed.amount).toEqual(insufficient);
    const tapped = formErrors({ price: '100', amount: '5', priceError: null, amountError: null, minTotalError: null, fundsError: insufficient, submitted: true });
    expect(tapped.amount).toEqual(insufficient);
    expect(tapped.stopping).toEqual(insufficient);
  });

  it('shows a required field only after a tap, and the field problem before the funds', () => {
    const required = { key: 'trade.errAmountRequired' };
    const before = formErrors({ price: '100', amount: '', priceError: null, amountError: required, minTotalError: null, fundsError: null, submitted: false });
    expect(before.amount).toBeNull();
    expect(before.stopping).toEqual(required);
    const lot = { key: 'trade.errLot' };
    const both = formErrors({ price: '100', amount: '0.0001', priceError: null, amountError: lot, minTotalError: null, fundsError: insufficient, submitted: true });
    expect(both.amount).toEqual(lot);
    const price = { key: 'trade.errTick' };
    expect(formErrors({ price: '1.001', amount: '1', priceError: price, amountError: null, minTotalError: null, fundsError: null, submitted: false }).stopping).toEqual(price);
  });

  it('refuses a market buy below the minimum total before it is sent', () => {
    expect(minMarketTotal('0.0001', '66478.61', 2)).toBe('6.65');
    expect(checkMinTotal({ side: 'buy', kind: 'market', amount: '0.01', minQty: '0.0001', lastPrice: '66478.61', places: 2, unit: 'USDT' })).toEqual({
      key: 'trade.errMinTotal',
      values: { min: '6.65 USDT' },
    });
    expect(checkMinTotal({ side: 'buy', kind: 'market', amount: '6.65', minQty: '0.0001', lastPrice: '66478.61', places: 2, unit: 'USDT' })).toBeNull();
    expect(checkMinTotal({ side: 'sell', kind: 'market', amount: '0.01', minQty: '0.0001', lastPrice: '66478.61', places: 2, unit: 'USDT' })).toBeNull();
    expect(checkMinTotal({ side: 'buy', kind: 'limit', amount: '0.01', minQty: '0.0001', lastPrice: '66478.61', places: 2, unit: 'USDT' })).toBeNull();
  });

  it('never reports a market order that filled nothing as placed', () => {
    expect(placedOutcome({ order_type: 1, status: 2, deal_amount: '0' })).toBe('nothing');
    expect(placedOutcome({ order_type: 1, status: 2, deal_amount: '0.01' })).toBe('partly');
    expect(placedOutcome({ order_type: 1, status: 1, deal_amount: '0.01' })).toBe('filled');
    expect(placedOutcome({ order_type: 0, status: 0, deal_amount: '0' })).toBe('placed');
  });
});
