/**
 * Pages of lock-up mining, by the spec's registry: lockming welcome (the
 * Lock tab), lockming (a kind's products), buy (a product and its form) and
 * order (the caller's orders).
 */
import { lazy } from 'react';
import type { FeatureRoute } from '../../app/featureRoutes';
import { LOCK_ROUTES } from '../../shared/lock/routes';

const LockWelcomePage = lazy(() => import('./pages/LockWelcomePage'));
const ProductListPage = lazy(() => import('./pages/ProductListPage'));
const BuyPage = lazy(() => import('./pages/BuyPage'));
const OrdersPage = lazy(() => import('./pages/OrdersPage'));

export const routes: FeatureRoute[] = [
  { path: LOCK_ROUTES.welcome, element: <LockWelcomePage />, tab: true },
  { path: LOCK_ROUTES.list, element: <ProductListPage /> },
  { path: LOCK_ROUTES.buy, element: <BuyPage /> },
  { path: LOCK_ROUTES.orders, element: <OrdersPage />, auth: true },
];
