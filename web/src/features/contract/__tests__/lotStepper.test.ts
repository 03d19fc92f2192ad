import { describe, expect, it } from 'vitest';
import { clampLots } from '../components/LotStepper';

describe('lot field', () => {
  it('settles what was typed into the allowed range', () => {
    expect(clampLots('5', 1, 100)).toBe(5);
    expect(clampLots('0', 1, 100)).toBe(1);
    expect(clampLots('999999999', 1, 100)).toBe(100);
    // Nothing typed, or not a number, falls back to the least lots.
    expect(clampLots('', 1, 100)).toBe(1);
    expect(clampLots('abc', 2, 100)).toBe(2);
  });
});
