/** Pages of identity verification, withdrawal addresses and bank cards. */
import { lazy } from 'react';
import type { FeatureRoute } from '../../app/featureRoutes';
import { FUNDS_ROUTES } from '../../shared/funds/routes';

const RealPage = lazy(() => import('./pages/RealPage'));
const WalletPage = lazy(() => import('./pages/WalletPage'));
const AddWalletPage = lazy(() => import('./pages/AddWalletPage'));
const DomesticBankPage = lazy(() => import('./pages/BankPage').then((m) => ({ default: m.DomesticBankPage })));
const InternationalBankPage = lazy(() => import('./pages/BankPage').then((m) => ({ default: m.InternationalBankPage })));

export const routes: FeatureRoute[] = [
  { path: FUNDS_ROUTES.real, element: <RealPage />, auth: true },
  { path: FUNDS_ROUTES.wallet, element: <WalletPage />, auth: true },
  { path: FUNDS_ROUTES.addWallet, element: <AddWalletPage />, auth: true },
  { path: FUNDS_ROUTES.bank, element: <DomesticBankPage />, auth: true },
  { path: FUNDS_ROUTES.bankInternational, element: <InternationalBankPage />, auth: true },
];
