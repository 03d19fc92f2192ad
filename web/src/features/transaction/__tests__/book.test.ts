import { describe, expect, it } from 'vitest';
import { aggregateLevels, groupingSteps, shapeBook, withTotals, type Level } from '../book';

const bids: Level[] = [
  ['100.05', '1'],
  ['100.01', '2'],
  ['99.99', '0.5'],
  ['99.50', '0'],
];
const asks: Level[] = [
  ['100.11', '1'],
  ['100.19', '1.5'],
  ['100.21', '3'],
];

describe('order book shaping', () => {
  it('groups bids down and asks up to the step, summing sizes', () => {
    expect(aggregateLevels(bids, '0.1', 'bid')).toEqual([
      ['100', '3'],
      ['99.9', '0.5'],
    ]);
    expect(aggregateLevels(asks, '0.1', 'ask')).toEqual([
      ['100.2', '2.5'],
      ['100.3', '3'],
    ]);
  });

  it('keeps levels as they are at the tick and drops empty ones', () => {
    expect(aggregateLevels(bids, '0.01', 'bid')).toHaveLength(3);
  });

  it('runs totals from the best price', () => {
    expect(withTotals(asks, 2).map((r) => r.total)).toEqual(['1', '2.5']);
  });

  it('draws bars against the deepest total of either side', () => {
    const { bids: b, asks: a } = shapeBook(bids, asks, '0.01', 10);
    // Bid totals 1, 3, 3.5; ask totals 1, 2.5, 5.5.
    expect(a[a.length - 1].depth).toBe(1);
    expect(b[b.length - 1].depth).toBeCloseTo(3.5 / 5.5, 5);
    expect(b[0].depth).toBeCloseTo(1 / 5.5, 5);
  });

  it('limits the rows shown', () => {
    expect(shapeBook(bids, asks, '0.01', 2).asks).toHaveLength(2);
  });

  it('an empty book has no bars', () => {
    expect(shapeBook([], [], '0.01', 5)).toEqual({ bids: [], asks: [] });
  });

  it('offers the tick and two coarser steps', () => {
    expect(groupingSteps('0.01')).toEqual(['0.01', '0.1', '1']);
    expect(groupingSteps('0.00001')).toEqual(['0.00001', '0.0001', '0.001']);
  });
});
