/** The invite (share) page. */
import { lazy } from 'react';
import type { FeatureRoute } from '../../app/featureRoutes';
import { ROUTES } from '../../lib/constants';

const SharePage = lazy(() => import('./pages/SharePage'));

export const routes: FeatureRoute[] = [{ path: ROUTES.share, element: <SharePage />, auth: true }];
