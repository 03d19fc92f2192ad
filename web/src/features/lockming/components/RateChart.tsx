/**
 * The daily rate of a product over its last days (up to 30), a line between
 * the bounds of its range (dashed). Its own chunk: recharts loads only with a
 * product's page. Values are numbers for the picture only; the tooltip reads
 * the server's exact string.
 */
import { Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from 'react-i18next';
import { axisTick, CHART, shortDay, tooltipStyle } from '../../../components/chartTheme';
import { formatPercent } from '../../../lib/format';
import type { DayRate } from '../api';
import { ratePoints, rateText } from '../logic';

/** An axis label: the percent with at most 3 decimals, in the language's marks (the picture only). */
function axisPercent(n: number): string {
  return Number.isFinite(n) ? formatPercent(n.toFixed(3), 3, { trim: true }) : '';
}

export default function RateChart({ rates, min, max }: { rates: DayRate[]; min: string; max: string }) {
  const { t } = useTranslation();
  const points = ratePoints(rates);
  const lo = Number(min);
  const hi = Number(max);
  const pad = Math.max((hi - lo) * 0.25, hi * 0.02, 0.001);
  const exact = (payload: unknown) => rates.find((r) => r.day === (payload as { day?: string } | undefined)?.day)?.rate ?? null;
  return (
    <div className="lm-chart" data-testid="lm-rate-chart">
      <ResponsiveContainer width="100%" height={160}>
        <LineChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: -4 }}>
          <XAxis dataKey="day" tickFormatter={shortDay} tick={axisTick} stroke={CHART.grid} minTickGap={24} />
          <YAxis
            tick={axisTick}
            stroke={CHART.grid}
            width={54}
            tickFormatter={axisPercent}
            ticks={lo === hi ? [lo] : [lo, (lo + hi) / 2, hi]}
            domain={[Math.max(0, lo - pad), hi + pad]}
          />
          <ReferenceLine y={lo} stroke={CHART.grid} strokeDasharray="3 3" />
          <ReferenceLine y={hi} stroke={CHART.grid} strokeDasharray="3 3" />
          <Tooltip {...tooltipStyle} formatter={(_v, _n, item) => [rateText(exact(item?.payload)), t('lockming.dayRate')]} />
          <Line type="monotone" dataKey="rate" stroke={CHART.primary} strokeWidth={2} dot={points.length < 8} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
