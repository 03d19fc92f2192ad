/** The user's messages. */
import { lazy } from 'react';
import type { FeatureRoute } from '../../app/featureRoutes';
import { ROUTES } from '../../lib/constants';

const MessagePage = lazy(() => import('./pages/MessagePage'));

export const routes: FeatureRoute[] = [{ path: ROUTES.message, element: <MessagePage />, auth: true }];
