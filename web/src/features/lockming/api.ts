/**
 * Server calls of the lock-up mining screens (`lh/deposit/*`) and their live
 * updates; the caller's summary and the mining records are in
 * shared/lock/api.ts (the Assets mining tab uses them too).
 *
 * Live: the broadcast `lock_products` (a product's figures changed) refetches
 * the products and the open product; `lock_accrued` (a product's daily
 * accrual ran, maturing orders) refetches the orders and the product too
 * (its rate of the day, its next accrual). Subscribing and redeeming
 * invalidate what they change, spot balance included. A product's shape is
 * shared/lock/types.ts (the admin's Earn panel reads the same one).
 */
import type { Paged } from '../../lib/types';
import { LOCK_EVENTS, lockApi, lockLive } from '../../shared/lock/api';
import type { LockCategory } from '../../shared/lock/routes';
import type { LockProduct } from '../../shared/lock/types';

/** The rate of one day (UTC). */
export interface DayRate {
  day: string;
  starts_at: number;
  rate: string;
}

export interface LockProductDetail {
  product: LockProduct;
  /** Newest first, up to 30. */
  rates: DayRate[];
}

/** 0 in progress, 1 redeemed early, 2 matured. */
export type LockOrderStatus = 0 | 1 | 2;

export interface LockOrder {
  id: number;
  product_id: number;
  name: string;
  category: LockCategory;
  currency_id: number;
  currency: string;
  /** Principal. */
  amount: string;
  /** The terms when subscribed (percent per day). */
  rate_min: string;
  rate_max: string;
  days: number;
  /** Accruals paid so far (0..days). */
  paid_days: number;
  /** Yield paid so far (to the spot account). */
  accrued: string;
  status: LockOrderStatus;
  created_at: number;
  first_accrual_at: number;
  /** The last accrual; the principal returns to spot then. */
  matures_at: number;
  /** Null once ended. */
  next_accrual_at: number | null;
  ended_at: number | null;
  /** Principal returned (after the penalty when redeemed early). */
  returned: string | null;
  /** Forfeited on early redemption. */
  penalty: string | null;
  penalty_rate: string;
  /** What redeeming now would do (orders in progress only). */
  redeem_preview: { returned: string; penalty: string } | null;
}

const EVERY = [LOCK_EVENTS.products, LOCK_EVENTS.accrued];

const lockmingApi = lockApi.injectEndpoints({
  endpoints: (build) => ({
    /** Every product, or a category's. */
    getLockProducts: build.query<LockProduct[], { category?: LockCategory }>({
      query: ({ category }) => ({ url: '/lh/deposit/config', method: 'GET', params: { category } }),
      providesTags: ['LockProducts'],
      onCacheEntryAdded: lockLive(EVERY, ['LockProducts']),
    }),
    getLockProduct: build.query<LockProductDetail, { id: number }>({
      query: ({ id }) => ({ url: '/lh/deposit/detail', method: 'GET', params: { id } }),
      providesTags: ['LockProduct'],
      onCacheEntryAdded: lockLive(EVERY, ['LockProduct']),
    }),
    subscribeLock: build.mutation<LockOrder, { config_id: number; amount: string }>({
      query: (params) => ({ url: '/lh/deposit', params }),
      invalidatesTags: ['LockProducts', 'LockProduct', 'LockOrders', 'LockSummary', 'LockRecords', 'Balance'],
    }),
    /** The caller's orders of one status, newest first; the first `limit`. */
    getLockOrders: build.query<Paged<LockOrder>, { status: LockOrderStatus; limit: number }>({
      query: ({ status, limit }) => ({ url: '/lh/deposit/order', method: 'GET', params: { status, page: 1, limit } }),
      providesTags: ['LockOrders'],
      onCacheEntryAdded: lockLive([LOCK_EVENTS.accrued], ['LockOrders']),
    }),
    /** Redeems an order in progress early (the penalty is forfeited). */
    redeemLock: build.mutation<LockOrder, { id: number }>({
      query: (params) => ({ url: '/lh/deposit/order/cancel', params }),
      invalidatesTags: ['LockProducts', 'LockProduct', 'LockOrders', 'LockSummary', 'LockRecords', 'Balance'],
    }),
  }),
});

export const { useGetLockProductsQuery, useGetLockProductQuery, useSubscribeLockMutation, useGetLockOrdersQuery, useRedeemLockMutation } =
  lockmingApi;
