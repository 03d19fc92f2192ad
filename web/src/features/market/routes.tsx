/** Pages of the market area: the Market tab and the search page. */
import { lazy } from 'react';
import type { FeatureRoute } from '../../app/featureRoutes';
import { MARKET_ROUTES } from '../../shared/market/routes';

const MarketPage = lazy(() => import('./pages/MarketPage'));
const SearchPage = lazy(() => import('./pages/SearchPage'));

export const routes: FeatureRoute[] = [
  { path: MARKET_ROUTES.market, element: <MarketPage />, tab: true },
  { path: MARKET_ROUTES.search, element: <SearchPage /> },
];
