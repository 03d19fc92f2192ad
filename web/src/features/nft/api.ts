/**
 * Server calls of the NFT marketplace (`bind_box/*`, docs/api.md "NFT
 * marketplace") and their live updates.
 *
 * Live:
 * - an auction's page holds the public channel `nft` of its listing
 *   (`useAuctionLive`): each `nft_bid` {listing_id, price, bidder, bids,
 *   bidders, joined, ends_at, status} is applied to the cached detail at once
 *   (current bid, next minimum, bids, the end, who leads), and the bid log
 *   refetches; a change of state (the end, a payment) refetches the detail;
 * - the caller's lists (items, boxes, bids, payments, messages) refetch on the
 *   private `nft_message` (something happened to one of the caller's
 *   listings, bids or payments: read `messages` again) and `balance`
 *   (lib/live.ts), and after a reconnect.
 * A query whose answer depends on who asks (favourites, ownership, one's
 * deposit and bid) carries the token in its key, so logging in or out asks
 * again.
 */
import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { api } from '../../lib/api';
import { liveRefetch } from '../../lib/live';
import { ensureSocket, onReconnect, onSocketEvent, subscribeChannel, type StoreLike } from '../../lib/socket';
import type { Paged } from '../../lib/types';
import { applyBid, type BidEvent } from './logic';

export type NftType = 'image' | 'gif' | 'audio' | 'video';
export type Rarity = 'common' | 'rare' | 'epic' | 'legendary';
export type SaleMode = 'normal' | 'auction';
/** The spec's sale-status helper: 2 before the start, 1 on sale, 0 ended, sold out or not on sale. */
export type SaleStatus = 0 | 1 | 2;

/** An item as every list shows it (a "card"). */
export interface NftCard {
  id: number;
  name: string;
  type: NftType;
  cover: string;
  media: string;
  rarity: Rarity;
  rarity_level: number;
  artist_id: number;
  artist_name: string;
  collection_id: number;
  collection_name: string;
  currency: number;
  currency_name: string;
  /** The live listing; null (as are mode, price…) when the item is not on sale. */
  listing_id: number | null;
  mode: SaleMode | null;
  /** The fixed price, or the auction's opening bid. */
  price: string | null;
  current_bid: string | null;
  last_price: string | null;
  step: string | null;
  margin: string | null;
  starts_at: number | null;
  ends_at: number | null;
  bids: number;
  sale_status: SaleStatus;
  favourites: number;
  collected: boolean;
  /** Listed by its owner rather than the platform. */
  resale: boolean;
  owner: 'platform' | 'me' | 'user';
  /** For its owner: the latest listing's state (0 review, 1 on sale, 2 awaiting payment, 3 sold, 4 closed, 5 refused). */
  listing_status: number | null;
}

/** A blind-box series as lists show it. */
export interface SeriesCard {
  id: number;
  type: 'box';
  name: string;
  intro: string;
  cover: string;
  artist_id: number;
  artist_name: string;
  collection_id: number;
  currency: number;
  currency_name: string;
  price: string;
  total: number;
  sold: number;
  starts_at: number;
  ends_at: number;
  sale_status: SaleStatus;
  revealed: boolean;
}

export interface AuctionView {
  listing_id: number;
  /** The listing's state: 1 on sale, 2 awaiting the winner's payment, 3 sold, 4 closed. */
  status: number;
  current_bid: string | null;
  /** The least the next bid may be. */
  min_bid: string;
  step: string;
  margin: string;
  bidders: number;
  /** How many paid the deposit. */
  joined: number;
  bids: number;
  starts_at: number;
  ends_at: number;
  leader_is_me: boolean;
  /** The caller paid the deposit. */
  joined_me: boolean;
  my_bid: string | null;
  extend_window_ms: number;
  extend_to_ms: number;
}

/** A payment for a won auction (or one offered to the runner-up). */
export interface NftPayment {
  id: number;
  listing_id: number;
  item_id: number;
  name: string;
  cover: string;
  price: string;
  /** The deposit, counted toward the price. */
  deposit: string;
  /** What is still to pay: price − deposit. */
  due: string;
  currency: number;
  currency_name: string;
  /** The deadline. */
  due_at: number;
  paid_at: number | null;
  /** 0 awaiting, 1 paid, 2 expired. */
  status: number;
  /** 0 the winner, 1 the runner-up offered the item. */
  round: number;
}

