/**
 * Lock-up mining calls shared by the lockming feature and the Assets mining
 * tab (features never import each other): the caller's summary (principal
 * locked and income accrued per coin, principal per product) and the mining
 * ledger records, their shapes, the cache tags of lock-up mining and the live
 * refetch helper both use.
 *
 * Live (socket.io broadcasts): `lock_products` says a product's figures
 * changed (refetch products and details); `lock_accrued` says a product's
 * daily accrual ran, which also matures orders (refetch orders, summary,
 * records and details). A cache entry listens while it is used, and refetches
 * after a reconnect too, when events may have been missed.
 */
import { api } from '../../lib/api';
import { liveRefetch } from '../../lib/live';
import type { PageArgs, Paged } from '../../lib/types';

/** GET lh/deposit/summary. */
export interface LockSummary {
  coins: LockCoinSummary[];
  /** The caller's principal per product (against the per-user cap). */
  products: { product_id: number; locked: string }[];
}

export interface LockCoinSummary {
  currency_id: number;
  currency: string;
  /** Principal of the orders in progress. */
  locked: string;
  /** Income paid so far (to the spot account), all orders. */
  accrued: string;
  open_orders: number;
}

export const LOCK_REASONS = ['lock_subscribe', 'lock_yield', 'lock_matured', 'lock_redeem'] as const;
export type LockReason = (typeof LOCK_REASONS)[number];

/** One row of GET lh/deposit/records. */
export interface LockRecord {
  id: number;
  reason: LockReason | string;
  currency: string;
  /** The spot account (`change`) or the mining account. */
  account: 'change' | 'mining' | string;
  /** Signed decimal. */
  amount: string;
  order_id: number | null;
  product_id: number;
  created_at: number;
}

export const LOCK_TAGS = ['LockProducts', 'LockProduct', 'LockOrders', 'LockSummary', 'LockRecords', 'Balance'] as const;

/** The broadcast events of lock-up mining. */
export const LOCK_EVENTS = { products: 'lock_products', accrued: 'lock_accrued' } as const;

/** The API with lock-up mining's tag types; the lockming feature injects its calls into this one. */
export const lockApi = api.enhanceEndpoints({ addTagTypes: [...LOCK_TAGS] });

/**
 * A cache entry that refetches tags of lock-up mining on each of its events
 * and after a reconnect while it is used. Several events in a burst (one
 * accrual per product at the same hour) make one refetch.
 */
export const lockLive = liveRefetch(lockApi);

const sharedLockApi = lockApi.injectEndpoints({
  endpoints: (build) => ({
    /** The token is part of the key: the answer is the caller's own. */
    getLockSummary: build.query<LockSummary, { token: string }>({
      query: () => ({ url: '/lh/deposit/summary', method: 'GET' }),
      providesTags: ['LockSummary'],
      onCacheEntryAdded: lockLive([LOCK_EVENTS.accrued], ['LockSummary']),
    }),
    getLockRecords: build.query<Paged<LockRecord>, PageArgs>({
      query: (params) => ({ url: '/lh/deposit/records', method: 'GET', params: { ...params } }),
      providesTags: ['LockRecords'],
    }),
  }),
});

export const { useGetLockSummaryQuery, useLazyGetLockRecordsQuery } = sharedLockApi;
