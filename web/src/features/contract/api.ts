/**
 * Server calls of the contract (`lever/*`) and seconds-option (`microtrade/*`)
 * screens, plus the account transfer that funds them. Shapes follow
 * src/api/derivatives.rs and `lever_json` / `micro_json` of the market actor.
 */
import { useCallback, useMemo } from 'react';
import { api } from '../../lib/api';
import type { Paged } from '../../lib/types';
import type { PricedAt } from './indexLine';
import { onReconnect, subscribeEvent } from './live';

/** One market row of GET /currency/quotation_new. */
export interface MarketRow {
  match_id: number;
  currency_id: number;
  legal_id: number;
  symbol: string;
  currency_name: string;
  legal_name: string;
  now_price: string;
  change: string;
  open_lever: boolean;
  open_microtrade: boolean;
  market_type: string;
  logo?: string;
  /** Price step: prices of this market show its decimals. */
  tick?: string;
  /** When the index took `now_price` (server clock, ms). */
  time?: number;
}

/** GET /currency/index_history: a market's index over the last seconds, one point a second, ascending. */
export interface IndexHistory {
  match_id: number;
  symbol: string;
  /** When the server read it (its clock, ms). */
  time: number;
  data: PricedAt[];
}

interface QuotationGroup {
  id: number;
  name: string;
  quotation: MarketRow[];
}

/** POST /lever/deal: contract terms of a market and the caller's lever balance. */
export interface LeverDeal {
  match_id: number;
  symbol: string;
  currency_id: number;
  legal_id: number;
  multiple: number[];
  lever_share_num: string;
  lever_trade_fee: string;
  spread: string;
  overnight: string;
  min_share: number;
  max_share: number;
  limit_orders: boolean;
  maintenance_ratio: string;
  tick: string;
  mark_price: string | null;
  lever_balance: string;
}

/** A contract order (`lever_json`). */
export interface LeverOrder {
  id: number;
  match_id: number;
  symbol: string;
  /** 1 long, 2 short. */
  type: number;
  /** 0 pending, 1 holding, 2 closing, 3 closed, 4 cancelled. */
  status: number;
  share: number;
  number: string;
  multiple: number;
  target_price: string;
  price: string;
  caution_money: string;
  trade_fee: string;
  overnight_money: string;
  target_profit_price: string | null;
  stop_loss_price: string | null;
  close_price: string | null;
  profit: string | null;
  payout: string | null;
  close_reason: string | null;
  force_close_price?: string;
  risk_rate?: string;
  mark_price?: string;
  opened_at: number | null;
  closed_at: number | null;
  created_at: number;
  /** Lots as a decimal string: a copy may hold hundredths of a lot. */
  lots?: string;
  /** A copy's follow and the leader's position it copies (null otherwise). */
  follow_id?: number | null;
  copy_of?: number | null;
  /** 1 once a copy is held as one's own. */
  self_held?: number;
}

/** One position of a `lever_trade` event. */
interface LiveTrade {
  id: number;
  symbol: string;
  type: number;
  profit: string;
  risk_rate: string;
  mark_price: string;
}

export interface LeverSubmitArgs {
  match_id: number;
  type: 1 | 2;
  status: 0 | 1;
  target_price?: string;
  share: number;
  multiple: number;
}

/** A seconds-option duration (GET /microtrade/seconds). */
export interface OptionDuration {
  seconds: number;
  profit_ratio: string;
  min_amount: string;
  max_amount: string;
  fee_rate: string;
}

/** GET /microtrade/payable_currencies: the stake coin and the options balance. */
export interface PayableCurrency {
  currency_id: number;
  name: string;
  available: string;
}

/** A seconds option (`micro_json`). */
export interface OptionOrder {
  id: number;
  match_id: number;
  symbol: string;
  currency_id: number;
  /** 1 rise, 2 fall. */
  type: number;
  seconds: number;
  number: string;
  fee: string;
  profit_ratio: string;
  expected_profit: string;
  open_price: string;
  opened_at: number;
  expires_at: number;
  end_price: string | null;
  complete_time: number | null;
  /** 0 open, 1 settled. */
  status: number;
  /** 0 open, 1 win, 2 lose, 3 tie. */
  outcome: number;
  payout: string;
  fact_profits: string;
}

