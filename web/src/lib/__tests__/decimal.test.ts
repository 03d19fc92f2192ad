import { describe, expect, it } from 'vitest';
import { addDecimal, decimalPlaces, fromUnits, sanitizeDecimalInput, subtractDecimal, toUnits } from '../decimal';

describe('exact decimals', () => {
  it('adds and subtracts on the digits, without float error', () => {
    expect(addDecimal('0.1', '0.2')).toBe('0.3');
    expect(subtractDecimal('20', '1')).toBe('19');
    expect(subtractDecimal('100', '99.5')).toBe('0.5');
    expect(subtractDecimal('0.001', '0.0005')).toBe('0.0005');
    expect(subtractDecimal('50000', '1000')).toBe('49000');
    expect(subtractDecimal('1', '1.5')).toBe('-0.5');
    expect(subtractDecimal('1.5', '1.5')).toBe('0');
  });

  it('answers null for what is not a decimal', () => {
    expect(addDecimal('x', '1')).toBeNull();
    expect(subtractDecimal('x', '1')).toBeNull();
    expect(toUnits('1e5')).toBeNull();
    expect(toUnits(null)).toBeNull();
  });

  it('holds a decimal as units of its scale and back, trailing zeros gone', () => {
    expect(toUnits('1.50')).toEqual({ units: 150n, scale: 2 });
    expect(toUnits('-0.25')).toEqual({ units: -25n, scale: 2 });
    expect(fromUnits(150n, 2)).toBe('1.5');
    expect(fromUnits(-5n, 3)).toBe('-0.005');
    expect(fromUnits(0n, 4)).toBe('0');
    expect(fromUnits(1200n, 0)).toBe('1200');
  });

  it('counts the decimals as typed', () => {
    expect(decimalPlaces('1.50')).toBe(2);
    expect(decimalPlaces('12')).toBe(0);
    expect(decimalPlaces('3.')).toBe(0);
  });
});

describe('an amount as typed', () => {
  it('reads a comma as the decimal point and keeps one point and the digits', () => {
    expect(sanitizeDecimalInput('12,5')).toBe('12.5');
    expect(sanitizeDecimalInput('1.2.3')).toBe('1.23');
    expect(sanitizeDecimalInput(' 1a00 ')).toBe('100');
    // Decimals are kept, so too many can be told.
    expect(sanitizeDecimalInput('1.123456789')).toBe('1.123456789');
  });
});
