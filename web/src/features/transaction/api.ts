/**
 * Spot-trading calls and streams (docs/api.md, "Markets" and "Realtime
 * socket"): K-lines with the forming bar from `kline`, the order book from
 * `market_depth`, latest trades from `market_trade`, the user's open orders
 * kept live by the private `order` event, spot balances (tag 'Balance', which
 * the `balance` event invalidates), placing and cancelling orders.
 */
import type { RequestArgs } from '../../lib/api';
import {
  connectionEpoch,
  ensureSocket,
  onReconnect,
  onSocketEvent,
  realtimeApi,
  subscribeChannel,
} from '../../lib/socket';
import type { Paged } from '../../lib/types';
import { historyWindow, upsertBar, type Bar, type KlineEvent, type Period } from './kline';
import {
  addTrade,
  applyDepth,
  applyOpenOrder,
  emptyDepth,
  type CoinOrder,
  type DepthEvent,
  type DepthState,
  type TradeEvent,
  TRADES_KEPT,
} from './streams';

/** POST /api/wallet/detail: one coin's balance in one account. */
export interface SpotBalance {
  currency_id: number;
  name: string;
  decimals: number;
  account: number;
  available: string;
  frozen: string;
}

/** POST /api/coin/trade. */
export interface PlaceOrderArgs {
  match_id: number;
  /** 1 buy, 2 sell. */
  type: 1 | 2;
  amount: string;
  /** Limit orders. */
  target_price?: string;
  /** Market orders. */
  order_type?: 'market';
}

export interface OrderListArgs {
  type: 'current' | 'all';
  match_id?: number;
  page: number;
  limit: number;
}

/** The spot account (docs/api.md, "Funds"). */
const SPOT_ACCOUNT = 2;
/** Open orders shown under the trade form. */
const OPEN_ORDERS_LIMIT = 50;

/** The server cancels with PUT /api/coin/trade; the shared request type names GET and POST only. */
const PUT = 'PUT' as unknown as RequestArgs['method'];

