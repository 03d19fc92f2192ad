/**
 * The payoff of a dual investment: what the payout is worth in the quote
 * against the settlement price (a coin payout valued at that price), the
 * linked price marked, beside what the amount invested would be worth simply
 * held. Its own chunk: recharts loads only with the pages that draw it.
 * Values are numbers for the picture only; every figure shown as text goes
 * through lib/format.ts.
 */
import { CartesianGrid, Label, Legend, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from 'react-i18next';
import { axisTick, CHART, tooltipStyle } from '../../../components/chartTheme';
import { formatCompact } from '../../../lib/format';
import { payoffPoints, type Terms } from '../logic';

/** A short axis label (the axis is narrow): K and M above a thousand and a million. */
function short(n: number): string {
  if (!Number.isFinite(n)) return '';
  return formatCompact(String(Math.round(n * 100) / 100));
}

export default function PayoffChart({ terms, amount, linkedText }: { terms: Terms; amount: string; linkedText: string }) {
  const { t } = useTranslation();
  const points = payoffPoints(terms, amount);
  const linked = Number(terms.linked_price);
  const quote = terms.quote;
  return (
    <div className="dual-chart" data-testid="dual-payoff-chart" role="img" aria-label={t('invest.help.chartTitle', { quote })}>
      <ResponsiveContainer width="100%" height={220}>
        <LineChart data={points} margin={{ top: 16, right: 12, bottom: 4, left: -6 }}>
          <CartesianGrid stroke={CHART.gridLine} strokeDasharray="3 3" />
          <XAxis
            dataKey="price"
            type="number"
            domain={['dataMin', 'dataMax']}
            tick={axisTick}
            stroke={CHART.grid}
            tickFormatter={short}
            tickCount={5}
          />
          <YAxis tick={axisTick} stroke={CHART.grid} width={52} tickFormatter={short} tickCount={5} domain={['auto', 'auto']} />
          <ReferenceLine x={linked} stroke={CHART.primary} strokeDasharray="4 3">
            <Label value={t('invest.help.linkedMark', { price: linkedText })} fill={CHART.primary} fontSize={10} position="insideBottomLeft" />
          </ReferenceLine>
          <Tooltip
            {...tooltipStyle}
            labelFormatter={(v) => t('invest.help.atPrice', { price: short(Number(v)), quote })}
            formatter={(v, name) => [`${short(Number(v))} ${quote}`, name]}
          />
          <Legend wrapperStyle={{ fontSize: 12, color: '#929aa5' }} />
          <Line type="linear" dataKey="payout" name={t('invest.help.payoutLine')} stroke={CHART.primary} strokeWidth={2} dot={false} isAnimationActive={false} />
          <Line type="linear" dataKey="held" name={t('invest.help.heldLine')} stroke={CHART.muted} strokeWidth={1.5} strokeDasharray="5 4" dot={false} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