export interface SaleRecord {
  price: string | null;
  at: number;
  kind: 'sale' | 'resale' | 'auction' | null;
}

export interface ItemDetail {
  item: NftCard;
  intro: string;
  artist: { id: number; name: string; avatar: string };
  collection: { id: number; name: string };
  history: SaleRecord[];
  auction: AuctionView | null;
  payment: NftPayment | null;
  server_time: number;
}

export interface BidRow {
  id: number;
  price: string;
  at: number;
  /** Masked. */
  bidder: string;
  mine: boolean;
}

export interface Artist {
  id: number;
  name: string;
  avatar: string;
  intro: string;
  items: number;
  collections: number;
}

export interface Collection {
  id: number;
  name: string;
  intro: string;
  cover: string;
  artist_id: number;
  artist_name: string;
  items: number;
}

export interface ArtistDetail {
  artist: Artist;
  collections: Collection[];
  items: NftCard[];
  royalties: { currency: number; currency_name: string; amount: string }[];
}

export type MyBidState = 'leading' | 'outbid' | 'won' | 'lost';

export interface MyBid {
  listing_id: number;
  item_id: number;
  name: string;
  cover: string;
  /** The caller's last (highest) bid. */
  price: string;
  current_bid: string | null;
  currency_name: string;
  at: number;
  ends_at: number;
  state: MyBidState;
}

