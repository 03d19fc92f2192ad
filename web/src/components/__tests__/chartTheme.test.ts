import { describe, expect, it } from 'vitest';
import { shortDay } from '../chartTheme';

describe('a chart axis', () => {
  it('shows a day as month-day, anything else as it is', () => {
    expect(shortDay('2026-11-26')).toBe('11-26');
    expect(shortDay('today')).toBe('today');
  });
});
