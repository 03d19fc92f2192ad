/** Small live line of the recent ticker prices of one market (recharts). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Line, LineChart, ResponsiveContainer, Tooltip, YAxis } from 'recharts';

const KEEP = 120;

interface Point {
  time: number;
  /** For drawing only; amounts shown to the user keep their strings. */
  price: number;
  label: string;
}

export function OptionChart({ symbol, price }: { symbol: string; price: string }) {
  const { t } = useTranslation();
  const [points, setPoints] = useState<Point[]>([]);
  const [seen, setSeen] = useState<string | null>(null);

  // A new ticker price adds a point (state adjusted while rendering; the parent keys this by market).
  if (price !== seen) {
    setSeen(price);
    const value = Number(price);
    if (Number.isFinite(value) && value > 0) {
      setPoints((prev) => [...prev, { time: Date.now(), price: value, label: price }].slice(-KEEP));
    }
  }

  if (points.length < 2) {
    return <div className="ct-chart-empty">{t('contract.chartWaiting')}</div>;
  }
  const first = points[0].price;
  const last = points[points.length - 1].price;
  const color = last >= first ? 'var(--bourse-up)' : 'var(--bourse-down)';
  return (
    <div className="ct-chart" data-testid="ct-chart">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <YAxis domain={['auto', 'auto']} hide />
          <Tooltip
            contentStyle={{ background: '#1e2329', border: '1px solid #2b3139', borderRadius: 8, fontSize: 12 }}
            labelFormatter={() => ''}
            formatter={(_v, _n, item) => [String((item?.payload as Point | undefined)?.label ?? ''), symbol]}
          />
          <Line type="monotone" dataKey="price" stroke={color} strokeWidth={2} dot={false} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
