/** Settings and the account pages reached from it. */
import { lazy } from 'react';
import type { FeatureRoute } from '../../app/featureRoutes';
import { ROUTES } from '../../lib/constants';

const SettingPage = lazy(() => import('./pages/SettingPage'));
const UserInfoPage = lazy(() => import('./pages/UserInfoPage'));
const SecurityPage = lazy(() => import('./pages/SecurityPage'));
const PasswordPage = lazy(() => import('./pages/PasswordPage'));
const PayPasswordPage = lazy(() => import('./pages/PayPasswordPage'));
const BindPhonePage = lazy(() => import('./pages/BindPhonePage'));
const BindEmailPage = lazy(() => import('./pages/BindEmailPage'));
const RealMarkPage = lazy(() => import('./pages/RealMarkPage'));

export const routes: FeatureRoute[] = [
  { path: ROUTES.setting, element: <SettingPage /> },
  { path: ROUTES.userInfo, element: <UserInfoPage />, auth: true },
  { path: ROUTES.security, element: <SecurityPage />, auth: true },
  { path: ROUTES.password, element: <PasswordPage />, auth: true },
  { path: ROUTES.payPassword, element: <PayPasswordPage />, auth: true },
  { path: ROUTES.bindPhone, element: <BindPhonePage />, auth: true },
  { path: ROUTES.bindEmail, element: <BindEmailPage />, auth: true },
  { path: ROUTES.realMark, element: <RealMarkPage />, auth: true },
];
