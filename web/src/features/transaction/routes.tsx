/** Pages of spot trading: market detail, the trade screen and the order list (the Contract tab is features/contract's). */
import { lazy } from 'react';
import type { FeatureRoute } from '../../app/featureRoutes';
import { MARKET_ROUTES } from '../../shared/market/routes';

const DetailPage = lazy(() => import('./pages/DetailPage'));
const CurrencyPage = lazy(() => import('./pages/CurrencyPage'));
const CurrencyOrderPage = lazy(() => import('./pages/CurrencyOrderPage'));

export const routes: FeatureRoute[] = [
  { path: MARKET_ROUTES.detail, element: <DetailPage /> },
  { path: MARKET_ROUTES.trade, element: <CurrencyPage /> },
  { path: MARKET_ROUTES.orders, element: <CurrencyOrderPage />, auth: true },
];
