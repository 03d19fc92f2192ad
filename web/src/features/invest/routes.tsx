/**
 * Pages of dual investment, by the spec's registry: invest invest (the
 * products), purchase (`?id=`), mine (the caller's orders) and help; and the
 * financial products hub (financial/index), which leads here and to lock-up
 * mining.
 */
import { lazy } from 'react';
import type { FeatureRoute } from '../../app/featureRoutes';
import { INVEST_ROUTES } from './paths';

const ProductListPage = lazy(() => import('./pages/ProductListPage'));
const PurchasePage = lazy(() => import('./pages/PurchasePage'));
const MinePage = lazy(() => import('./pages/MinePage'));
const HelpPage = lazy(() => import('./pages/HelpPage'));
const FinancialPage = lazy(() => import('./pages/FinancialPage'));

export const routes: FeatureRoute[] = [
  { path: INVEST_ROUTES.list, element: <ProductListPage /> },
  { path: INVEST_ROUTES.purchase, element: <PurchasePage /> },
  { path: INVEST_ROUTES.mine, element: <MinePage />, auth: true },
  { path: INVEST_ROUTES.help, element: <HelpPage /> },
  { path: INVEST_ROUTES.financial, element: <FinancialPage /> },
];
