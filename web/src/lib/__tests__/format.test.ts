import { describe, expect, it } from 'vitest';
import {
  coinPlaces,
  compareDecimal,
  decimalsOf,
  formatAmount,
  formatChange,
  formatCoin,
  formatCompact,
  formatDateTime,
  formatDecimal,
  formatFiat,
  formatFixed,
  formatPrice,
  groupThousands,
  maskAccount,
  multiplyDecimal,
  parseDecimal,
  signed,
  splitSymbol,
  toFixed,
  trendColor,
  trendOf,
} from '../format';

// The coins of config/default.toml: `decimals` is what the ledger accepts.
const BTC = { decimals: 8, price_usdt: '67000' };
const ETH = { decimals: 8, price_usdt: '3500' };
const USDT = { decimals: 6, price_usdt: '1' };
const TRX = { decimals: 6, price_usdt: '0.12' };
const AAPL = { decimals: 4, price_usdt: '228' };

describe('prices: the market tick sets the decimals', () => {
  it('pads and cuts to the tick, with separators', () => {
    expect(formatPrice('66503.4', '0.01')).toBe('66,503.40');
    expect(formatPrice('66478.61', '0.01')).toBe('66,478.61');
    expect(formatPrice('67006.519', '0.01')).toBe('67,006.51');
    expect(formatPrice('0.12003', '0.00001')).toBe('0.12003');
    expect(formatPrice('228', '0.5')).toBe('228.0');
    expect(formatPrice('1234567', '1')).toBe('1,234,567');
  });

  it('never compacts a price to K or M', () => {
    expect(formatPrice('1234567.5', '0.1')).toBe('1,234,567.5');
  });

  it('keeps the digits it was given when the tick is unknown', () => {
    expect(formatPrice('66503.40')).toBe('66,503.4');
    expect(formatPrice('0.123456789')).toBe('0.12345678');
  });

  it('reads step decimals from the step', () => {
    expect(decimalsOf('0.01')).toBe(2);
    expect(decimalsOf('0.50')).toBe(1);
    expect(decimalsOf('1')).toBe(0);
    expect(decimalsOf(undefined)).toBe(0);
  });
});

describe('amounts on a market: the lot sets the decimals', () => {
  it('keeps trailing zeros so columns line up', () => {
    expect(formatAmount('0.35', '0.0001')).toBe('0.3500');
    expect(formatAmount('1.0014985', '0.0001')).toBe('1.0014');
    expect(formatAmount('12500', '1')).toBe('12,500');
    expect(formatAmount('0.35')).toBe('0.35');
  });
});

describe('amounts of a coin: its display precision', () => {
  it('shows the fewest decimals at which the last digit is worth at most a cent', () => {
    expect(coinPlaces(BTC)).toBe(7);
    expect(coinPlaces(ETH)).toBe(6);
    expect(coinPlaces(USDT)).toBe(2);
    expect(coinPlaces({ decimals: 8, price_usdt: '1000' })).toBe(5);
    expect(coinPlaces({ decimals: 8, price_usdt: '1000.01' })).toBe(6);
    expect(coinPlaces({ decimals: 8, price_usdt: '0.015' })).toBe(2);
  });

  it('never shows fewer than the default 2 nor more than the coin can hold', () => {
    expect(coinPlaces(TRX)).toBe(2);
    expect(coinPlaces(AAPL)).toBe(4);
    expect(coinPlaces({ decimals: 0, price_usdt: '1' })).toBe(0);
  });

  it('shows every decimal of a coin without a price', () => {
    expect(coinPlaces({ decimals: 8 })).toBe(8);
    expect(coinPlaces({ decimals: 6, price_usdt: '0' })).toBe(6);
    expect(coinPlaces({ decimals: 6, price_usdt: 'n/a' })).toBe(6);
  });

  it('formats balances and fees with it, cut toward zero', () => {
    expect(formatCoin('9900.037705', coinPlaces(USDT))).toBe('9,900.03');
    expect(formatCoin('1.0014985', coinPlaces(BTC))).toBe('1.0014985');
    expect(formatCoin('0.0000015', coinPlaces(BTC))).toBe('0.0000015');
    expect(formatCoin('0.00000159', coinPlaces(BTC))).toBe('0.0000015');
    expect(formatCoin('2', coinPlaces(ETH))).toBe('2.00');
  });

  it('drops zeros past the second decimal, which say nothing', () => {
    expect(formatCoin('0', coinPlaces(BTC))).toBe('0.00');
    expect(formatCoin('100.00000000', coinPlaces(BTC))).toBe('100.00');
    expect(formatCoin('0.00120000', coinPlaces(BTC))).toBe('0.0012');
    expect(formatCoin('0.00000001', coinPlaces(BTC))).toBe('0.00');
    expect(formatCoin('5', 0)).toBe('5');
    expect(formatCoin('5.5', 1)).toBe('5.5');
    expect(formatCoin('7', 1)).toBe('7.0');
  });

  it('formats a total with the quote coin precision', () => {
    // 0.0015 BTC at 66,478.61: the exact 99.717915 shown in USDT.
    expect(formatCoin(multiplyDecimal('0.0015', '66478.61'), coinPlaces(USDT))).toBe('99.71');
    expect(formatCoin('1234567.899', coinPlaces(USDT))).toBe('1,234,567.89');
  });

  it('shows the exact digits while the precision is not known', () => {
    expect(formatCoin('9900.037705', undefined)).toBe('9,900.037705');
    expect(formatCoin('0.00000150', null)).toBe('0.0000015');
  });
});

