/**
 * Pages of copy trading, by the spec's registry: copytrade copy (the list),
 * trader and my; follow index and trader (the same list and trader pages
 * under the follow registry's names), follow (the form) and the agreement in
 * Chinese and English; plus the copies of one follow (receipts).
 */
import { lazy } from 'react';
import type { FeatureRoute } from '../../app/featureRoutes';
import { COPY_ROUTES } from '../../shared/copytrade/routes';

const TraderListPage = lazy(() => import('./pages/TraderListPage'));
const TraderPage = lazy(() => import('./pages/TraderPage'));
const FollowPage = lazy(() => import('./pages/FollowPage'));
const MyPage = lazy(() => import('./pages/MyPage'));
const ReceiptsPage = lazy(() => import('./pages/ReceiptsPage'));
const AgreementPage = lazy(() => import('./pages/AgreementPage'));

export const routes: FeatureRoute[] = [
  { path: COPY_ROUTES.list, element: <TraderListPage /> },
  { path: COPY_ROUTES.followIndex, element: <TraderListPage /> },
  { path: COPY_ROUTES.trader, element: <TraderPage /> },
  { path: COPY_ROUTES.followTrader, element: <TraderPage /> },
  { path: COPY_ROUTES.follow, element: <FollowPage />, auth: true },
  { path: COPY_ROUTES.my, element: <MyPage />, auth: true },
  { path: COPY_ROUTES.receipts, element: <ReceiptsPage />, auth: true },
  { path: COPY_ROUTES.agreementZh, element: <AgreementPage lang="zh" /> },
  { path: COPY_ROUTES.agreementEn, element: <AgreementPage lang="en" /> },
];
