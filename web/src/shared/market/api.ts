/**
 * Market data shared by the market and transaction screens (docs/api.md,
 * "Markets"): the quotation rows, kept live by the `daymarket` ticker, and the
 * user's favourites. They live in src/shared/ rather than in one feature
 * because features never import each other (eslint.config.js enforces it).
 */
import { useCallback, useMemo } from 'react';
import { createBatcher, ensureSocket, onReconnect, onSocketEvent, realtimeApi } from '../../lib/socket';

/** Market kinds of the quotation rows. */
export type MarketType = 'coin' | 'stock' | 'futures';

/** One market as GET /api/currency/quotation_new and the `daymarket` event describe it. */
export interface MarketRow {
  match_id: number;
  currency_id: number;
  legal_id: number;
  /** "BTC/USDT". */
  symbol: string;
  currency_name: string;
  legal_name: string;
  now_price: string;
  /** Percent over 24 h, signed ("+1.23"). */
  change: string;
  /** 24 h volume in the base coin. */
  volume: string;
  /** 24 h turnover in the quote coin. */
  amount: string;
  high: string;
  low: string;
  logo: string;
  market_type: MarketType | string;
  open_transaction: boolean;
  open_lever: boolean;
  open_microtrade: boolean;
  /** Price step. */
  tick: string;
  /** Quantity step. */
  lot: string;
  /** Smallest order quantity. */
  min_qty: string;
}

interface QuotationGroup {
  id: number;
  name: string;
  quotation: MarketRow[];
}

const ROW_FIELDS: (keyof MarketRow)[] = [
  'match_id',
  'currency_id',
  'legal_id',
  'symbol',
  'currency_name',
  'legal_name',
  'now_price',
  'change',
  'volume',
  'amount',
  'high',
  'low',
  'logo',
  'market_type',
  'open_transaction',
  'open_lever',
  'open_microtrade',
  'tick',
  'lot',
  'min_qty',
];

/** Keeps the documented row fields only (the cache holds no more than the screens use). */
export function pickRow(raw: MarketRow): MarketRow {
  const row = {} as Record<string, unknown>;
  for (const key of ROW_FIELDS) row[key] = raw[key];
  return row as unknown as MarketRow;
}

function isTicker(value: unknown): value is MarketRow {
  const v = value as Partial<MarketRow> | null;
  return !!v && typeof v.match_id === 'number' && typeof v.symbol === 'string' && typeof v.now_price === 'string';
}

/** Applies tickers to the cached rows in place: known markets are updated, new ones appended. */
export function applyTickers(rows: MarketRow[], tickers: MarketRow[]): void {
  for (const ticker of tickers) {
    const index = rows.findIndex((r) => r.match_id === ticker.match_id);
    if (index >= 0) rows[index] = pickRow({ ...rows[index], ...ticker });
    else rows.push(pickRow(ticker));
  }
}

export const marketApi = realtimeApi.enhanceEndpoints({ addTagTypes: ['Optional'] }).injectEndpoints({
  endpoints: (build) => ({
    /** Every market, live: `daymarket` tickers update the cached rows. */
    getQuotations: build.query<MarketRow[], void>({
      query: () => ({ url: '/currency/quotation_new', method: 'GET' }),
      transformResponse: (groups: QuotationGroup[]) => groups.flatMap((g) => g.quotation.map(pickRow)),
      async onCacheEntryAdded(_arg, { cacheDataLoaded, cacheEntryRemoved, updateCachedData, getState, dispatch }) {
        try {
          await cacheDataLoaded;
        } catch {
          return;
        }
        ensureSocket({ getState, dispatch });
        const batch = createBatcher<MarketRow>(
          (tickers) => updateCachedData((draft) => applyTickers(draft, tickers)),
          (t) => t.match_id,
        );
        const off = onSocketEvent<unknown>('daymarket', (payload) => {
          if (isTicker(payload)) batch.push(payload);
        });
        const offReconnect = onReconnect(() => {
          void dispatch(marketApi.endpoints.getQuotations.initiate(undefined, { forceRefetch: true, subscribe: false }));
        });
        await cacheEntryRemoved;
        off();
        offReconnect();
        batch.cancel();
      },
    }),
    /** The caller's favourite markets (login needed). */
    getFavourites: build.query<MarketRow[], void>({
      query: () => ({ url: '/optional/list', method: 'GET' }),
      transformResponse: (rows: MarketRow[]) => rows.map(pickRow),
      providesTags: ['Optional'],
    }),
    addFavourite: build.mutation<string, number>({
      query: (matchId) => ({ url: '/optional/add', params: { match_id: matchId } }),
      invalidatesTags: ['Optional'],
    }),
    removeFavourite: build.mutation<string, number>({
      query: (matchId) => ({ url: '/optional/del', params: { match_id: matchId } }),
      invalidatesTags: ['Optional'],
    }),
  }),
});

export const { useGetQuotationsQuery, useGetFavouritesQuery, useAddFavouriteMutation, useRemoveFavouriteMutation } =
  marketApi;

/** Normalises a symbol from a URL ("btc/usdt", "BTC_USDT", "BTC-USDT") to "BTC/USDT". */
export function normaliseSymbol(raw: string | null | undefined): string {
  return (raw ?? '').trim().toUpperCase().replace(/[_-]/, '/');
}

/** One live market by symbol, with the list query's loading and error state. */
export function useMarketRow(symbol: string) {
  const query = useGetQuotationsQuery();
  const row = useMemo(() => query.data?.find((r) => r.symbol === symbol), [query.data, symbol]);
  return { ...query, row };
}

/** Every market's tick as one string ("BTC/USDT=0.01|…"), so a live ticker does not re-render its readers. */
function ticksOf(rows: { symbol: string; tick: string }[] | undefined): string {
  return (rows ?? []).map((r) => `${r.symbol}=${r.tick}`).join('|');
}

/**
 * The tick of a market by symbol ("BTC/USDT" → "0.01"; undefined while the
 * markets load or for one not listed), for reading prices at their market's
 * precision. The function changes only when a tick does, not with every price.
 */
export function useTickOf(): (symbol: string) => string | undefined {
  const { ticks } = useGetQuotationsQuery(undefined, { selectFromResult: (r) => ({ ticks: ticksOf(r.data) }) });
  return useCallback(
    (symbol: string) => {
      const hit = ticks.split('|').find((t) => t.startsWith(`${symbol}=`));
      return hit ? hit.slice(symbol.length + 1) : undefined;
    },
    [ticks],
  );
}
