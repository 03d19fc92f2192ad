import { describe, expect, it } from 'vitest';
import { formatFiat, formatNumber, maskAccount, multiplyDecimal, parseDecimal, toFixed, trendColor, trendOf } from '../format';

describe('number display', () => {
  it('shows values above 1,000,000 as M with one decimal', () => {
    expect(formatNumber('1234567')).toBe('1.2M');
    expect(formatNumber('1000000.5')).toBe('1.0M');
    expect(formatNumber('987654321.99')).toBe('987.6M');
    expect(formatNumber('-2500000')).toBe('-2.5M');
  });

  it('shows values above 1,000 as K with one decimal', () => {
    expect(formatNumber('1234')).toBe('1.2K');
    expect(formatNumber('1000.01')).toBe('1.0K');
    expect(formatNumber('999999')).toBe('999.9K');
    expect(formatNumber('1000000')).toBe('1000.0K');
  });

  it('shows smaller values with at most 4 decimals, trailing zeros trimmed', () => {
    expect(formatNumber('1000')).toBe('1000');
    expect(formatNumber('12.3456789')).toBe('12.3456');
    expect(formatNumber('0.10000')).toBe('0.1');
    expect(formatNumber('5')).toBe('5');
    expect(formatNumber('-0.00001')).toBe('0');
    expect(formatNumber('')).toBe('--');
    expect(formatNumber('abc')).toBe('--');
  });

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

  it('formats an amount in the chosen fiat', () => {
    expect(formatFiat('0', { currency_code: 'USD', symbol: '$', rate: '1' })).toBe('$0.00');
    expect(formatFiat('10', { currency_code: 'CNY', symbol: '¥', rate: '7.1' })).toBe('¥71.00');
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
