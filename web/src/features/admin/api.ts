/**
 * Admin calls (docs/api.md, "Admin" and "Admin review"). They live under
 * `/admin/api`, which the shared base query cannot reach (it always prefixes
 * `/api`), so these endpoints use `queryFn` with a small fetch of their own that
 * speaks the same wire rules: form-encoded POST, `lang`, the raw token, a 60 s
 * time-out, and the envelope read by lib/envelope.ts with the same reactions
 * (999 signs out and goes to login, errors are toasted).
 */
import i18next from 'i18next';
import type { ApiError } from '../../lib/api';
import { REDIRECT_MS, REQUEST_TIMEOUT_MS, ROUTES } from '../../lib/constants';
import { interpretEnvelope } from '../../lib/envelope';
import { loginRouteFor } from '../../lib/navigation';
import { loggedOut, type SessionState } from '../../lib/session';
import { showToast } from '../../lib/toast';
import type { Paged } from '../../lib/types';
import { fundsApi } from '../../shared/funds/api';
import type { Project } from '../../shared/ieo/types';
import type { LockProduct, LockReserve } from '../../shared/lock/types';
import type { SaleParams } from './ieo';
import { textsParams, type TextLang, type Texts } from './texts';
import type { AdminNftListing } from './nft';
import type { AdminArtistRoyalties, LinkAnswer } from './royalties';

type Scalar = string | number | undefined;

interface AdminRequest {
  path: string;
  method?: 'GET' | 'POST';
  params?: Record<string, Scalar>;
  /** A multipart body (uploads), posted; `lang` is added to it. */
  formData?: FormData;
}

type QueryApi = {
  getState: () => unknown;
  dispatch: (action: unknown) => unknown;
  signal: AbortSignal;
};

type Result<T> = { data: T } | { error: ApiError };

