/**
 * Donut chart of how the assets split over the tabs (crypto, fiat, futures,
 * options, stock, mining), with a legend of shares. Its own chunk: recharts
 * loads only when there is something to draw. Percentages are for the picture only; no
 * money is computed from them.
 */
import { Cell, Pie, PieChart } from 'recharts';
import { useTranslation } from 'react-i18next';
import { useCoinPlaces } from '../../../shared/funds/api';
import { DEFAULT_PRECISION } from '../../../lib/constants';
import { formatCoin } from '../../../lib/format';
import type { AssetTab } from '../logic';

const COLORS: Record<AssetTab, string> = {
  crypto: '#f0b90b',
  fiat: '#2ec4b6',
  futures: '#3d8bfd',
  options: '#9b6bff',
  stock: '#ff7a8a',
  mining: '#0ecb81',
};

interface Props {
  parts: { key: AssetTab; value: string }[];
  total: string;
}

export default function AssetSplit({ parts, total }: Props) {
  const { t } = useTranslation();
  // Values are in USDT: its precision, the spec's default while the coin list loads.
  const usdt = useCoinPlaces()('USDT') ?? DEFAULT_PRECISION;
  const sum = Number(total);
  if (parts.length === 0 || !(sum > 0)) return null;
  const data = parts.map((p) => ({ key: p.key, value: Number(p.value) }));

  return (
    <section className="funds-split card" data-testid="asset-split">
      <div className="funds-split-chart" aria-hidden="true">
        <PieChart width={104} height={104}>
          <Pie data={data} dataKey="value" nameKey="key" innerRadius={34} outerRadius={50} paddingAngle={parts.length > 1 ? 2 : 0} stroke="none" isAnimationActive={false}>
            {data.map((d) => (
              <Cell key={d.key} fill={COLORS[d.key]} />
            ))}
          </Pie>
        </PieChart>
      </div>
      <ul className="funds-split-legend">
        {parts.map((p) => {
          const share = (Number(p.value) / sum) * 100;
          return (
            <li key={p.key}>
              <span className="funds-split-dot" style={{ background: COLORS[p.key] }} />
              <span className="funds-split-name ellipsis">{t(`fund.tabs.${p.key}`)}</span>
              <span className="funds-split-share">{share < 0.01 ? '<0.01' : share.toFixed(2)}%</span>
              <span className="funds-split-value ellipsis">{formatCoin(p.value, usdt)}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
