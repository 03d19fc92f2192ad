/**
 * Market tab: favourites, futures, coins and stocks with live prices
 * (`daymarket`), a search entry, and a tap to the market detail. `?tab=stock`
 * (or futures, coin, favourite) opens that tab.
 */
import { Button, Tabs } from 'antd-mobile';
import { SearchOutline, StarOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { useGetFavouritesQuery, useGetQuotationsQuery, type MarketRow } from '../../../shared/market/api';
import { detailRoute, MARKET_ROUTES } from '../../../shared/market/routes';
import { EmptyState, ErrorState } from '../../../components/StateBlocks';
import { TabHeader } from '../../../components/TabHeader';
import { loginRouteFor } from '../../../lib/navigation';
import { selectToken } from '../../../lib/session';
import { useRealtime } from '../../../lib/socket';
import { liveFavourites, MARKET_TABS, parseTab, rowsOfTab, type MarketTab } from '../logic';
import { MarketList } from '../components/MarketList';
import '../../../shared/market/styles.css';

function Favourites({ live, onOpen }: { live: MarketRow[] | undefined; onOpen: (row: MarketRow) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const token = useAppSelector(selectToken);
  const { data, isLoading, refetch } = useGetFavouritesQuery(undefined, { skip: !token });

  if (!token) {
    return (
      <div className="market-login-card" data-testid="favourites-login">
        <StarOutline className="market-login-icon" />
        <p>{t('market.favLogin')}</p>
        <Button color="primary" shape="rounded" onClick={() => navigate(loginRouteFor(location.pathname + location.search))}>
          {t('market.login')}
        </Button>
      </div>
    );
  }
  if (isLoading) return <LoadingBlock lines={6} title={false} />;
  // A failed refetch keeps the last list: it reloads once the link is back.
  if (!data) return <ErrorState onRetry={refetch} />;
  if (data.length === 0) return <EmptyState title={t('market.favEmpty')} description={t('market.favEmptyHint')} />;
  return <MarketList rows={liveFavourites(data, live)} onOpen={onOpen} />;
}

export default function MarketPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = parseTab(params.get('tab'));
  const { data, isLoading, refetch } = useGetQuotationsQuery();
  useRealtime();

  const open = (row: MarketRow) => navigate(detailRoute(row.symbol));
  const choose = (key: string) => setParams({ tab: key }, { replace: true });

  const titles: Record<MarketTab, string> = {
    favourite: t('market.tabFavourite'),
    futures: t('market.tabFutures'),
    coin: t('market.tabCoin'),
    stock: t('market.tabStock'),
  };

  let body;
  if (tab === 'favourite') {
    body = <Favourites live={data} onOpen={open} />;
  } else if (isLoading) {
    body = <LoadingBlock lines={6} title={false} />;
  } else if (!data) {
    body = <ErrorState onRetry={refetch} />;
  } else {
    const rows = rowsOfTab(data, tab);
    body = rows.length ? <MarketList rows={rows} onOpen={open} /> : <EmptyState title={t('market.emptyTab')} />;
  }

  return (
    <div className="tab-page market-page" data-testid="market-page">
      <TabHeader
        title={t('tabs.market')}
        right={
          <button
            type="button"
            className="icon-button market-search-button"
            onClick={() => navigate(MARKET_ROUTES.search)}
            aria-label={t('market.search')}
            data-testid="market-search"
          >
            <SearchOutline fontSize={22} />
          </button>
        }
      />
      <Tabs activeKey={tab} onChange={choose} className="market-tabs">
        {MARKET_TABS.map((key) => (
          <Tabs.Tab key={key} title={<span data-testid={`market-tab-${key}`}>{titles[key]}</span>} />
        ))}
      </Tabs>
      {body}
    </div>
  );
}
