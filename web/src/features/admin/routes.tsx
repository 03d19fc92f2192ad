/** The admin's review desk, reached from Settings by admin accounts. */
import { lazy } from 'react';
import type { FeatureRoute } from '../../app/featureRoutes';
import { FUNDS_ROUTES } from '../../shared/funds/routes';

const AdminPage = lazy(() => import('./pages/AdminPage'));

export const routes: FeatureRoute[] = [{ path: FUNDS_ROUTES.admin, element: <AdminPage />, auth: true }];