export interface OptionSubmitArgs {
  match_id: number;
  currency_id: number;
  type: 1 | 2;
  seconds: number;
  number: string;
}

/** Asset accounts by the server's names. */
export const ACCOUNT_SPOT = 2;
export const ACCOUNT_LEVER = 3;
export const ACCOUNT_MICRO = 4;

export interface TransferArgs {
  currency_id: number;
  number: string;
  from_field: number;
  to_field: number;
}

const contractApi = api
  .enhanceEndpoints({ addTagTypes: ['ContractDeal', 'ContractOrders', 'OptionBalance', 'OptionOrders', 'Balance'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** Every market as a flat list (the picker keeps the ones with contracts or options). */
      getContractMarkets: build.query<MarketRow[], void>({
        query: () => ({ url: '/currency/quotation_new', method: 'GET' }),
        transformResponse: (res: QuotationGroup[]) => (Array.isArray(res) ? res.flatMap((g) => g.quotation ?? []) : []),
        // Live prices: every `daymarket` ticker updates its row in place.
        async onCacheEntryAdded(_arg, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, getState, dispatch }) {
          try {
            await cacheDataLoaded;
          } catch {
            return;
          }
          const off = subscribeEvent({ getState, dispatch }, 'daymarket', (tick: Partial<MarketRow>) => {
            if (!tick || typeof tick.symbol !== 'string') return;
            updateCachedData((rows) => {
              const row = rows.find((r) => r.symbol === tick.symbol);
              if (!row) return;
              if (typeof tick.now_price === 'string') row.now_price = tick.now_price;
              if (typeof tick.change === 'string') row.change = tick.change;
              if (typeof tick.time === 'number') row.time = tick.time;
            });
          });
          await cacheEntryRemoved;
          off();
        },
      }),
      getLeverDeal: build.query<LeverDeal, { match_id: number; token: string | null }>({
        // The token is part of the key so that logging in refetches the balance.
        query: ({ match_id }) => ({ url: '/lever/deal', params: { match_id } }),
        // 'Balance' is invalidated by the socket's `balance` event (lib/socket.ts).
        providesTags: ['ContractDeal', 'Balance'],
      }),
      getLeverOrders: build.query<Paged<LeverOrder>, { status: 0 | 1 | 3; page: number; limit?: number }>({
        query: ({ status, page, limit = 20 }) => ({ url: '/lever/my_trade', params: { status, page, limit } }),
        providesTags: ['ContractOrders'],
        // Holding positions: `lever_trade` brings live profit, risk rate and mark about once a second;
        // `lever_closed` and `balance` mean the lists and the balance changed on the server.
        async onCacheEntryAdded(arg, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, getState, dispatch }) {
          try {
            await cacheDataLoaded;
          } catch {
            return;
          }
          const offs: Array<() => void> = [];
          if (arg.status === 1) {
            offs.push(
              subscribeEvent({ getState, dispatch }, 'lever_trade', (msg: { positions?: LiveTrade[] }) => {
                const live = Array.isArray(msg?.positions) ? msg.positions : [];
                if (live.length === 0) return;
                updateCachedData((page) => {
                  for (const p of live) {
                    const row = page.data.find((o) => o.id === p.id);
                    if (!row) continue;
                    row.profit = p.profit;
                    row.risk_rate = p.risk_rate;
                    row.mark_price = p.mark_price;
                  }
                });
              }),
            );
          }
          const refresh = () => dispatch(contractApi.util.invalidateTags(['ContractOrders', 'ContractDeal']));
          offs.push(subscribeEvent({ getState, dispatch }, 'lever_closed', refresh));
          // A filled limit order or a settled trigger changes the lists too (`balance` follows each).
          offs.push(subscribeEvent({ getState, dispatch }, 'balance', refresh));
          offs.push(onReconnect(refresh));
          await cacheEntryRemoved;
          offs.forEach((off) => off());
        },
      }),
      leverSubmit: build.mutation<LeverOrder, LeverSubmitArgs>({
        query: (params) => ({ url: '/lever/submit', params: { ...params } }),
        invalidatesTags: ['ContractDeal', 'ContractOrders'],
      }),
      leverClose: build.mutation<unknown, { id: number }>({
        query: (params) => ({ url: '/lever/close', params }),
        invalidatesTags: ['ContractDeal', 'ContractOrders'],
      }),
      leverCancel: build.mutation<unknown, { id: number }>({
        query: (params) => ({ url: '/lever/cancel', params }),
        invalidatesTags: ['ContractDeal', 'ContractOrders'],
      }),
      leverBatchClose: build.mutation<{ closed: unknown[] }, { type: 0 | 1 | 2 }>({
        query: (params) => ({ url: '/lever/batch_close', params }),
        invalidatesTags: ['ContractDeal', 'ContractOrders'],
      }),
      leverSetStop: build.mutation<unknown, { id: number; target_profit_price: string; stop_loss_price: string }>({
        query: (params) => ({ url: '/lever/setstop', params }),
        invalidatesTags: ['ContractOrders'],
      }),
      getOptionDurations: build.query<OptionDuration[], void>({
        query: () => ({ url: '/microtrade/seconds', method: 'GET' }),
      }),
      getOptionBalance: build.query<PayableCurrency[], { token: string | null }>({
        query: () => ({ url: '/microtrade/payable_currencies', method: 'GET' }),
        providesTags: ['OptionBalance', 'Balance'],
      }),
      optionSubmit: build.mutation<OptionOrder, OptionSubmitArgs>({
        query: (params) => ({ url: '/microtrade/submit', params: { ...params } }),
        invalidatesTags: ['OptionBalance', 'OptionOrders'],
      }),
      /** Type 1 holding, 2 history; the server's default page size is 5. */
      getOptionList: build.query<Paged<OptionOrder>, { type: 1 | 2; page: number; limit?: number }>({
        query: ({ type, page, limit = 5 }) => ({ url: '/microtrade/lists', method: 'GET', params: { type, page, limit } }),
        providesTags: ['OptionOrders'],
      }),
      /** The path the ticker has reported; the chart asks afresh each time (opening, a reconnect). */
      getIndexHistory: build.query<IndexHistory, { match_id: number; seconds: number }>({
        query: (params) => ({ url: '/currency/index_history', method: 'GET', params }),
        // The chart goes on with live ticks if the path cannot be had; no toast over the screen.
        extraOptions: { silent: true },
      }),
      getOptionResult: build.query<OptionOrder, number>({
        query: (id) => ({ url: '/microtrade/get_result', method: 'GET', params: { id } }),
        extraOptions: { silent: true },
      }),
      accountTransfer: build.mutation<unknown, TransferArgs>({
        query: (params) => ({ url: '/wallet/change', params: { ...params } }),
        invalidatesTags: ['ContractDeal', 'OptionBalance'],
      }),
    }),
  });

export const {
  useGetContractMarketsQuery,
  useGetLeverDealQuery,
  useGetLeverOrdersQuery,
  useLeverSubmitMutation,
  useLeverCloseMutation,
  useLeverCancelMutation,
  useLeverBatchCloseMutation,
  useLeverSetStopMutation,
  useGetOptionDurationsQuery,
  useGetOptionBalanceQuery,
  useOptionSubmitMutation,
  useLazyGetOptionResultQuery,
  useLazyGetIndexHistoryQuery,
  useLazyGetOptionListQuery,
  useGetOptionListQuery,
  useLazyGetLeverOrdersQuery,
  useAccountTransferMutation,
} = contractApi;

export { contractApi };

/** The price step of each market by symbol (from the cached market list), for lists of orders across markets. */
export function useTickOf(): (symbol: string) => string | undefined {
  const { data } = useGetContractMarketsQuery();
  const ticks = useMemo(() => new Map((data ?? []).map((m) => [m.symbol, m.tick])), [data]);
  return useCallback((symbol) => ticks.get(symbol), [ticks]);
}

