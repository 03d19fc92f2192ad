/** Sign-in pages: login, registration, password reset. */
import { lazy } from 'react';
import type { FeatureRoute } from '../../app/featureRoutes';
import { ROUTES } from '../../lib/constants';

const LoginPage = lazy(() => import('./pages/LoginPage'));
const RegisterPage = lazy(() => import('./pages/RegisterPage'));
const ForgetPage = lazy(() => import('./pages/ForgetPage'));

export const routes: FeatureRoute[] = [
  { path: ROUTES.login, element: <LoginPage /> },
  { path: ROUTES.register, element: <RegisterPage /> },
  { path: ROUTES.forget, element: <ForgetPage /> },
];
