/**
 * Server calls of the copy-trading screens (`follow/*`, src/api/copy.rs; the
 * answer shapes are src/copy/views.rs) and their live updates.
 *
 * Live: the private events `copy_opened`, `copy_closed`, `copy_skipped` and
 * `follow_ended` change the caller's follows, receipts and skips;
 * `copy_trader_reviewed` their own trader state; the broadcast `copy_traders`
 * says a trader's figures were recomputed; `lever_trade` brings open copies'
 * marks and unrealised profit. Each list's cache entry listens
 * while it is used and refetches (invalidates its tag) when its event comes,
 * and after a reconnect, when events may have been missed.
 */
import { api } from '../../lib/api';
import { liveRefetch } from '../../lib/live';
import { ensureSocket, onSocketEvent } from '../../lib/socket';
import type { Paged } from '../../lib/types';
import { applyLiveMarks, type FollowParams, type Sort, type TraderAction } from './logic';

/** A trader as the list and the page show them: money in the contracts' coin, rates in percent (null before any). */
export interface TraderCard {
  trader_id: number;
  name: string;
  intro: string;
  avatar: string;
  /** Percent of followers' profit above their high-water mark ("10.00"). */
  share_rate: string;
  followers: number;
  max_followers: number;
  /** 1 open to new follows, 3 paused. */
  status: number;
  total_profit: string;
  accuracy: string | null;
  return_7d: string | null;
  return_30d: string | null;
  return_90d: string | null;
  return_all: string | null;
  profitable: number;
  closed: number;
  open_positions: number;
  yesterday_profit: string;
  /** When the figures were computed (ms), 0 before the first time. */
  computed_at: number;
}

export interface DayPoint {
  /** YYYY-MM-DD (UTC). */
  day: string;
  value: string;
}

export interface CopyQuality {
  copies: number;
  /** Largest difference between a copy's open price and its leader's ("0"). */
  max_price_diff: string;
  latency_p50_ms: number | null;
  latency_p99_ms: number | null;
}

/** A follow as its follower sees it. */
export interface FollowView {
  id: number;
  trader_id: number;
  trader_name: string;
  /** 1 multiple, 2 fixed lots. */
  mode: number;
  amount: string;
  max_margin: string;
  /** Percents ("50.00"); null for none. */
  tp_ratio: string | null;
  sl_ratio: string | null;
  stop_loss: string | null;
  /** 1 following, 2 edited, 3 ended. */
  status: number;
  realised: string;
  shared: string;
  owed: string;
  open_copies: number;
  end_reason: string | null;
  created_at: number;
  ended_at: number | null;
}

export interface TraderDetail {
  trader: TraderCard;
  /** Realised profit per day. */
  daily: DayPoint[];
  /** Cumulative rate of return in percent per day. */
  curve: DayPoint[];
  quality: CopyQuality;
  my_follow: FollowView | null;
}

/** A leader's position. */
export interface LeadTrade {
  id: number;
  symbol: string;
  /** 1 long, 2 short. */
  type: number;
  /** 1 holding, 3 closed. */
  status: number;
  share: number;
  multiple: number;
  open_price: string;
  close_price: string | null;
  profit: string | null;
  opened_at: number | null;
  closed_at: number | null;
  copies: number;
}

export interface Follower {
  nickname: string;
  since: number;
}

/** A copied position beside the leader's position it copies. */
export interface Receipt {
  id: number;
  symbol: string;
  type: number;
  /** 1 holding, 3 closed. */
  status: number;
  lots: string;
  multiple: number;
  /** The margin the copy holds. */
  margin: string;
  open_price: string;
  /** While open: the mark price and the unrealised profit against it (live from `lever_trade`); null once closed. */
  mark_price: string | null;
  unrealised: string | null;
  opened_at: number | null;
  close_price: string | null;
  closed_at: number | null;
  profit: string | null;
  close_reason: string | null;
  self_held: number;
  lead_id: number;
  lead_lots: number;
  lead_open_price: string;
  lead_opened_at: number | null;
  lead_close_price: string | null;
  lead_closed_at: number | null;
}

export interface Skipped {
  id: number;
  follow_id: number;
  lead_id: number;
  /** too_small, over_cap or insufficient_margin. */
  reason: string;
  created_at: number;
}

/** The caller's own application or trader state. */
export interface MyTrader {
  /** 0 applied, 1 approved, 2 rejected, 3 paused, 4 retired. */
  status: number;
  name: string;
  intro: string;
  share_rate: string;
  max_followers: number;
  reject_reason: string | null;
  followers: number;
  shares_received: string;
  created_at: number;
}

const TAGS = ['CopyTraders', 'CopyTrader', 'CopyLeadTrades', 'CopyFollows', 'CopyReceipts', 'CopySkips', 'MyTrader', 'Balance'] as const;

const tagged = api.enhanceEndpoints({ addTagTypes: [...TAGS] });

/** Several events in a burst (a leader closing five positions) make one refetch. */
const liveOn = liveRefetch(tagged);

/** Events that change what the caller's own lists show. */
const MINE = ['copy_opened', 'copy_closed', 'copy_skipped', 'follow_ended'];

