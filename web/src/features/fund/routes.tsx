/** Pages of the funds area, the Assets tab among them. */
import { lazy } from 'react';
import type { FeatureRoute } from '../../app/featureRoutes';
import { FUNDS_ROUTES } from '../../shared/funds/routes';

const AssetsPage = lazy(() => import('./pages/AssetsPage'));
const SelectPage = lazy(() => import('./pages/SelectPage'));
const ReceivePage = lazy(() => import('./pages/ReceivePage'));
const WithdrawPage = lazy(() => import('./pages/WithdrawPage'));
const AssetsRecordPage = lazy(() => import('./pages/AssetsRecordPage'));
const AssetsAllRecordPage = lazy(() => import('./pages/AssetsAllRecordPage'));
const FundTransferPage = lazy(() => import('./pages/FundTransferPage'));
const ConvertPage = lazy(() => import('./pages/ConvertPage'));
const ReceiveRecordPage = lazy(() => import('./pages/RecordPages').then((m) => ({ default: m.ReceiveRecordPage })));
const WithdrawRecordPage = lazy(() => import('./pages/RecordPages').then((m) => ({ default: m.WithdrawRecordPage })));
const DepositWithdrawRecordPage = lazy(() => import('./pages/RecordPages').then((m) => ({ default: m.DepositWithdrawRecordPage })));
const TransferHistoryPage = lazy(() => import('./pages/RecordPages').then((m) => ({ default: m.TransferHistoryPage })));

export const routes: FeatureRoute[] = [
  { path: FUNDS_ROUTES.assets, element: <AssetsPage />, tab: true, auth: true },
  { path: FUNDS_ROUTES.select, element: <SelectPage />, auth: true },
  { path: FUNDS_ROUTES.receive, element: <ReceivePage />, auth: true },
  { path: FUNDS_ROUTES.receiveRecord, element: <ReceiveRecordPage />, auth: true },
  { path: FUNDS_ROUTES.withdraw, element: <WithdrawPage />, auth: true },
  { path: FUNDS_ROUTES.withdrawRecord, element: <WithdrawRecordPage />, auth: true },
  { path: FUNDS_ROUTES.depositWithdrawRecord, element: <DepositWithdrawRecordPage />, auth: true },
  { path: FUNDS_ROUTES.assetsRecord, element: <AssetsRecordPage />, auth: true },
  { path: FUNDS_ROUTES.assetsAllRecord, element: <AssetsAllRecordPage />, auth: true },
  { path: FUNDS_ROUTES.fundTransfer, element: <FundTransferPage />, auth: true },
  { path: FUNDS_ROUTES.transferHistory, element: <TransferHistoryPage />, auth: true },
  { path: FUNDS_ROUTES.convert, element: <ConvertPage />, auth: true },
];
