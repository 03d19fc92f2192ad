/**
 * Server calls of dual investment (`dual/index`, `dual/detail`,
 * `dual/buyDual`, `dual/dual_list`) and their live updates.
 *
 * Live: the broadcast `dual_products` { id, shares_left, status } says a
 * product's shares or state changed (the products and the product's page
 * refetch); the private `dual_order` { id, status } says one of the caller's
 * orders settled (the orders and the balances refetch). A cache entry
 * listens while it is used, and refetches after a reconnect too. The
 * products also refetch every 30 s while shown, so that the index price
 * they carry stays current.
 */
import { api } from '../../lib/api';
import { liveRefetch } from '../../lib/live';
import type { Paged } from '../../lib/types';
import type { Kind, Payout } from './logic';

export interface DualProduct {
  id: number;
  currency_id: number;
  /** The coin ("BTC"). */
  currency: string;
  /** "USDT". */
  quote: string;
  /** call "sell high" (invest the coin), put "buy low" (invest USDT). */
  kind: Kind;
  /** The currency invested: the coin for a call, the quote for a put. */
  invest_currency: string;
  /** Invested per share, in `invest_currency`. */
  unit: string;
  /** Annual rate in percent ("36.50"). */
  apr: string;
  /** USDT per coin. */
  linked_price: string;
  /** The market's index now. */
  index_price: string;
  /** Interest days: from `starts_at` to `matures_at`. */
  days: number;
  /** Sold until then (ms); interest runs from then to `matures_at`. */
  starts_at: number;
  /** Settlement moment (ms). */
  matures_at: number;
  shares_total: number;
  shares_left: number;
  /** 0 open, 1 settling, 2 settled. */
  status: 0 | 1 | 2;
  settlement_price: string | null;
  server_time: number;
}

export interface Sample {
  at: number;
  price: string;
}

export interface DualDetail {
  product: DualProduct;
  /** Empty until sampling starts. */
  samples: Sample[];
}

export interface DualOrder {
  id: number;
  product_id: number;
  currency: string;
  quote: string;
  kind: Kind;
  shares: number;
  amount: string;
  invest_currency: string;
  apr: string;
  linked_price: string;
  days: number;
  matures_at: number;
  /** 0 purchased, 1 settling, 2 completed, 3 failed. */
  status: 0 | 1 | 2 | 3;
  /** What it pays if the settlement ends below the linked price (at it too for a put). */
  if_below: Payout;
  /** … above it (at it too for a call). */
  if_above: Payout;
  settlement_price: string | null;
  payout: Payout | null;
  /** Why it failed (translated). */
  reason: string | null;
  /** The index samples it settled on. */
  samples: Sample[];
  created_at: number;
  settled_at: number | null;
}

const TAGS = ['DualProducts', 'DualProduct', 'DualOrders', 'Balance'] as const;

export const DUAL_EVENTS = { products: 'dual_products', order: 'dual_order' } as const;

/** The products' index price is refreshed this often while they are shown. */
export const INDEX_REFRESH_MS = 30_000;

const tagged = api.enhanceEndpoints({ addTagTypes: [...TAGS] });

const liveOn = liveRefetch(tagged, 300);

export const dualApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    /** Products open for purchase, soonest maturity first; all of them without a filter. */
    getDualProducts: build.query<DualProduct[], { currency?: string; kind?: Kind }>({
      query: ({ currency, kind }) => ({ url: '/dual/index', method: 'GET', params: { currency, kind } }),
      providesTags: ['DualProducts'],
      onCacheEntryAdded: liveOn([DUAL_EVENTS.products], ['DualProducts']),
    }),
    getDualProduct: build.query<DualDetail, { id: number }>({
      query: ({ id }) => ({ url: '/dual/detail', method: 'GET', params: { id } }),
      providesTags: ['DualProduct'],
      onCacheEntryAdded: liveOn([DUAL_EVENTS.products], ['DualProduct']),
    }),
    buyDual: build.mutation<DualOrder, { id: number; num: number }>({
      query: (params) => ({ url: '/dual/buyDual', params }),
      invalidatesTags: ['DualProducts', 'DualProduct', 'DualOrders', 'Balance'],
    }),
    getDualOrders: build.query<Paged<DualOrder>, { status?: 0 | 1 | 2 | 3; limit: number }>({
      query: ({ status, limit }) => ({ url: '/dual/dual_list', params: { status, page: 1, limit } }),
      providesTags: ['DualOrders'],
      onCacheEntryAdded: liveOn([DUAL_EVENTS.order], ['DualOrders', 'Balance']),
    }),
  }),
});

export const { useGetDualProductsQuery, useGetDualProductQuery, useBuyDualMutation, useGetDualOrdersQuery } = dualApi;
