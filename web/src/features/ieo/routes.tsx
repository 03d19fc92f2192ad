/**
 * Pages of the IEO token sales, by the spec's registry: ieo ieo (the
 * projects), subscribe (one project and the subscription form, `?id=`) and
 * order (the caller's subscriptions).
 */
import { lazy } from 'react';
import type { FeatureRoute } from '../../app/featureRoutes';
import { IEO_ROUTES } from '../../shared/ieo/routes';

const ProjectListPage = lazy(() => import('./pages/ProjectListPage'));
const SubscribePage = lazy(() => import('./pages/SubscribePage'));
const OrdersPage = lazy(() => import('./pages/OrdersPage'));

export const routes: FeatureRoute[] = [
  { path: IEO_ROUTES.list, element: <ProjectListPage /> },
  { path: IEO_ROUTES.subscribe, element: <SubscribePage /> },
  { path: IEO_ROUTES.orders, element: <OrdersPage />, auth: true },
];