/** One call to `/admin/api`, answered as RTK Query expects. */
export async function adminFetch<T>(req: AdminRequest, { getState, dispatch, signal }: QueryApi): Promise<Result<T>> {
  const session = (getState() as { session: SessionState }).session;
  const method = req.formData ? 'POST' : (req.method ?? 'GET');
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(req.params ?? {})) if (v !== undefined) form.append(k, String(v));
  form.set('lang', session.lang);
  const headers: Record<string, string> = {};
  if (session.token) headers.Authorization = session.token;
  let url = `/admin/api${req.path}`;
  let body: string | FormData | undefined;
  if (req.formData) {
    req.formData.set('lang', session.lang);
    body = req.formData;
  } else if (method === 'GET') url += `?${form.toString()}`;
  else {
    headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
    body = form.toString();
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  signal.addEventListener('abort', onAbort);
  let status: number;
  let parsed: unknown;
  try {
    const res = await fetch(url, { method, headers, body, signal: controller.signal });
    status = res.status;
    const text = await res.text();
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
  } catch {
    const message = i18next.t(timedOut ? 'common.timeout' : 'common.networkError');
    if (!signal.aborted) showToast(message);
    return { error: { status: 0, kind: timedOut ? 'timeout' : 'network', message } };
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
  }

  const outcome = interpretEnvelope(parsed, status);
  switch (outcome.kind) {
    case 'ok':
      return { data: outcome.data as T };
    case 'unauthenticated': {
      const message = outcome.message ?? i18next.t('common.loginFirst');
      showToast(message);
      dispatch(loggedOut());
      // Back here after logging in again.
      const from = window.location.hash.replace(/^#/, '') || ROUTES.setting;
      setTimeout(() => {
        window.location.hash = `#${loginRouteFor(from)}`;
      }, REDIRECT_MS);
      return { error: { status, kind: 'unauthenticated', message } };
    }
    case 'verify': {
      const message = outcome.message ?? i18next.t('common.verifyFirst');
      showToast(message);
      return { error: { status, kind: 'verify', message } };
    }
    default: {
      const message = outcome.message ?? i18next.t('common.serverError');
      showToast(message);
      return { error: { status, kind: 'error', message } };
    }
  }
}

export type QueueKind = 'deposits' | 'withdrawals' | 'verifications';

/** A deposit request as the review queue lists it. */
export interface AdminDeposit {
  id: number;
  user_id: number;
  /** The requester's e-mail, else mobile number. */
  account: string;
  currency_id: number;
  currency: string;
  network: string;
  address: string;
  amount: string;
  voucher: string;
  state: number;
  reason: string;
  created_at: number;
  reviewed_at: number | null;
}

export interface AdminWithdrawal {
  id: number;
  user_id: number;
  /** The requester's e-mail, else mobile number. */
  account: string;
  currency_id: number;
  currency: string;
  type: number;
  destination: string;
  number: string;
  fee: string;
  receive: string;
  state: number;
  reason: string;
  created_at: number;
  reviewed_at: number | null;
}

export interface AdminVerification {
  id: number;
  user_id: number;
  /** The requester's e-mail, else mobile number. */
  account: string;
  level: number;
  id_type?: string;
  name?: string;
  card_id?: string;
  front_pic: string;
  reverse_pic: string;
  erc_address?: string;
  trc_address?: string;
  state: number;
  reason: string;
  created_at: number;
}

export type QueueItem = AdminDeposit | AdminWithdrawal | AdminVerification;

export interface AuditReport {
  ok: boolean;
  /** `[currency id, journal sum]` per currency. */
  currencies: [number | string, number | string][];
  balances_checked: number;
  entries: number;
  first_broken: unknown;
}

export interface PlatformAddress {
  currency: number;
  network: string;
  address: string;
  /** Derived by the server because none was configured; replaced by saving a real one. */
  demo: boolean;
  updated_at: number;
}

/** An account as the admin's user list shows it. */
export interface AdminUser {
  id: number;
  /** The e-mail, else the mobile number, unmasked (admins see accounts in full). */
  account: string;
  /** "user", "admin", or "system" for the platform's own liquidity accounts. */
  role: string;
  /** The demo user and the demo traders: they exist for the demo, not for a person. */
  demo: boolean;
  created_at: number;
}

export type HealthStatus = 'ok' | 'warn' | 'fail';

/** One thing an actor checks about itself; `detail` is a value or a word to translate. */
export interface ActorCheck {
  name: string;
  status: HealthStatus;
  detail: string;
}

/** One actor's typed report (`GET /admin/api/health`). */
export interface ActorHealth {
  name: string;
  kind: string;
  status: HealthStatus;
  backlog: number;
  handled: number;
  last_message_at: number | null;
  started_at: number;
  restarts: number;
  checks: ActorCheck[];
}

/** One stage of the spot order path, every market together, since the server started. */
export interface StageFigures {
  /** queue, writer, match, write, commit, answer, total; batch counts orders per batch. */
  stage: string;
  count: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
}

export interface HealthSnapshot {
  /** When the server gathered the reports (ms), the reference for ages. */
  at: number;
  actors: ActorHealth[];
  /** Where the spot orders' time went, stage by stage. */
  orders: StageFigures[];
}

/** A lead-trader application as the review desk sees it (`GET /admin/api/copy/traders`). */
export interface LeadApplication {
  user_id: number;
  name: string;
  intro: string;
  /** The profit share asked, in millionths (100000 = 10 %). */
  share_ppm: number;
  max_followers: number;
  /** 0 applied, 1 approved, 2 rejected, 3 paused, 4 retired. */
  status: number;
  reject_reason: string | null;
  created_at: number;
  reviewed_at: number | null;
  /** The intro in the other languages (`intro` is the trader's own). */
  intros?: Texts | null;
}

/**
 * The terms of a lock-up product as the product form holds them and `POST
 * /admin/api/earn/lock/product` takes them, every one a string: rates and
 * penalty as typed in the form (percent), as SHARES of the principal on the
 * wire ("0.003" is 0.3 %).
 */
export interface LockTerms {
  category: string;
  name: string;
  /** The coin's id; empty in the form until one is chosen. */
  currency: string;
  rate_min: string;
  rate_max: string;
  days: string;
  min_amount: string;
  user_cap: string;
  total_cap: string;
  penalty: string;
}

/** What `POST /admin/api/earn/lock/product` takes: the terms (shares, not percent), `id` when changing a product. */
export interface LockProductParams extends LockTerms, Partial<Record<`name_${TextLang}`, string>> {
  id?: number;
  enabled: '1' | '0';
  /** Place in the lists, smaller first. */
  sort?: string;
}

const adminApi = fundsApi.injectEndpoints({
  endpoints: (build) => ({
    getAdminQueue: build.query<Paged<QueueItem>, { kind: QueueKind; state?: number; page: number; limit: number }>({
      queryFn: ({ kind, ...params }, api) => adminFetch<Paged<QueueItem>>({ path: `/${kind}`, params }, api),
      providesTags: ['AdminQueue'],
    }),
    decide: build.mutation<string, { kind: QueueKind; id: number; action: 'approve' | 'reject'; reason?: string }>({
      queryFn: ({ kind, id, action, reason }, api) =>
        adminFetch<string>({ path: `/${kind}/${action}`, method: 'POST', params: { id, reason } }, api),
      // Approving a deposit or rejecting a withdrawal moves money.
      invalidatesTags: ['AdminQueue', 'Balance'],
    }),
    getAdminUsers: build.query<Paged<AdminUser>, { page: number; limit: number }>({
      queryFn: (params, api) => adminFetch<Paged<AdminUser>>({ path: '/users', params }, api),
    }),
    getAudit: build.query<AuditReport, void>({
      queryFn: (_arg, api) => adminFetch<AuditReport>({ path: '/audit' }, api),
    }),
    getPlatformAddresses: build.query<PlatformAddress[], void>({
      queryFn: (_arg, api) => adminFetch<PlatformAddress[]>({ path: '/deposit_addresses' }, api),
      providesTags: ['DepositAddress'],
    }),
    savePlatformAddress: build.mutation<unknown, { currency: number; network: string; address: string }>({
      queryFn: (params, api) => adminFetch<unknown>({ path: '/deposit_addresses', method: 'POST', params }, api),
      invalidatesTags: ['DepositAddress'],
    }),
    getLeadApplications: build.query<Paged<LeadApplication>, { status?: number; page: number; limit: number }>({
      queryFn: (params, api) => adminFetch<Paged<LeadApplication>>({ path: '/copy/traders', params }, api),
    }),
    reviewLeadApplication: build.mutation<string, { trader_id: number; action: 'approve' | 'reject'; reason?: string }>({
      queryFn: ({ trader_id, action, reason }, api) =>
        adminFetch<string>({ path: `/copy/${action}`, method: 'POST', params: { trader_id, reason } }, api),
    }),
    getHealth: build.query<HealthSnapshot, void>({
      queryFn: (_arg, api) => adminFetch<HealthSnapshot>({ path: '/health' }, api),
    }),
  }),
});

/**
 * Lock-up mining's products and yield reserves. Funding a reserve opens or
 * closes products (each shows its coin's reserve), and a new product may add
 * its coin's reserve, so either change refreshes both lists.
 */
const earnAdminApi = fundsApi.enhanceEndpoints({ addTagTypes: ['AdminEarn', 'AdminIeo'] }).injectEndpoints({
  endpoints: (build) => ({
    getLockProducts: build.query<LockProduct[], void>({
      queryFn: (_arg, api) => adminFetch<LockProduct[]>({ path: '/earn/lock/products' }, api),
      providesTags: ['AdminEarn'],
    }),
    saveLockProduct: build.mutation<LockProduct, LockProductParams>({
      queryFn: (params, api) => adminFetch<LockProduct>({ path: '/earn/lock/product', method: 'POST', params: { ...params } }, api),
      invalidatesTags: ['AdminEarn'],
    }),
    /** A lead trader's intro in the other languages; answers the application with them. */
    setLeadIntros: build.mutation<LeadApplication, { trader_id: number; intros: Texts }>({
      queryFn: ({ trader_id, intros }, api) =>
        adminFetch<LeadApplication>({ path: '/copy/intro', method: 'POST', params: { trader_id, ...textsParams('intro', intros) } }, api),
    }),
    getEarnReserves: build.query<LockReserve[], void>({
      queryFn: (_arg, api) => adminFetch<LockReserve[]>({ path: '/earn/reserves' }, api),
      providesTags: ['AdminEarn'],
    }),
    fundEarnReserve: build.mutation<LockReserve[], { currency: number; amount: string; request_id: string }>({
      queryFn: (params, api) => adminFetch<LockReserve[]>({ path: '/earn/reserves/fund', method: 'POST', params }, api),
      invalidatesTags: ['AdminEarn'],
    }),
    /** Every token sale, newest first. */
    getIeoProjects: build.query<Paged<Project>, { page: number; limit: number }>({
      queryFn: (params, api) => adminFetch<Paged<Project>>({ path: '/ieo/projects', params }, api),
      providesTags: ['AdminIeo'],
    }),
    /** The platform's review of an ended sale (status 2): credits its buyers' tokens. */
    creditIeoProject: build.mutation<Project, { id: number }>({
      queryFn: (params, api) => adminFetch<Project>({ path: '/ieo/credit', method: 'POST', params }, api),
      invalidatesTags: ['AdminIeo'],
    }),
    createIeoProject: build.mutation<Project, SaleParams>({
      queryFn: (params, api) => adminFetch<Project>({ path: '/ieo/project', method: 'POST', params: { ...params } }, api),
      invalidatesTags: ['AdminIeo'],
    }),
  }),
});

export const {
  useLazyGetAdminQueueQuery,
  useDecideMutation,
  useLazyGetAdminUsersQuery,
  useGetAuditQuery,
  useGetPlatformAddressesQuery,
  useSavePlatformAddressMutation,
  useGetHealthQuery,
  useLazyGetLeadApplicationsQuery,
  useReviewLeadApplicationMutation,
} = adminApi;

export const {
  useGetLockProductsQuery,
  useSaveLockProductMutation,
  useSetLeadIntrosMutation,
  useGetEarnReservesQuery,
  useFundEarnReserveMutation,
  useGetIeoProjectsQuery,
  useCreditIeoProjectMutation,
  useCreateIeoProjectMutation,
} = earnAdminApi;

/** An NFT artist as the admin's pickers list them. */
export interface AdminNftArtist {
  id: number;
  name: string;
  avatar: string;
  intro: string;
  items: number;
  collections: number;
}

export interface AdminNftCollection {
  id: number;
  name: string;
  cover: string;
  artist_id: number;
  artist_name: string;
  items: number;
}

/**
 * The NFT marketplace for the admin (docs/api.md, "NFT marketplace", Admin):
 * media uploads, new artists, collections, items and blind-box series, the
 * review of resale listings, the live auctions, and artists linked to the
 * users their royalties are paid to. The collections and the
 * coins items are priced in come from the public calls.
 */
const nftAdminApi = fundsApi.enhanceEndpoints({ addTagTypes: ['AdminNft', 'AdminNftListings', 'AdminNftRoyalties'] }).injectEndpoints({
  endpoints: (build) => ({
    /** Uploads a picture, GIF, audio or video; answers its address (`/media/nft/NAME`). */
    uploadNftMedia: build.mutation<string, File>({
      queryFn: (file, api) => {
        const formData = new FormData();
        formData.append('file', file);
        return adminFetch<string>({ path: '/nft/media', formData }, api);
      },
    }),
    getNftArtists: build.query<Paged<AdminNftArtist>, void>({
      queryFn: (_arg, api) => adminFetch<Paged<AdminNftArtist>>({ path: '/nft/artists', params: { page: 1, limit: 100 } }, api),
      providesTags: ['AdminNft'],
    }),
    getNftCollections: build.query<Paged<AdminNftCollection>, void>({
      query: () => ({ url: '/bind_box/getCollection', method: 'GET', params: { page: 1, limit: 100 } }),
      providesTags: ['AdminNft'],
    }),
    getNftCoins: build.query<{ id: number; name: string }[], void>({
      query: () => ({ url: '/bind_box/getNftCurrency', method: 'GET' }),
    }),
    createNftArtist: build.mutation<{ id: number }, Record<string, string | number>>({
      queryFn: (params, api) => adminFetch<{ id: number }>({ path: '/nft/artist', method: 'POST', params }, api),
      invalidatesTags: ['AdminNft', 'AdminNftRoyalties'],
    }),
    createNftCollection: build.mutation<{ id: number }, Record<string, string | number>>({
      queryFn: (params, api) => adminFetch<{ id: number }>({ path: '/nft/collection', method: 'POST', params }, api),
      invalidatesTags: ['AdminNft'],
    }),
    createNftItem: build.mutation<{ id: number; name: string }, Record<string, string | number>>({
      queryFn: (params, api) => adminFetch<{ id: number; name: string }>({ path: '/nft/item', method: 'POST', params }, api),
      invalidatesTags: ['AdminNft', 'AdminNftListings'],
    }),
    createNftSeries: build.mutation<{ id: number }, Record<string, string | number>>({
      queryFn: (params, api) => adminFetch<{ id: number }>({ path: '/nft/series', method: 'POST', params }, api),
      invalidatesTags: ['AdminNft'],
    }),
    /** Listings of one state, newest first (0 the review queue, 1 on sale). */
    getNftListings: build.query<Paged<AdminNftListing>, { status: number; limit: number }>({
      queryFn: ({ status, limit }, api) => adminFetch<Paged<AdminNftListing>>({ path: '/nft/listings', params: { status, page: 1, limit } }, api),
      providesTags: ['AdminNftListings'],
    }),
    /** Approves (1) or refuses (0) a resale listing in review. */
    reviewNftListing: build.mutation<string, { id: number; approve: 1 | 0 }>({
      queryFn: (params, api) => adminFetch<string>({ path: '/nft/review', method: 'POST', params }, api),
      invalidatesTags: ['AdminNftListings'],
    }),
    /** Artists with the user each is linked to and what each accrued while not linked. */
    getNftRoyalties: build.query<Paged<AdminArtistRoyalties>, void>({
      queryFn: (_arg, api) => adminFetch<Paged<AdminArtistRoyalties>>({ path: '/nft/royalties', params: { page: 1, limit: 100 } }, api),
      providesTags: ['AdminNftRoyalties'],
    }),
    /** Links an artist to a user (`user_id` or `account`); pays what the artist accrued, once. */
    linkNftArtist: build.mutation<LinkAnswer, Record<string, string | number>>({
      queryFn: (params, api) => adminFetch<LinkAnswer>({ path: '/nft/artist/link', method: 'POST', params }, api),
      invalidatesTags: ['AdminNftRoyalties'],
    }),
    /** Unlinks an artist: later royalties are held for them again. */
    unlinkNftArtist: build.mutation<AdminArtistRoyalties, { artist_id: number }>({
      queryFn: (params, api) => adminFetch<AdminArtistRoyalties>({ path: '/nft/artist/unlink', method: 'POST', params }, api),
      invalidatesTags: ['AdminNftRoyalties'],
    }),
  }),
});

export const {
  useUploadNftMediaMutation,
  useGetNftArtistsQuery,
  useGetNftCollectionsQuery,
  useGetNftCoinsQuery,
  useCreateNftArtistMutation,
  useCreateNftCollectionMutation,
  useCreateNftItemMutation,
  useCreateNftSeriesMutation,
  useGetNftListingsQuery,
  useReviewNftListingMutation,
  useGetNftRoyaltiesQuery,
  useLinkNftArtistMutation,
  useUnlinkNftArtistMutation,
} = nftAdminApi;
