/** The Lock tab. */
import { lazy } from 'react';
import type { FeatureRoute } from '../../app/featureRoutes';
import { ROUTES } from '../../lib/constants';

const LockWelcomePage = lazy(() => import('./pages/LockWelcomePage'));

export const routes: FeatureRoute[] = [{ path: ROUTES.lock, element: <LockWelcomePage />, tab: true }];
