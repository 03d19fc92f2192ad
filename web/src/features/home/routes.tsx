/**
 * The Home tab, the start page. Imported eagerly, not lazily: Home is part of
 * the first chunk on purpose (app/router.tsx says why).
 */
import type { FeatureRoute } from '../../app/featureRoutes';
import { ROUTES } from '../../lib/constants';
import HomePage from './pages/HomePage';

export const routes: FeatureRoute[] = [{ path: ROUTES.home, element: <HomePage />, tab: true, start: true }];
