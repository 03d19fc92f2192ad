/**
 * Business constants of the app (product spec, section 9). Every timing and
 * default the screens use comes from here so that they stay consistent.
 */

/** App version shown in settings. */
export const APP_VERSION = '0.8.0';
/** Storage format marker: a device whose stored marker is missing or lower is wiped once. */
export const H5_VERSION = 1;

/** A loading indicator appears only when a wait lasts longer than this (ms). */
export const LOADING_DELAY_MS = 800;
/** How long a toast stays on screen (ms). */
export const TOAST_MS = 1500;
/** Debounce of text input driven actions such as search (ms). */
export const DEBOUNCE_MS = 500;
/** Delay before redirecting after a toast, e.g. to the login page (ms). */
export const REDIRECT_MS = 1200;
/** Request time-out (ms). */
export const REQUEST_TIMEOUT_MS = 60_000;
/** Delay before the lazy page fallback shows a spinner (ms). */
export const PAGE_LOADING_DELAY_MS = 200;

/** Lists start at this page. */
export const FIRST_PAGE = 1;
/** Default page size of lists. */
export const PAGE_LIMIT = 10;

/** Countdown between two verification code sends (s). */
export const CODE_RESEND_SECONDS = 60;
/** Length of the verification codes the server sends. */
export const CODE_LENGTH = 6;

/** Default calling code of the mobile number fields. */
export const DEFAULT_AREA_CODE = '86';

/** Fixed display precision of amounts. */
export const DEFAULT_PRECISION = 2;

/** News categories of /api/news/list. */
export const NEWS_CATEGORY_NOTICE = 4;
export const NEWS_CATEGORY_BANNER = 5;

/** The nine interface languages, as the server names them. */
export const LANGUAGES = ['zh', 'en', 'hk', 'th', 'jp', 'kor', 'fra', 'spa', 'bx'] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = 'zh';
export const FALLBACK_LANG: Lang = 'en';

/** BCP 47 tag of each language, for the html lang attribute and Intl formatting. */
export const LANG_TAGS: Record<Lang, string> = {
  zh: 'zh-CN',
  en: 'en-US',
  hk: 'zh-HK',
  th: 'th-TH',
  jp: 'ja-JP',
  kor: 'ko-KR',
  fra: 'fr-FR',
  spa: 'es-ES',
  bx: 'pt-BR',
};

/** Default fiat when the user has chosen none: USD at rate 1. */
export const DEFAULT_FIAT = { currency_code: 'USD', symbol: '$', rate: '1' } as const;

/** Where the app sends the user. */
export const ROUTES = {
  home: '/pages/index/index',
  market: '/pages/market/market',
  lock: '/pages/lockming/welcome',
  financial: '/pages/financial/index',
  contract: '/pages/transaction/contract',
  assets: '/pages/fund/assets',
  login: '/pages/common/login',
  register: '/pages/common/register',
  forget: '/pages/common/forget',
  area: '/pages/common/area',
  article: '/pages/common/article',
  faq: '/pages/common/faq',
  aboutus: '/pages/common/aboutus',
  contactus: '/pages/common/contactus',
  whiteBook: '/pages/common/whiteBook',
  setting: '/pages/setting/setting',
  userInfo: '/pages/setting/userInfo',
  security: '/pages/setting/security',
  password: '/pages/setting/password',
  payPassword: '/pages/setting/payPassword',
  bindPhone: '/pages/setting/bindPhone',
  bindEmail: '/pages/setting/bindEmail',
  compliance: '/pages/setting/operational_compliance',
  message: '/pages/setting/message',
  share: '/pages/setting/share',
  realMark: '/pages/setting/real_mark',
} as const;