describe('separators', () => {
  it('group the integer part only', () => {
    expect(groupThousands('77025.92')).toBe('77,025.92');
    expect(groupThousands('-1234567')).toBe('-1,234,567');
    expect(groupThousands('999')).toBe('999');
    expect(groupThousands('1234.56789')).toBe('1,234.56789');
    expect(groupThousands('--')).toBe('--');
    expect(formatFixed('67025.929', 2)).toBe('67,025.92');
    expect(formatDecimal('10000.000000')).toBe('10,000');
  });
});

describe('negative values', () => {
  it('keep their sign and are cut toward zero', () => {
    expect(formatCoin('-1234.5678', 2)).toBe('-1,234.56');
    expect(formatPrice('-0.005', '0.01')).toBe('0.00');
    expect(formatAmount('-12.34567', '0.001')).toBe('-12.345');
    expect(formatCompact('-2500000')).toBe('-2.5M');
  });

  it('get a plus only when above zero', () => {
    expect(signed('1,234.50')).toBe('+1,234.50');
    expect(signed('-3.00')).toBe('-3.00');
    expect(signed('0.00')).toBe('0.00');
    expect(signed('--')).toBe('--');
  });
});

describe('compact display (only where space is short)', () => {
  it('shows values above 1,000,000 as M with one decimal', () => {
    expect(formatCompact('1234567')).toBe('1.2M');
    expect(formatCompact('1000000.5')).toBe('1.0M');
    expect(formatCompact('987654321.99')).toBe('987.6M');
    expect(formatCompact('1234567890123')).toBe('1,234,567.8M');
  });

  it('shows values above 1,000 as K with one decimal', () => {
    expect(formatCompact('1234')).toBe('1.2K');
    expect(formatCompact('1000.01')).toBe('1.0K');
    expect(formatCompact('999999')).toBe('999.9K');
    expect(formatCompact('1000000')).toBe('1,000.0K');
  });

  it('shows smaller values with at most 4 decimals, trailing zeros trimmed', () => {
    expect(formatCompact('1000')).toBe('1,000');
    expect(formatCompact('12.3456789')).toBe('12.3456');
    expect(formatCompact('0.10000')).toBe('0.1');
    expect(formatCompact('5')).toBe('5');
    expect(formatCompact('-0.00001')).toBe('0');
  });
});

describe('invalid values', () => {
  it('show "--" everywhere', () => {
    for (const bad of ['', 'abc', '1e3', '1,000', null, undefined]) {
      expect(formatPrice(bad as string, '0.01')).toBe('--');
      expect(formatPrice(bad as string)).toBe('--');
      expect(formatAmount(bad as string, '0.0001')).toBe('--');
      expect(formatCoin(bad as string, 2)).toBe('--');
      expect(formatCoin(bad as string, undefined)).toBe('--');
      expect(formatCompact(bad as string)).toBe('--');
      expect(formatChange(bad as string)).toBe('--');
    }
    expect(formatFiat('x', { currency_code: 'USD', symbol: '$', rate: '1' })).toBe('--');
  });
});

