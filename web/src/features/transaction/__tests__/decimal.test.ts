import { describe, expect, it } from 'vitest';
import { add, ceilToStep, cmp, divTrunc, floorToStep, isMultipleOf, mul, normalise, percentOf, placesOf, sub, truncate } from '../decimal';

describe('decimal helpers', () => {
  it('add and subtract exactly where floats would not', () => {
    expect(add('0.1', '0.2')).toBe('0.3');
    expect(sub('1', '0.9')).toBe('0.1');
    expect(sub('0.5', '2')).toBe('-1.5');
  });

  it('multiply and divide with explicit truncation', () => {
    expect(mul('66996.54', '0.001')).toBe('66.99654');
    expect(divTrunc('100', '3', 4)).toBe('33.3333');
    expect(divTrunc('2500', '66996.54', 4)).toBe('0.0373');
    expect(divTrunc('1', '0', 2)).toBeNull();
  });

  it('takes a percentage exactly', () => {
    expect(percentOf('10000', 25)).toBe('2500');
    expect(percentOf('0.0003', 75)).toBe('0.000225');
    expect(percentOf('9794.960645', 100)).toBe('9794.960645');
  });

  it('rounds to steps down and up', () => {
    expect(floorToStep('1.23456', '0.001')).toBe('1.234');
    expect(floorToStep('17', '5')).toBe('15');
    expect(ceilToStep('1.2341', '0.001')).toBe('1.235');
    expect(ceilToStep('1.234', '0.001')).toBe('1.234');
    expect(truncate('1.99999', 2)).toBe('1.99');
  });

  it('compares, checks multiples and normalises', () => {
    expect(cmp('1.10', '1.1')).toBe(0);
    expect(cmp('-1', '0.5')).toBe(-1);
    expect(isMultipleOf('66996.55', '0.01')).toBe(true);
    expect(isMultipleOf('66996.555', '0.01')).toBe(false);
    expect(isMultipleOf('30', '10')).toBe(true);
    expect(normalise('02.50')).toBe('2.5');
    expect(normalise('3.')).toBe('3');
    expect(placesOf('0.00010')).toBe(4);
  });
});