export const copyApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    getTraders: build.query<Paged<TraderCard>, { sort: Sort; room: boolean; limit: number }>({
      query: ({ sort, room, limit }) => ({
        url: '/follow/index',
        method: 'GET',
        params: { sort, room: room ? 1 : undefined, page: 1, limit },
      }),
      providesTags: ['CopyTraders'],
      onCacheEntryAdded: liveOn(['copy_traders'], ['CopyTraders']),
    }),
    /** The token is part of the key: the answer holds the caller's own follow. */
    getTraderDetail: build.query<TraderDetail, { trader_id: number; token: string | null }>({
      query: ({ trader_id }) => ({ url: '/follow/traderDetail', method: 'GET', params: { trader_id } }),
      providesTags: ['CopyTrader'],
      onCacheEntryAdded: liveOn(['copy_traders', ...MINE], ['CopyTrader']),
    }),
    /** history 0: the trader's open positions, 1: closed ones. */
    getLeadTrades: build.query<Paged<LeadTrade>, { trader_id: number; history: 0 | 1; limit: number }>({
      query: ({ trader_id, history, limit }) => ({
        url: '/follow/historyTrade',
        method: 'GET',
        params: { trader_id, history, page: 1, limit },
      }),
      providesTags: ['CopyLeadTrades'],
      onCacheEntryAdded: liveOn(['copy_traders', 'copy_opened', 'copy_closed'], ['CopyLeadTrades']),
    }),
    getFollowers: build.query<Paged<Follower>, { trader_id: number; limit: number }>({
      query: ({ trader_id, limit }) => ({ url: '/follow/followers', method: 'GET', params: { trader_id, page: 1, limit } }),
      providesTags: ['CopyTrader'],
    }),
    follow: build.mutation<FollowView, FollowParams>({
      query: (params) => ({ url: '/follow/follow', params: { ...params } }),
      invalidatesTags: ['CopyTrader', 'CopyTraders', 'CopyFollows'],
    }),
    cancelFollow: build.mutation<FollowView, { id: number; close: 0 | 1 }>({
      query: (params) => ({ url: '/follow/cancel', params }),
      invalidatesTags: ['CopyTrader', 'CopyTraders', 'CopyFollows', 'CopyReceipts', 'Balance'],
    }),
    selfHold: build.mutation<string, { id: number }>({
      query: (params) => ({ url: '/follow/selfHolding', params }),
      invalidatesTags: ['CopyReceipts', 'CopyFollows'],
    }),
    /** history 0: current follows, 1: ended ones. */
    getMyFollows: build.query<Paged<FollowView>, { history: 0 | 1; limit: number }>({
      query: ({ history, limit }) => ({ url: '/follow/my', method: 'GET', params: { history, page: 1, limit } }),
      providesTags: ['CopyFollows'],
      onCacheEntryAdded: liveOn(MINE, ['CopyFollows']),
    }),
    getReceipts: build.query<Paged<Receipt>, { follow_id?: number; limit: number }>({
      query: ({ follow_id, limit }) => ({ url: '/follow/receipts', method: 'GET', params: { follow_id, page: 1, limit } }),
      providesTags: ['CopyReceipts'],
      // Refetched when a copy opens or closes (its own stop included: `lever_closed`);
      // open copies take the contract actor's marks as they come (`lever_trade`).
      async onCacheEntryAdded(arg, lifecycle) {
        const refetching = liveOn([...MINE, 'lever_closed'], ['CopyReceipts'])(arg, lifecycle);
        try {
          await lifecycle.cacheDataLoaded;
        } catch {
          return;
        }
        ensureSocket(lifecycle);
        const off = onSocketEvent('lever_trade', (payload: unknown) => {
          lifecycle.updateCachedData((page) => {
            applyLiveMarks(page.data, payload);
          });
        });
        await lifecycle.cacheEntryRemoved;
        off();
        await refetching;
      },
    }),
    getSkips: build.query<Paged<Skipped>, { limit: number }>({
      query: ({ limit }) => ({ url: '/follow/skips', method: 'GET', params: { page: 1, limit } }),
      providesTags: ['CopySkips'],
      onCacheEntryAdded: liveOn(['copy_skipped'], ['CopySkips']),
    }),
    getMyTrader: build.query<MyTrader | null, void>({
      query: () => ({ url: '/follow/myTrader', method: 'GET' }),
      providesTags: ['MyTrader'],
      onCacheEntryAdded: liveOn(['copy_trader_reviewed', 'follow_ended'], ['MyTrader']),
    }),
    applyTrader: build.mutation<MyTrader, { name: string; intro: string; share_rate: string; max_followers: number }>({
      query: (params) => ({ url: '/follow/apply', params }),
      invalidatesTags: ['MyTrader'],
    }),
    setTraderStatus: build.mutation<MyTrader, { action: TraderAction }>({
      query: (params) => ({ url: '/follow/traderStatus', params }),
      invalidatesTags: ['MyTrader', 'CopyTraders', 'CopyTrader'],
    }),
  }),
});

export const {
  useGetTradersQuery,
  useGetTraderDetailQuery,
  useGetLeadTradesQuery,
  useGetFollowersQuery,
  useFollowMutation,
  useCancelFollowMutation,
  useSelfHoldMutation,
  useGetMyFollowsQuery,
  useGetReceiptsQuery,
  useGetSkipsQuery,
  useGetMyTraderQuery,
  useApplyTraderMutation,
  useSetTraderStatusMutation,
} = copyApi;
