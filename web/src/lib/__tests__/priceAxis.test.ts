import type { BarPrice, ISeriesApi, SeriesType } from 'lightweight-charts';
import { describe, expect, it } from 'vitest';
import { priceLabel, tickLabels } from '../priceAxis';

// A series whose scale puts price p at y = 1000 - p (1 px per unit).
const series = { priceToCoordinate: (p: number) => 1000 - p } as unknown as ISeriesApi<SeriesType>;
const prices = (...p: number[]) => p as BarPrice[];

describe('price axis labels', () => {
  it('show the tick decimals with separators', () => {
    expect(priceLabel('0.01')(67006.5)).toBe('67,006.50');
    // A float between two ticks (the crosshair's) is rounded to the nearer one.
    expect(priceLabel('1')(67006.4)).toBe('67,006');
    expect(priceLabel('0.5')(0.25)).toBe('0.3');
  });

  it('leave out the labels a price tag would cover and keep the others', () => {
    const labels = tickLabels(() => series, () => [105], priceLabel('0.1'), 15);
    expect(labels(prices(80, 100, 110, 120.5))).toEqual(['80.0', '', '', '120.5']);
  });

  it('keep stacked tags clear: each close neighbour adds a tag height', () => {
    const labels = tickLabels(() => series, () => [100, 100], priceLabel('1'), 15);
    // 100 ± (15 + 18) is covered: the chart draws the second tag just above or below the first.
    expect(labels(prices(60, 70, 80, 120, 130, 140))).toEqual(['60', '', '', '', '', '140']);
  });

  it('keep every label without tags or before the series exists', () => {
    expect(tickLabels(() => series, () => [], priceLabel('1'), 15)(prices(1, 2))).toEqual(['1', '2']);
    expect(tickLabels(() => null, () => [1], priceLabel('1'), 15)(prices(1, 2))).toEqual(['1', '2']);
  });
});
