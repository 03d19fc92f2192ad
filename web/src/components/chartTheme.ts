/**
 * The look of the app's recharts charts (a trader's curve and daily profit,
 * a lock-up product's day rates, the dual-investment payoff): the dark
 * theme's colours, the axis ticks, the tooltip, and the day an axis shows.
 * Plain values and a function, so the charts' own chunks stay the only ones
 * that load recharts.
 */
export const CHART = {
  up: '#0ecb81',
  down: '#f6465d',
  grid: '#5e6673',
  primary: '#f0b90b',
  /** Secondary lines (what an amount would be worth simply held). */
  muted: '#929aa5',
  /** The grid lines drawn across a chart. */
  gridLine: '#2b3139',
} as const;

export const axisTick = { fill: CHART.grid, fontSize: 12 };

export const tooltipStyle = {
  contentStyle: { background: '#1e2329', border: `1px solid ${CHART.gridLine}`, borderRadius: 8, fontSize: 12 },
  labelStyle: { color: CHART.muted },
  itemStyle: { color: '#eaecef' },
};

/** "2026-11-26" as "11-26", short enough for a chart axis (anything else as it is). */
export function shortDay(day: string): string {
  const m = /^\d{4}-(\d{2})-(\d{2})$/.exec(day);
  return m ? `${m[1]}-${m[2]}` : day;
}
