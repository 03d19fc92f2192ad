/**
 * Wire shapes shared by several features (docs/api.md). Feature-only shapes
 * live in that feature's api.ts.
 */

/** A paged list answer. */
export interface Paged<T> {
  data: T[];
  page: number;
  limit: number;
  total: number;
  pages: number;
}

export interface PageArgs {
  page: number;
  limit?: number;
}

/** GET /api/user/info. */
export interface User {
  id: number;
  email: string | null;
  mobile: string | null;
  area_code: string | null;
  account: string;
  nickname: string | null;
  signature: string | null;
  head_portrait: string | null;
  invite_code: string;
  credit_score: number | string | null;
  has_pay_password: boolean;
  role: string;
  created_at: number;
}

/** GET /api/getSiteConfig. */
export interface SiteConfig {
  site_name: string;
  site_logo: string;
  support_url: string;
  cancel_deposit_fee: string;
  version: string;
  h5_version: string | number;
  languages: string[];
  default_lang: string;
  default_fiat: string;
  invite_base: string;
}

/** One row of GET /api/wallet/getRateCurrency. */
export interface RateCurrency {
  currency_code: string;
  symbol: string;
  rate: string;
}

/** A `{title, content}` text page (about us, contact us, compliance, white paper, invite rules). */
export interface TextPage {
  title: string;
  content: string;
}
