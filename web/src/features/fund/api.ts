/**
 * Funds calls (docs/api.md, "Funds"): coin detail, ledger records, deposit
 * address and requests, withdrawals, transfers between accounts and coin
 * conversion. Everything that moves money invalidates 'Balance'. What the
 * server decides (a review, a yield) refetches the open screens: balances
 * through their queries' live refetch, the records lists through ./live.ts.
 */
import { FUNDS_EVENTS, fundsApi, type Coin } from '../../shared/funds/api';
import { liveRefetch } from '../../lib/live';
import type { PageArgs, Paged } from '../../lib/types';

/** POST /api/wallet/detail: the coin plus its balance in one account. */
export interface CoinBalance extends Coin {
  account: number;
  available: string;
  frozen: string;
  value_usdt: string;
}

/** One ledger record of POST /api/wallet/legal_log. */
export interface LedgerRecord {
  id: number;
  currency_id: number;
  currency: string;
  account: number;
  account_name: string;
  /** `available` or `frozen`. */
  bucket: string;
  /** Signed decimal. */
  amount: string;
  balance_after: string;
  reason: string;
  ref_type: string;
  created_at: number;
}

export interface DepositAddress {
  currency_id: number;
  name: string;
  network: string;
  address: string;
  /** A demo address (none configured): nobody holds its keys, and the page says so. */
  demo: boolean;
  networks: string[];
}

/** Deposit request states: 0 under review, 1 completed, 2 rejected. */
export interface DepositRecord {
  id: number;
  currency_id: number;
  currency: string;
  network: string;
  address: string;
  amount: string;
  voucher: string;
  state: 0 | 1 | 2;
  reason: string;
  created_at: number;
  reviewed_at: number | null;
}

/** Withdrawal states: 0 under review, 1 paid, 2 rejected, 3 cancelled. */
export interface WithdrawRecord {
  id: number;
  currency_id: number;
  currency: string;
  /** 0 wallet address, 1 domestic card, 2 international card. */
  type: 0 | 1 | 2;
  destination: string;
  number: string;
  fee: string;
  receive: string;
  state: 0 | 1 | 2 | 3;
  reason: string;
  created_at: number;
  reviewed_at: number | null;
}

export interface TransferRecord {
  id: number;
  currency_id: number;
  currency: string;
  number: string;
  from_field: number;
  to_field: number;
  from_name: string;
  to_name: string;
  created_at: number;
}

export interface ConversionQuote {
  number: string;
  fee: string;
  fee_rate: string;
  receive: string;
  rate: string;
  from: string;
  to: string;
}

export interface ConversionArgs {
  from_currency_id: number;
  to_currency_id: number;
  number: string;
}

/** An answer `{id, message}` of a request that waits for review. */
export interface Submitted {
  id: number;
  message: string;
}

const liveOn = liveRefetch(fundsApi);

const fundApi = fundsApi.injectEndpoints({
  endpoints: (build) => ({
    getCoinBalance: build.query<CoinBalance, { currency: number; type: number }>({
      query: (params) => ({ url: '/wallet/detail', params: { ...params } }),
      providesTags: ['Balance'],
      // Follows an admin's review or a yield while the coin's page is open.
      onCacheEntryAdded: liveOn([FUNDS_EVENTS.balance], ['Balance']),
    }),
    getLedger: build.query<Paged<LedgerRecord>, PageArgs & { currency?: number; type?: number }>({
      query: (params) => ({ url: '/wallet/legal_log', params: { ...params } }),
      providesTags: ['Balance'],
    }),
    getDepositAddress: build.query<DepositAddress, { currency: number; network?: string }>({
      query: (params) => ({ url: '/wallet/get_in_address', params: { ...params } }),
    }),
    requestDeposit: build.mutation<Submitted, { currency: number; network: string; amount: string; voucher: string }>({
      query: (params) => ({ url: '/wallet/charge_req', params: { ...params } }),
      invalidatesTags: ['FundRecord'],
    }),
    getDepositLog: build.query<Paged<DepositRecord>, PageArgs>({
      query: (params) => ({ url: '/recharge/log', method: 'GET', params: { ...params } }),
      providesTags: ['FundRecord'],
    }),
    withdraw: build.mutation<
      Submitted,
      { currency: number; number: string; type: 0 | 1 | 2; address?: string; pay_password: string; request_id: string }
    >({
      query: (params) => ({ url: '/wallet/out', params: { ...params } }),
      invalidatesTags: ['Balance', 'FundRecord'],
    }),
    getWithdrawLog: build.query<Paged<WithdrawRecord>, PageArgs>({
      query: (params) => ({ url: '/user/withdraw/list', method: 'GET', params: { ...params } }),
      providesTags: ['FundRecord'],
    }),
    cancelWithdraw: build.mutation<string, { id: number }>({
      query: (params) => ({ url: '/user/withdraw/cancel', params: { ...params } }),
      invalidatesTags: ['Balance', 'FundRecord'],
    }),
    transferBetweenAccounts: build.mutation<
      string,
      { currency_id: number; number: string; from_field: string; to_field: string; request_id: string }
    >({
      query: (params) => ({ url: '/wallet/change', params: { ...params } }),
      invalidatesTags: ['Balance', 'FundRecord'],
    }),
    getTransferHistory: build.query<Paged<TransferRecord>, PageArgs>({
      query: (params) => ({ url: '/wallet/hzhistory', method: 'GET', params: { ...params } }),
      providesTags: ['FundRecord'],
    }),
    getConversionCoins: build.query<{ currencies: Coin[]; fee_rate: string }, void>({
      query: () => ({ url: '/user/getTransferList' }),
    }),
    getConversionQuote: build.query<ConversionQuote, ConversionArgs>({
      query: (params) => ({ url: '/user/getTransferFee', params: { ...params } }),
      // A quote is a moment's price: never served from an old cache entry.
      keepUnusedDataFor: 0,
      // Shown under the quote instead of a toast on every pause in typing.
      extraOptions: { silent: true },
    }),
    convert: build.mutation<ConversionQuote, ConversionArgs & { request_id: string }>({
      query: (params) => ({ url: '/user/Transfer', params: { ...params } }),
      invalidatesTags: ['Balance', 'FundRecord'],
    }),
  }),
});

export const {
  useGetCoinBalanceQuery,
  useLazyGetLedgerQuery,
  useGetDepositAddressQuery,
  useRequestDepositMutation,
  useLazyGetDepositLogQuery,
  useWithdrawMutation,
  useLazyGetWithdrawLogQuery,
  useCancelWithdrawMutation,
  useTransferBetweenAccountsMutation,
  useLazyGetTransferHistoryQuery,
  useGetConversionCoinsQuery,
  useGetConversionQuoteQuery,
  useConvertMutation,
} = fundApi;
