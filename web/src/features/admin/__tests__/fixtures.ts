/** What the admin's Earn tests read: an ETH lock-up product (closed: its reserve covers 83 % of what is promised). */
import type { LockProduct } from '../../../shared/lock/types';

export const ETH_PRODUCT: LockProduct = {
  id: 7,
  category: 'defi',
  name: 'ETH 30 days',
  currency_id: 2,
  currency: 'ETH',
  rate_min: '0.30',
  rate_max: '0.50',
  today_rate: '0.42',
  days: 30,
  min_amount: '0.1',
  user_cap: '10',
  total_cap: '1000',
  total_locked: '12.5',
  remaining: '987.5',
  holders: 3,
  penalty_rate: '0.50',
  reserve: '1',
  promised: '1.2',
  coverage: '83.33',
  accrual_hour: 0,
  next_accrual_at: 1_800_000_000_000,
  open: false,
  enabled: true,
};