export const MESSAGE_KINDS = [
  'bought',
  'sold',
  'outbid',
  'won',
  'margin_back',
  'pay_expired',
  'offered',
  'auction_won',
  'unsold',
  'approved',
  'rejected',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export interface NftMessage {
  id: number;
  kind: MessageKind | string;
  item_id: number;
  listing_id: number | null;
  name: string;
  price: string | null;
  currency_name: string;
  /** 0 unread, 1 read. */
  is_red: number;
  created_at: number;
}

export interface NftMessages extends Paged<NftMessage> {
  unread: number;
}

export interface MyBox {
  id: number;
  series_id: number;
  series_name: string;
  cover: string;
  /** 0 for the first box sold. */
  number: number;
  opened: boolean;
  item_id: number | null;
  item_name: string | null;
  /** The slot of the item the box held (opened boxes). */
  slot: number | null;
  /** The slot the rule gives the box's number with the revealed seed. */
  rule_slot: number | null;
  /** `rule_slot` is the opened item's slot; null until both are known. */
  verified: boolean | null;
  bought_at: number;
  opened_at: number | null;
}

export interface SeriesDetail {
  series: SeriesCard;
  items: { slot: number; item: NftCard }[];
  rarities: { rarity: Rarity; rarity_level: number; count: number }[];
  seed_hash: string;
  /** Null until the series sold out or ended. */
  seed: string | null;
  rule: string;
  my_boxes: MyBox[];
  server_time: number;
}

export interface NftConfig {
  currencies: { id: number; name: string }[];
  /** The artist's share of a resale ("0.05" is 5 %). */
  royalty: string;
  /** The platform's share of a resale. */
  fee: string;
  forfeit_platform_share: string;
  /** Hours a winner has to pay. */
  pay_hours: number;
  extend_window_secs: number;
  extend_to_secs: number;
}

export interface ResellParams {
  id: number;
  mode: SaleMode;
  price: string;
  step?: string;
  margin?: string;
  starts_at?: number;
  ends_at?: number;
}

/** Who asks: part of the key of the answers that depend on it. */
type Viewer = { token: string | null };

const TAGS = ['NftItems', 'NftItem', 'NftBids', 'NftArtists', 'NftMine', 'NftMyBids', 'NftPayments', 'NftMessages', 'NftSeries', 'NftBoxes', 'Balance'] as const;
type Tag = (typeof TAGS)[number];

export const NFT_EVENTS = { bid: 'nft_bid', message: 'nft_message', balance: 'balance' } as const;

const tagged = api.enhanceEndpoints({ addTagTypes: [...TAGS] });
const liveOn = liveRefetch(tagged, 300);
/** What the caller's lists listen to. */
const PRIVATE = [NFT_EVENTS.message, NFT_EVENTS.balance];

const get = (url: string, params?: Record<string, string | number | undefined>) => ({ url, method: 'GET' as const, params });

export const nftApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    getNftConfig: build.query<NftConfig, void>({
      query: () => get('/bind_box/config'),
      keepUnusedDataFor: 600,
    }),
    getItems: build.query<
      Paged<NftCard>,
      Viewer & { type?: NftType; keyword?: string; artist_id?: number; collection_id?: number; limit: number }
    >({
      query: (a) => get('/bind_box/getBoxList', { page: 1, limit: a.limit, type: a.type, keyword: a.keyword, artist_id: a.artist_id, collection_id: a.collection_id }),
      providesTags: ['NftItems'],
    }),
    getSeriesList: build.query<Paged<SeriesCard>, { limit: number }>({
      query: ({ limit }) => get('/bind_box/getBoxList', { type: 'box', page: 1, limit }),
      providesTags: ['NftSeries'],
    }),
    getArtists: build.query<Paged<Artist>, { keyword?: string; limit: number }>({
      query: (params) => get('/bind_box/getArtist', { page: 1, ...params }),
      providesTags: ['NftArtists'],
    }),
    getCollections: build.query<Paged<Collection>, { artist_id?: number; limit: number }>({
      query: (params) => get('/bind_box/getCollection', { page: 1, ...params }),
      providesTags: ['NftArtists'],
    }),
    getArtistDetail: build.query<ArtistDetail, Viewer & { id: number }>({
      query: ({ id }) => get('/bind_box/getArtistDetail', { id }),
      providesTags: ['NftItems'],
    }),
    getItem: build.query<ItemDetail, Viewer & { id: number }>({
      query: ({ id }) => get('/bind_box/getBoxDetail', { id }),
      providesTags: ['NftItem'],
    }),
    getBidLog: build.query<Paged<BidRow>, Viewer & { id: number; limit: number }>({
      query: ({ id, limit }) => get('/bind_box/getBindBoxQuotationLog', { id, page: 1, limit }),
      providesTags: ['NftBids'],
    }),
    collect: build.mutation<{ collected: boolean; favourites: number }, { id: number }>({
      query: (params) => ({ url: '/bind_box/collect', params }),
      invalidatesTags: ['NftItems', 'NftItem', 'NftMine'],
    }),
    buy: build.mutation<NftCard, { id: number }>({
      query: (params) => ({ url: '/bind_box/buyNFT', params }),
      invalidatesTags: ['NftItems', 'NftItem', 'NftMine', 'Balance'],
    }),
    payDeposit: build.mutation<{ listing_id: number; margin: string; joined: boolean }, { id: number }>({
      query: (params) => ({ url: '/bind_box/marginNFT', params }),
      invalidatesTags: ['NftItem', 'Balance'],
    }),
    bid: build.mutation<{ listing_id: number; price: string; bids: number; ends_at: number; extended: boolean }, { id: number; price: string }>({
      query: (params) => ({ url: '/bind_box/auctionNFT', params }),
      invalidatesTags: ['NftItem', 'NftBids', 'NftMyBids', 'NftItems'],
    }),
    getMyNfts: build.query<Paged<NftCard>, { limit: number }>({
      query: ({ limit }) => get('/bind_box/getMyNFTs', { page: 1, limit }),
      providesTags: ['NftMine'],
      onCacheEntryAdded: liveOn(PRIVATE, ['NftMine']),
    }),
    getMyBids: build.query<Paged<MyBid>, { limit: number }>({
      query: ({ limit }) => get('/bind_box/getMyBindBoxQuotationLog', { page: 1, limit }),
      providesTags: ['NftMyBids'],
      onCacheEntryAdded: liveOn(PRIVATE, ['NftMyBids']),
    }),
    getPayments: build.query<Paged<NftPayment>, { status?: number; limit: number }>({
      query: (params) => get('/bind_box/getNeedPayNFTOrder', { page: 1, ...params }),
      providesTags: ['NftPayments'],
      onCacheEntryAdded: liveOn(PRIVATE, ['NftPayments']),
    }),
    pay: build.mutation<NftPayment, { id: number }>({
      query: (params) => ({ url: '/bind_box/payNFTOrder', params }),
      invalidatesTags: ['NftPayments', 'NftItem', 'NftMine', 'NftMyBids', 'NftMessages', 'Balance'],
    }),
    getMessages: build.query<NftMessages, { limit: number }>({
      query: ({ limit }) => get('/bind_box/messages', { page: 1, limit }),
      providesTags: ['NftMessages'],
      onCacheEntryAdded: liveOn(PRIVATE, ['NftMessages']),
    }),
    readMessage: build.mutation<{ unread: number }, { id?: number }>({
      query: (params) => ({ url: '/bind_box/readNFTOrderMessage', params }),
      invalidatesTags: ['NftMessages'],
    }),
    resell: build.mutation<{ id: number; item_id: number; status: number }, ResellParams>({
      query: (params) => ({ url: '/bind_box/resellNFT', params: { ...params } }),
      invalidatesTags: ['NftMine', 'NftItem', 'NftItems'],
    }),
    cancelResell: build.mutation<{ id: number; item_id: number; status: number }, { id: number }>({
      query: (params) => ({ url: '/bind_box/cancelResell', params }),
      invalidatesTags: ['NftMine', 'NftItem', 'NftItems'],
    }),
    getSeries: build.query<SeriesDetail, Viewer & { id: number }>({
      query: ({ id }) => get('/bind_box/getSeries', { id }),
      providesTags: ['NftSeries'],
      onCacheEntryAdded: liveOn(PRIVATE, ['NftSeries']),
    }),
    buyBox: build.mutation<MyBox, { id: number }>({
      query: (params) => ({ url: '/bind_box/buyBox', params }),
      invalidatesTags: ['NftSeries', 'NftBoxes', 'Balance'],
    }),
    openBox: build.mutation<{ box: MyBox; item: NftCard }, { id: number }>({
      query: (params) => ({ url: '/bind_box/openBlindBox', params }),
      invalidatesTags: ['NftSeries', 'NftBoxes', 'NftMine'],
    }),
    getMyBoxes: build.query<Paged<MyBox>, { limit: number }>({
      query: ({ limit }) => get('/bind_box/myBoxes', { page: 1, limit }),
      providesTags: ['NftBoxes'],
      onCacheEntryAdded: liveOn(PRIVATE, ['NftBoxes']),
    }),
  }),
});

