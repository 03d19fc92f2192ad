/**
 * Routes of the funds, identity and admin screens (the spec's page registry
 * names), shared by those features and by Home and Settings which link to them.
 */
export const FUNDS_ROUTES = {
  assets: '/pages/fund/assets',
  select: '/pages/fund/select',
  receive: '/pages/fund/receive',
  receiveRecord: '/pages/fund/receive_record',
  withdraw: '/pages/fund/withdraw',
  withdrawRecord: '/pages/fund/withdraw_record',
  depositWithdrawRecord: '/pages/fund/receive_withdraw_record',
  assetsRecord: '/pages/fund/assets_record',
  assetsAllRecord: '/pages/fund/assets_all_record',
  convert: '/pages/fund/transfer',
  fundTransfer: '/pages/fund/fundTransfer',
  transferHistory: '/pages/fund/transfer_history',
  real: '/pages/setting/real',
  realMark: '/pages/setting/real_mark',
  wallet: '/pages/setting/wallet',
  addWallet: '/pages/setting/addWallet',
  bank: '/pages/setting/bank',
  bankInternational: '/pages/setting/bank_international',
  admin: '/pages/admin/index',
  stockMarket: '/pages/market/market?tab=stock',
} as const;

/** Deposit (recharge) or withdrawal: the action of the coin picker. */
export type FundsAction = 'recharge' | 'withdraw';

export function selectRoute(action: FundsAction): string {
  return `${FUNDS_ROUTES.select}?action=${action}`;
}
