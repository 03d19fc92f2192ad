/** Head of the market detail: symbol, last price, change, and the day's high, low, volume and turnover. */
import { useTranslation } from 'react-i18next';
import { ChangePill } from '../../../shared/market/ChangePill';
import { CoinIcon } from '../../../components/CoinIcon';
import type { MarketRow } from '../../../shared/market/api';
import { formatCompact, formatPrice, splitSymbol, trendColor } from '../../../lib/format';

export function MarketHeader({ row }: { row: MarketRow }) {
  const { t } = useTranslation();
  const { base, quote } = splitSymbol(row.symbol);
  return (
    <section className="detail-head" data-testid="detail-head">
      <div className="detail-title">
        <CoinIcon src={row.logo} name={base} size={26} />
        <h1 className="ellipsis">
          {base}
          <small>/{quote}</small>
        </h1>
        <span className="detail-kind">{t(`trade.kind.${row.market_type === 'stock' ? 'stock' : 'coin'}`)}</span>
      </div>
      <div className="detail-price-row" data-live>
        <div className="detail-price-main">
          <span className="detail-price" style={{ color: trendColor(row.change) }} data-testid="detail-price">
            {formatPrice(row.now_price, row.tick)}
          </span>
          <ChangePill change={row.change} />
        </div>
        <dl className="detail-stats">
          <div>
            <dt>{t('trade.high24')}</dt>
            <dd>{formatPrice(row.high, row.tick)}</dd>
          </div>
          <div>
            <dt>{t('trade.low24')}</dt>
            <dd>{formatPrice(row.low, row.tick)}</dd>
          </div>
          <div>
            <dt>
              {t('trade.vol24')}({base})
            </dt>
            <dd>{formatCompact(row.volume)}</dd>
          </div>
          <div>
            <dt>
              {t('trade.turnover24')}({quote})
            </dt>
            <dd>{formatCompact(row.amount)}</dd>
          </div>
        </dl>
      </div>
    </section>
  );
}
