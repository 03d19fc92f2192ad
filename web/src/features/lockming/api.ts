/**
 * Server calls of the lock-up mining screens (`lh/deposit/*`) and their live
 * updates; the caller's summary and the mining records are in
 * shared/lock/api.ts (the Assets mining tab uses them too).
 *
 * Live: the broadcast `lock_products` (a product's figures changed) refetches
 * the products and the open product; `lock_accrued` (a product's daily
 * accrual ran, maturing orders) refetches the orders and the product too
 * (its rate of the day, its next accrual). Subscribing and redeeming
 * invalidate what they change, spot balance included.
 */
import { LOCK_EVENTS, lockApi, lockLive } from '../../shared/lock/api';
import type { LockCategory } from '../../shared/lock/routes';
import type { Paged } from '../../lib/types';

/** A product as the list, the Lock tab and the product page show it. Money in the product's coin, rates in percent per day. */
export interface LockProduct {
  id: number;
  category: LockCategory;
  name: string;
  currency_id: number;
  currency: string;
  /** Daily yield range, percent per day ("0.30"). */
  rate_min: string;
  rate_max: string;
  /** The current day's rate, fixed before the day started ("0.3512"); null before the first day was fixed. */
  today_rate: string | null;
  /** Days locked (= number of daily accruals). */
  days: number;
  min_amount: string;
  /** Most one user may hold in the product. */
  user_cap: string;
  /** Most all users together may hold. */
  total_cap: string;
  total_locked: string;
  /** total_cap − total_locked. */
  remaining: string;
  /** Users with an order in progress. */
  holders: number;
  /** Percent of the principal an early redemption forfeits ("0.50"). */
  penalty_rate: string;
  /** The coin's yield reserve (shared by its products). */
  reserve: string;
  /** The yield the coin's open orders may still be paid (at the top of the range). */
  promised: string;
  /** reserve / promised in percent ("245.10"); null when nothing is promised. */
  coverage: string | null;
  /** The UTC hour of the daily accrual (0-23). */
  accrual_hour: number;
  next_accrual_at: number;
  /** Taking subscriptions: enabled, and the reserve covers a minimum order. */
  open: boolean;
}

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