const transactionApi = realtimeApi.enhanceEndpoints({ addTagTypes: ['CoinOrders'] }).injectEndpoints({
  endpoints: (build) => ({
    /** History of one market and period, then the forming bar live. */
    getKline: build.query<Bar[], { symbol: string; period: Period }>({
      query: ({ symbol, period }) => ({
        url: '/currency/new_timeshar',
        method: 'GET',
        params: { symbol, period, ...historyWindow(period, Math.floor(Date.now() / 1000)) },
      }),
      keepUnusedDataFor: 30,
      async onCacheEntryAdded(arg, { cacheDataLoaded, cacheEntryRemoved, updateCachedData, getState, dispatch }) {
        try {
          await cacheDataLoaded;
        } catch {
          return;
        }
        ensureSocket({ getState, dispatch });
        const release = subscribeChannel({ channel: 'kline', symbol: arg.symbol, period: arg.period });
        const off = onSocketEvent<KlineEvent>('kline', (k) => {
          if (k?.symbol === arg.symbol && k.period === arg.period && typeof k.time === 'number') {
            updateCachedData((draft) => upsertBar(draft, k));
          }
        });
        const offReconnect = onReconnect(() => {
          void dispatch(transactionApi.endpoints.getKline.initiate(arg, { forceRefetch: true, subscribe: false }));
        });
        await cacheEntryRemoved;
        off();
        offReconnect();
        release();
      },
    }),

    /** The order book of one market; the server sends the whole top of book on every change. */
    getDepth: build.query<DepthState, string>({
      // Nothing to fetch: the book comes from the socket, `ready` says when it arrived.
      queryFn: (symbol) => ({ data: emptyDepth(symbol) }),
      keepUnusedDataFor: 5,
      async onCacheEntryAdded(symbol, { cacheDataLoaded, cacheEntryRemoved, updateCachedData, getState, dispatch }) {
        try {
          await cacheDataLoaded;
        } catch {
          return;
        }
        ensureSocket({ getState, dispatch });
        const release = subscribeChannel({ channel: 'depth', symbol });
        const off = onSocketEvent<DepthEvent>('market_depth', (event) => {
          if (event?.symbol !== symbol) return;
          updateCachedData((draft) => {
            applyDepth(draft, event, connectionEpoch());
          });
        });
        await cacheEntryRemoved;
        off();
        release();
      },
    }),

    /**
     * Latest trades of one market, newest first: the recent ones from the
     * database, then each as it happens. The stream is joined before the read
     * answers and what arrives meanwhile is kept, so no trade falls between
     * the two; one read back and also streamed shows once (its `key`).
     */
    getTrades: build.query<TradeEvent[], string>({
      query: (symbol) => ({ url: '/currency/trades', method: 'GET', params: { symbol, limit: TRADES_KEPT } }),
      keepUnusedDataFor: 5,
      async onCacheEntryAdded(symbol, { cacheDataLoaded, cacheEntryRemoved, updateCachedData, getState, dispatch }) {
        ensureSocket({ getState, dispatch });
        const release = subscribeChannel({ channel: 'trade', symbol });
        let early: TradeEvent[] | null = [];
        const off = onSocketEvent<TradeEvent>('market_trade', (trade) => {
          if (trade?.symbol !== symbol) return;
          if (early) early.push(trade);
          else updateCachedData((draft) => addTrade(draft, trade, symbol));
        });
        const offReconnect = onReconnect(() => {
          void dispatch(transactionApi.endpoints.getTrades.initiate(symbol, { forceRefetch: true, subscribe: false }));
        });
        try {
          await cacheDataLoaded;
          const held = early;
          early = null;
          updateCachedData((draft) => {
            for (const trade of held) addTrade(draft, trade, symbol);
          });
          await cacheEntryRemoved;
        } finally {
          off();
          offReconnect();
          release();
        }
      },
    }),

    /** The caller's open orders in one market, kept live by the private `order` event. */
    getOpenOrders: build.query<CoinOrder[], { match_id: number; symbol: string }>({
      query: ({ match_id }) => ({
        url: '/coin/list',
        method: 'GET',
        params: { type: 'current', match_id, page: 1, limit: OPEN_ORDERS_LIMIT },
      }),
      transformResponse: (res: Paged<CoinOrder>) => res.data,
      providesTags: ['CoinOrders'],
      async onCacheEntryAdded(arg, { cacheDataLoaded, cacheEntryRemoved, updateCachedData, getState, dispatch }) {
        try {
          await cacheDataLoaded;
        } catch {
          return;
        }
        ensureSocket({ getState, dispatch });
        const off = onSocketEvent<CoinOrder>('order', (order) => {
          if (order && typeof order.id === 'number') updateCachedData((draft) => applyOpenOrder(draft, order, arg.symbol));
        });
        const offReconnect = onReconnect(() => {
          void dispatch(transactionApi.endpoints.getOpenOrders.initiate(arg, { forceRefetch: true, subscribe: false }));
        });
        await cacheEntryRemoved;
        off();
        offReconnect();
      },
    }),

    /** One page of the caller's orders (all markets unless `match_id`). */
    getOrderPage: build.query<Paged<CoinOrder>, OrderListArgs>({
      query: (params) => ({ url: '/coin/list', method: 'GET', params: { ...params } }),
    }),

    /** One coin's balance in the spot account. */
    getSpotBalance: build.query<SpotBalance, number>({
      query: (currency) => ({ url: '/wallet/detail', params: { currency, type: SPOT_ACCOUNT } }),
      providesTags: ['Balance'],
    }),

    placeOrder: build.mutation<CoinOrder, PlaceOrderArgs>({
      query: (params) => ({ url: '/coin/trade', params: { ...params } }),
      invalidatesTags: ['CoinOrders', 'Balance'],
    }),

    cancelOrder: build.mutation<CoinOrder, number>({
      query: (id) => ({ url: '/coin/trade', method: PUT, params: { id } }),
      invalidatesTags: ['CoinOrders', 'Balance'],
    }),
  }),
});

export const {
  useGetKlineQuery,
  useGetDepthQuery,
  useGetTradesQuery,
  useGetOpenOrdersQuery,
  useLazyGetOrderPageQuery,
  useGetSpotBalanceQuery,
  usePlaceOrderMutation,
  useCancelOrderMutation,
} = transactionApi;
