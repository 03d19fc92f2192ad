/**
 * A trader's two charts: the cumulative rate of return (a line, percent) and
 * the realised profit of each day (bars coloured by sign). Its own chunk:
 * recharts loads only with a trader's page. Values are numbers for the
 * picture only; every figure shown as text goes through lib/format.ts.
 */
import { Bar, BarChart, Cell, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from 'react-i18next';
import { axisTick, CHART, shortDay, tooltipStyle } from '../../../components/chartTheme';
import type { DayPoint } from '../api';
import { axisLabel, chartPoints } from '../logic';

interface Props {
  curve: DayPoint[];
  daily: DayPoint[];
  coin: string;
  /** How a day's profit reads (the coin's precision, signed). */
  money: (value: string) => string;
  /** How a cumulative return reads ("+1.25%"). */
  percent: (value: string) => string;
}

/** The figure of a day as the server sent it (a string), for the tooltip. */
function exact(points: DayPoint[], payload: unknown): string {
  const day = (payload as { day?: string } | undefined)?.day;
  return points.find((p) => p.day === day)?.value ?? '';
}

export default function TraderCharts({ curve, daily, coin, money, percent }: Props) {
  const { t } = useTranslation();
  const line = chartPoints(curve);
  const bars = chartPoints(daily);
  const last = line.length > 0 ? line[line.length - 1].value : 0;
  return (
    <div className="cp-charts" data-testid="cp-charts">
      <div className="cp-chart-title">{t('copytrade.charts.curve')}</div>
      <div className="cp-chart" data-testid="cp-curve">
        <ResponsiveContainer width="100%" height={150}>
          <LineChart data={line} margin={{ top: 8, right: 8, bottom: 0, left: -12 }}>
            <XAxis dataKey="day" tickFormatter={shortDay} tick={axisTick} stroke={CHART.grid} minTickGap={24} />
            <YAxis tick={axisTick} stroke={CHART.grid} width={48} tickFormatter={axisLabel} tickCount={4} />
            {/* Zero stays in view (the axis extends to it): a return is read against it. */}
            <ReferenceLine y={0} stroke={CHART.grid} strokeDasharray="3 3" ifOverflow="extendDomain" />
            <Tooltip {...tooltipStyle} formatter={(_v, _n, item) => [percent(exact(curve, item?.payload)), t('copytrade.charts.curve')]} />
            <Line type="monotone" dataKey="value" stroke={last < 0 ? CHART.down : last > 0 ? CHART.up : CHART.primary} strokeWidth={2} dot={line.length < 3} isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <div className="cp-chart-title">{`${t('copytrade.charts.daily')} (${coin})`}</div>
      {bars.length === 0 ? (
        <p className="hint cp-chart-empty">{t('copytrade.charts.noDaily')}</p>
      ) : (
        <div className="cp-chart" data-testid="cp-daily">
          <ResponsiveContainer width="100%" height={130}>
            <BarChart data={bars} margin={{ top: 8, right: 8, bottom: 0, left: -12 }}>
              <XAxis dataKey="day" tickFormatter={shortDay} tick={axisTick} stroke={CHART.grid} minTickGap={24} />
              <YAxis tick={axisTick} stroke={CHART.grid} width={48} tickFormatter={axisLabel} tickCount={4} />
              {/* A bar grows from zero, which stays in view. */}
              <ReferenceLine y={0} stroke={CHART.grid} ifOverflow="extendDomain" />
              <Tooltip {...tooltipStyle} cursor={{ fill: 'rgba(255,255,255,0.04)' }} formatter={(_v, _n, item) => [`${money(exact(daily, item?.payload))} ${coin}`, t('copytrade.charts.daily')]} />
              <Bar dataKey="value" isAnimationActive={false} maxBarSize={18}>
                {bars.map((b) => (
                  <Cell key={b.day} fill={b.value < 0 ? CHART.down : CHART.up} />
                ))}
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        </div>
      )}
    </div>
  );
}
