/** Pages of the contract and seconds-option screens, the Contract tab among them. */
import { lazy } from 'react';
import type { FeatureRoute } from '../../app/featureRoutes';
import { CONTRACT_ROUTES } from './paths';

const ContractTradePage = lazy(() => import('./pages/ContractTradePage'));
const ContractHelpPage = lazy(() => import('./pages/ContractHelpPage'));
const ContractOrderPage = lazy(() => import('./pages/ContractOrderPage'));
const SecondsPage = lazy(() => import('./pages/SecondsPage'));
const SecondsOrderPage = lazy(() => import('./pages/SecondsOrderPage'));

export const routes: FeatureRoute[] = [
  { path: CONTRACT_ROUTES.contract, element: <ContractTradePage />, tab: true },
  { path: CONTRACT_ROUTES.help, element: <ContractHelpPage /> },
  { path: CONTRACT_ROUTES.order, element: <ContractOrderPage />, auth: true },
  { path: CONTRACT_ROUTES.options, element: <SecondsPage /> },
  { path: CONTRACT_ROUTES.optionsOrder, element: <SecondsOrderPage />, auth: true },
];
