/** Pages of the market area (the Market tab itself is registered by the app router). */
import { lazy } from 'react';
import type { FeatureRoute } from '../../app/featureRoutes';
import { MARKET_ROUTES } from '../../components/MarketRoutes';

const SearchPage = lazy(() => import('./pages/SearchPage'));

export const routes: FeatureRoute[] = [{ path: MARKET_ROUTES.search, element: <SearchPage /> }];
