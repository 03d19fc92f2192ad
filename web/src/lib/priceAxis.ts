/**
 * Price-axis labels of the app's lightweight-charts (K-line, options chart).
 *
 * Prices show the market's tick decimals with thousands separators, as
 * everywhere else in the app (format.ts `formatPrice`). The chart library draws
 * a price tag (the last price, an entry line) on top of the axis' own labels
 * without hiding the label underneath, so half a label peeks out above or below
 * the tag; `tickLabels` leaves out the axis labels that a tag would cover.
 */
import type { BarPrice, IChartApi, ISeriesApi, SeriesType } from 'lightweight-charts';
import { decimalsOf, formatPrice } from './format';

/** A drawn price (a float, for drawing only) as the app writes prices of this market. */
export function priceLabel(tick: string): (price: number) => string {
  const places = decimalsOf(tick);
  return (price) => formatPrice(price.toFixed(places), tick);
}

/** Height of a price tag on the axis at the app's 10 px axis font. */
const TAG_HEIGHT = 18;

/**
 * Labels of the axis tick marks: `label` of each, but none within `clearance`
 * pixels of a tag at one of `tags()` (read when the chart asks, so it follows
 * the live price). Tags closer than a tag's height are stacked by the chart,
 * so a tag with close neighbours keeps a tag's height more clear per
 * neighbour. The chart re-asks only when its scale changes; call
 * `refreshTickLabels` after moving a tag.
 */
export function tickLabels(
  series: () => ISeriesApi<SeriesType> | null,
  tags: () => number[],
  label: (price: number) => string,
  clearance: number,
): (prices: BarPrice[]) => string[] {
  return (prices) => {
    const s = series();
    const ys = s ? tags().map((p) => s.priceToCoordinate(p)).filter((y): y is NonNullable<typeof y> => y !== null) : [];
    const zones = ys.map((y, i) => ({
      y,
      reach: clearance + ys.filter((o, j) => j !== i && Math.abs(o - y) < TAG_HEIGHT).length * TAG_HEIGHT,
    }));
    return prices.map((p) => {
      const y = s?.priceToCoordinate(p);
      return y != null && zones.some((z) => Math.abs(z.y - y) < z.reach) ? '' : label(p);
    });
  };
}

/** Makes the chart format its tick labels again (a changed formatter clears its cache). */
export function refreshTickLabels(chart: IChartApi, formatter: (prices: BarPrice[]) => string[]) {
  chart.applyOptions({ localization: { tickmarksPriceFormatter: formatter } });
}

/** A colour of the theme (styles/theme.css), read once the document has its styles. */
export function themeColor(name: string, fallback: string): string {
  if (typeof document === 'undefined') return fallback;
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}
