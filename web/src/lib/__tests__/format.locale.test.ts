import { afterEach, describe, expect, it } from 'vitest';
import { LANG_TAGS } from '../constants';
import {
  formatAmount,
  formatChange,
  formatCoin,
  formatCompact,
  formatDecimal,
  formatFiat,
  formatPercent,
  formatPrice,
  numberLocale,
  setNumberLocale,
  signed,
} from '../format';

// French groups with a narrow no-break space (U+202F) and puts a no-break
// space (U+00A0) before "%", as Intl.NumberFormat does.
const NNBSP = '\u202f';
const NBSP = '\u00a0';

afterEach(() => setNumberLocale('en-US'));

describe('figures in the app language', () => {
  it('group and mark decimals the English and Chinese way', () => {
    for (const lang of ['en', 'zh', 'hk', 'jp', 'kor', 'th'] as const) {
      setNumberLocale(LANG_TAGS[lang]);
      expect(formatDecimal('1000000')).toBe('1,000,000');
      expect(formatPrice('66522.75', '0.01')).toBe('66,522.75');
      expect(formatPercent('0.1')).toBe('0.10%');
    }
  });

  it('group and mark decimals the French way', () => {
    setNumberLocale(LANG_TAGS.fra);
    expect(numberLocale()).toBe('fr-FR');
    expect(formatDecimal('1000000')).toBe(`1${NNBSP}000${NNBSP}000`);
    expect(formatPrice('66522.75', '0.01')).toBe(`66${NNBSP}522,75`);
    expect(formatAmount('0.35', '0.0001')).toBe('0,3500');
    expect(formatCoin('9900.037705', 2)).toBe(`9${NNBSP}900,03`);
    expect(formatCoin('-1234.5', 2)).toBe(`-1${NNBSP}234,50`);
    expect(formatPercent('0.1')).toBe(`0,10${NBSP}%`);
    expect(formatChange('-1.256')).toBe(`-1,25${NBSP}%`);
    expect(formatChange('2')).toBe(`+2,00${NBSP}%`);
    expect(formatCompact('1234567')).toBe('1,2M');
    expect(formatFiat('10803.27', { currency_code: 'EUR', symbol: '€', rate: '1' })).toBe(`€10${NNBSP}803,27`);
    expect(signed(formatCoin('1234.5', 2))).toBe(`+1${NNBSP}234,50`);
  });

  it('follow each language: Portuguese and Spanish use dots to group', () => {
    setNumberLocale(LANG_TAGS.bx);
    expect(formatDecimal('1000000.5')).toBe('1.000.000,5');
    expect(formatDecimal('1000')).toBe('1.000');
    setNumberLocale(LANG_TAGS.spa);
    // CLDR: Spanish groups only from five digits.
    expect(formatDecimal('1000')).toBe('1000');
    expect(formatDecimal('10000.25')).toBe('10.000,25');
    expect(formatPercent('12.5', 1)).toBe(`12,5${NBSP}%`);
  });

  it('write percentages with the digits asked, cut toward zero', () => {
    expect(formatPercent('0.1')).toBe('0.10%');
    expect(formatPercent('12.3456', 3)).toBe('12.345%');
    expect(formatPercent('5.00', 2, { trim: true })).toBe('5%');
    expect(formatPercent('5.50', 2, { trim: true })).toBe('5.5%');
    expect(formatPercent('3', 2, { sign: true })).toBe('+3.00%');
    expect(formatPercent('-3', 2, { sign: true })).toBe('-3.00%');
    expect(formatPercent('0.001', 2, { sign: true })).toBe('0.00%');
    expect(formatPercent('1234.5', 1)).toBe('1,234.5%');
    expect(formatPercent('x')).toBe('--');
  });

  it('keep English marks for a locale the browser does not know', () => {
    setNumberLocale('not a tag!');
    expect(formatDecimal('1234.5')).toBe('1,234.5');
  });
});
