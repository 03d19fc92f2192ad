/** A blind-box series as the market lists it: cover, name, price, sold of total and its state; opens the series. */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { TapCard } from '../../../components/TapCard';
import { seriesRoute } from '../../../shared/nft/routes';
import type { SeriesCard as Series } from '../api';
import { soldPercent } from '../logic';
import { Bar, Cover, SaleTag, useNftFigures } from './Parts';

export function SeriesCard({ series: s }: { series: Series }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { exact } = useNftFigures();
  return (
    <TapCard className="nft-series-card" onOpen={() => navigate(seriesRoute(s.id))} data-testid="nft-series-card" data-id={s.id} data-status={s.sale_status}>
      <div className="nft-series-top">
        <Cover src={s.cover} alt={s.name} className="nft-series-cover" />
        <div className="nft-series-who">
          <strong className="ellipsis" data-testid="nft-series-name">
            {s.name}
          </strong>
          <span className="hint ellipsis">{s.artist_name}</span>
          <div className="nft-card-tags">
            <span className="nft-tag nft-mode-box">{t('nft.type.box')}</span>
            <SaleTag status={s.sale_status} soldOut={s.sold >= s.total} />
          </div>
          <b className="nft-series-price" data-testid="nft-series-price">
            {exact(s.price)} {s.currency_name}
          </b>
        </div>
      </div>
      <div className="nft-series-sold">
        <span className="ui-figure-label">{t('nft.series.sold')}</span>
        <b data-testid="nft-series-sold">{t('nft.series.soldOf', { sold: s.sold, total: s.total })}</b>
      </div>
      <Bar percent={soldPercent(s.sold, s.total)} label={t('nft.series.sold')} />
    </TapCard>
  );
}