export const {
  useGetNftConfigQuery,
  useGetItemsQuery,
  useGetSeriesListQuery,
  useGetArtistsQuery,
  useGetCollectionsQuery,
  useGetArtistDetailQuery,
  useGetItemQuery,
  useGetBidLogQuery,
  useCollectMutation,
  useBuyMutation,
  usePayDepositMutation,
  useBidMutation,
  useGetMyNftsQuery,
  useGetMyBidsQuery,
  useGetPaymentsQuery,
  usePayMutation,
  useGetMessagesQuery,
  useReadMessageMutation,
  useResellMutation,
  useCancelResellMutation,
  useGetSeriesQuery,
  useBuyBoxMutation,
  useOpenBoxMutation,
  useGetMyBoxesQuery,
} = nftApi;

/** Refetches the given tags (after a reconnect, or a change of state the event cannot patch). */
function refetch(dispatch: StoreLike['dispatch'], tags: Tag[]) {
  dispatch(tagged.util.invalidateTags(tags));
}

/**
 * Holds the `nft` channel of an auction's listing while the page shows it:
 * each `nft_bid` of that listing is applied to the cached detail of `arg` at
 * once (logic.ts `applyBid`), the bid log refetches, and a change of the listing's state (the
 * end, a payment) or a reconnect refetches the detail. Unsubscribes when the
 * page goes or the listing changes.
 */
export function useAuctionLive(arg: Viewer & { id: number }, listingId: number | null | undefined) {
  const store = useStore() as unknown as StoreLike;
  const { id, token } = arg;
  useEffect(() => {
    if (!listingId) return;
    ensureSocket(store);
    const release = subscribeChannel({ channel: 'nft', symbol: String(listingId) });
    let timer: ReturnType<typeof setTimeout> | null = null;
    const later = (tags: Tag[]) => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        refetch(store.dispatch, tags);
      }, 250);
    };
    const off = onSocketEvent<BidEvent>(NFT_EVENTS.bid, (event) => {
      if (!event || Number(event.listing_id) !== listingId) return;
      let stateChanged = false;
      store.dispatch(
        nftApi.util.updateQueryData('getItem', { id, token }, (draft) => {
          stateChanged = applyBid(draft, event).stateChanged;
        }) as never,
      );
      later(stateChanged ? ['NftBids', 'NftItem'] : ['NftBids']);
    });
    const offReconnect = onReconnect(() => refetch(store.dispatch, ['NftItem', 'NftBids']));
    return () => {
      off();
      offReconnect();
      release();
      if (timer) clearTimeout(timer);
    };
  }, [store, id, token, listingId]);
}
