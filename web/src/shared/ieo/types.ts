/**
 * The shape of an IEO token sale, one for every screen that reads it: the ieo
 * feature (`/api/project`, `/api/project/detail`) and the admin's Earn panel
 * (`/admin/api/ieo/projects`, `/ieo/project`, `/ieo/credit`) get the very same
 * view from the server. Money is decimal strings; times are ms.
 */

/** 0 warm-up, 1 in progress, 2 ended (allocated, awaiting review), 3 credited (released by cycle). */
export type ProjectStatus = 0 | 1 | 2 | 3;

export interface Project {
  id: number;
  name: string;
  intro: string;
  token_id: number;
  /** The token on sale ("BRS"). */
  token: string;
  pay_currency_id: number;
  /** What it is paid in ("USDT"). */
  pay_currency: string;
  /** Pay currency per whole token. */
  price: string;
  /** Tokens on sale. */
  supply: string;
  /** Most tokens one user may ask. */
  user_cap: string;
  /** Least tokens per subscription. */
  min_amount: string;
  /** Tokens asked by everyone so far. */
  subscribed: string;
  subscribers: number;
  /** max(supply − subscribed, 0). */
  remaining: string;
  /** subscribed / supply in percent ("250.00"); above 100 the allocation is pro rata. */
  oversubscribed: string;
  starts_at: number;
  ends_at: number;
  /** Tokens are released from here, an equal part at the start of each of `cycles` cycles of `cycle_days` days. */
  lock_ends_at: number;
  cycle_days: number;
  cycles: number;
  whitepaper: string;
  website: string;
  status: ProjectStatus;
  /** Percent of each ask granted once ended ("40.00"); null before. */
  allocation_ratio: string | null;
  /** The server's clock when it answered (ms), for the countdowns. */
  server_time: number;
}
