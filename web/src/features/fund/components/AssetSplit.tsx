/**
 * Donut chart of how the assets split over the Assets tabs, with a legend of
 * each tab's value and share. Its own chunk: recharts loads only when there
 * is something to draw. The shares are exact on the values and add up to
 * 100% (logic.ts `sharesOf`); no money is computed from them.
 */
import { Cell, Pie, PieChart } from 'recharts';
import { useTranslation } from 'react-i18next';
import { useCoinPlaces } from '../../../shared/funds/api';
import { DEFAULT_PRECISION } from '../../../lib/constants';
import { formatCoin, formatPercent } from '../../../lib/format';
import { ASSET_TABS, sharesOf, type SplitPart } from '../logic';

const PALETTE = ['#f0b90b', '#2ec4b6', '#3d8bfd', '#9b6bff', '#ff7a8a', '#0ecb81', '#ff9f43', '#00b8d9', '#c56cf0', '#8395a7'];

/** A tab's colour: the fixed tabs keep theirs, a tab beyond them takes the next one. */
function colorOf(key: string, index: number): string {
  const fixed = ASSET_TABS.findIndex((t) => t.key === key);
  return PALETTE[(fixed >= 0 ? fixed : ASSET_TABS.length + index) % PALETTE.length];
}

export default function AssetSplit({ parts }: { parts: SplitPart[] }) {
  const { t } = useTranslation();
  // Values are in USDT: its precision, the spec's default while the coin list loads.
  const usdt = useCoinPlaces()('USDT') ?? DEFAULT_PRECISION;
  if (parts.length === 0) return null;
  const shares = sharesOf(parts.map((p) => p.value));
  const data = parts.map((p) => ({ key: p.key, value: Number(p.value) }));

  return (
    <section className="funds-split card" data-testid="asset-split">
      <div className="funds-split-chart" aria-hidden="true">
        <PieChart width={104} height={104} accessibilityLayer={false}>
          <Pie rootTabIndex={-1} data={data} dataKey="value" nameKey="key" innerRadius={34} outerRadius={50} paddingAngle={parts.length > 1 ? 2 : 0} stroke="none" isAnimationActive={false}>
            {data.map((d, i) => (
              <Cell key={d.key} fill={colorOf(d.key, i)} />
            ))}
          </Pie>
        </PieChart>
      </div>
      <ul className="funds-split-legend">
        {parts.map((p, i) => (
          <li key={p.key} data-testid={`split-${p.key}`} data-value={p.value} data-share={shares[i]}>
            <span className="funds-split-dot" style={{ background: colorOf(p.key, i) }} />
            <span className="funds-split-name ellipsis">{t(p.label)}</span>
            <span className="funds-split-share">{shares[i] === '0.00' ? `<${formatPercent('0.01', 2)}` : formatPercent(shares[i], 2)}</span>
            <span className="funds-split-value ellipsis">{formatCoin(p.value, usdt)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
