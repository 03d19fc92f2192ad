/**
 * The shapes of lock-up mining's products and yield reserves, one set for
 * every screen that reads them: the lockming feature (`lh/deposit/config`,
 * `lh/deposit/detail`) and the admin's Earn panel (`/admin/api/earn/lock/
 * products`, `/admin/api/earn/reserves`) get the very same views from the
 * server (src/earn/views.rs `LockProduct`, `ReserveView`). Money is decimal
 * strings in the product's coin; rates are percent strings ("0.30" is 0.30 %
 * a day).
 */
import type { LockCategory } from './routes';

/** A coin's yield reserve against the yield its open orders may still be paid. */
export interface LockCoverage {
  /** The coin's yield reserve (shared by its products). */
  reserve: string;
  /** The yield the coin's open orders may still be paid (at the top of their ranges). */
  promised: string;
  /** reserve / promised in percent ("245.10"); null when nothing is promised. */
  coverage: string | null;
}

/** One coin's yield reserve (`GET /admin/api/earn/reserves`). */
export interface LockReserve extends LockCoverage {
  currency_id: number;
  currency: string;
}

/** A lock-up product: its terms, its quota and holders, its coin's reserve and its state. */
export interface LockProduct extends LockCoverage {
  id: number;
  category: LockCategory;
  name: string;
  currency_id: number;
  currency: string;
  /** Daily yield range, percent of the principal per day ("0.30"). */
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
  /** The UTC hour of the daily accrual (0-23). */
  accrual_hour: number;
  /** When the next day's yield is paid (ms). */
  next_accrual_at: number;
  /** Taking subscriptions: enabled, quota left and the reserve covers a minimum order. */
  open: boolean;
  /** Switched on by an admin (a disabled product is listed to the admin only). */
  enabled: boolean;
  /**
   * The name in the other languages, by language code (admins' lists only:
   * there `name` is the English one; elsewhere `name` is already in the
   * reader's language).
   */
  names?: Partial<Record<string, string>>;
}