describe('changes and colours', () => {
  it('shows a change as a signed percentage with two decimals', () => {
    expect(formatChange('+1.2')).toBe('+1.20%');
    expect(formatChange('-0.056')).toBe('-0.05%');
    expect(formatChange('0')).toBe('0.00%');
  });

  it('colours up green, zero grey, down red', () => {
    expect(trendOf('+1.23')).toBe('up');
    expect(trendOf('-0.5')).toBe('down');
    expect(trendOf('0.00')).toBe('zero');
    expect(trendOf('-0')).toBe('zero');
    expect(trendColor('1')).toBe('var(--bourse-up)');
    expect(trendColor('-1')).toBe('var(--bourse-down)');
    expect(trendColor('0')).toBe('var(--bourse-zero)');
  });
});

describe('decimal helpers', () => {
  it('fixes to 2 decimals by default, cutting toward zero', () => {
    expect(toFixed('1')).toBe('1.00');
    expect(toFixed('2.349')).toBe('2.34');
    expect(toFixed('-2.349')).toBe('-2.34');
    expect(toFixed('0.001')).toBe('0.00');
    expect(toFixed('-0.001')).toBe('0.00');
    expect(toFixed('3.14159', 4)).toBe('3.1415');
    expect(toFixed('7', 0)).toBe('7');
    expect(toFixed('12345678901234567890.123')).toBe('12345678901234567890.12');
  });

  it('multiplies decimal strings exactly', () => {
    expect(multiplyDecimal('0.1', '0.2')).toBe('0.02');
    expect(multiplyDecimal('100', '7.1234')).toBe('712.3400');
    expect(multiplyDecimal('-1.5', '2')).toBe('-3.0');
    expect(multiplyDecimal('0', '7.25')).toBe('0.00');
    expect(multiplyDecimal('x', '1')).toBe('--');
  });

  it('formats an amount in the chosen fiat, grouped', () => {
    expect(formatFiat('0', { currency_code: 'USD', symbol: '$', rate: '1' })).toBe('$0.00');
    expect(formatFiat('10', { currency_code: 'CNY', symbol: '¥', rate: '7.1' })).toBe('¥71.00');
    expect(formatFiat('10803.27', { currency_code: 'CNY', symbol: '¥', rate: '7.12' })).toBe('¥76,919.28');
  });

  it('compares decimals exactly', () => {
    expect(compareDecimal('1.10', '1.1')).toBe(0);
    expect(compareDecimal('0.3', '0.29999999999')).toBe(1);
    expect(compareDecimal('-2', '1')).toBe(-1);
    expect(compareDecimal('x', '1')).toBeNull();
  });

  it('splits a symbol into base and quote', () => {
    expect(splitSymbol('BTC/USDT')).toEqual({ base: 'BTC', quote: 'USDT' });
  });

  it('parses decimal strings without floats', () => {
    expect(parseDecimal('007.50')).toEqual({ negative: false, int: '7', frac: '50' });
    expect(parseDecimal('.5')).toEqual({ negative: false, int: '0', frac: '5' });
    expect(parseDecimal('1e3')).toBeNull();
  });

  it('masks accounts for display', () => {
    expect(maskAccount('13812345678')).toBe('138****5678');
    expect(maskAccount('demo@bourse.local')).toBe('de***@bourse.local');
    expect(maskAccount('a@b.co')).toBe('a***@b.co');
  });
});

describe('dates and times', () => {
  it('shows a timestamp to the minute, or to the second when asked, in the device time zone', () => {
    const ms = new Date(2026, 0, 31, 14, 5, 9).getTime();
    expect(formatDateTime(ms)).toBe('2026-01-31 14:05');
    expect(formatDateTime(ms, { seconds: true })).toBe('2026-01-31 14:05:09');
    expect(formatDateTime(null)).toBe('--');
  });
});
