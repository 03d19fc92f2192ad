/**
 * Calls shared by the funds, identity, home, setting and admin screens
 * (docs/api.md, "Funds" and "Identity, addresses and cards"): the coin list,
 * the wallet balances, the verification state, the saved withdrawal
 * addresses and bank cards, and picture uploads. They live in src/shared/
 * rather than in one feature because features never import each other (a lint
 * rule enforces it: eslint.config.js).
 *
 * Every screen takes the display precision of a coin from here too
 * (`useCoinPlaces`), so a coin reads the same wherever it appears.
 *
 * The tag types of money live here too: 'Balance' is provided by every balance
 * query and invalidated by anything that moves money (the market screens
 * invalidate it on fills).
 *
 * Live: the wallet and the verification state are refetched when the server
 * says they changed (`balance`, `verification`; docs/api.md, "What the server
 * decides is pushed") and after a reconnect, while a screen shows them, so an
 * admin's review or a yield shows on an open screen without a reload.
 */
import { useCallback, useMemo } from 'react';
import { api } from '../../lib/api';
import { coinPlaces } from '../../lib/format';
import { liveRefetch } from '../../lib/live';

/** A coin of GET /api/currency/user_currency_list (also `wallet/detail` and `getTransferList`). */
export interface Coin {
  id: number;
  name: string;
  subName: string;
  /** Most decimals an amount of this coin may have. */
  decimals: number;
  image: string;
  status: number;
  /** `coin` or `stock`. */
  kind: string;
  price_usdt: string;
  /** Deposit networks; empty for coins that cannot be deposited (stocks). */
  networks: string[];
  withdraw_min: string;
  withdraw_fee: string;
}

/** One coin in one account of POST /api/wallet/list. */
export interface BalanceRow {
  currency_id: number;
  name: string;
  image: string;
  kind: string;
  available: string;
  frozen: string;
  value_usdt: string;
}

export interface WalletAccount {
  /** 1 legal, 2 change (spot), 3 lever (futures), 4 micro (options). */
  account: number;
  name: string;
  total_usdt: string;
  balances: BalanceRow[];
}

export interface WalletList {
  total_usdt: string;
  accounts: WalletAccount[];
}

/** Verification states: 0 not verified, 1 verifying, 2 verified, 3 failed. */
export type RealLevelState = 0 | 1 | 2 | 3;

export interface RealLevel {
  state: RealLevelState;
  reason?: string;
  name?: string;
  id_type?: string;
  created_at?: number;
}

/** GET /api/real/state. */
export interface RealState {
  level: number;
  level1: RealLevel;
  level2: RealLevel;
  email_bound: boolean;
  mobile_bound: boolean;
}

/** A saved withdrawal address (GET /api/user/wallet/list). */
export interface SavedAddress {
  id: number;
  currency: number;
  currency_name: string;
  name: string;
  address: string;
  qrcode: string;
  created_at: number;
}

/** A bank card; the stored names are the historical ones (labels differ per screen). */
export interface BankCard {
  /** ABA number. */
  alipay_account: string;
  real_name: string;
  /** Card number. */
  bank_account: string;
  /** Province / city. */
  bank_dizhi: string;
  bank_name: string;
  /** Branch. */
  bank_network: string;
  swift_code: string;
  phone: string;
  /** Card holder address. */
  wechat_account: string;
  /** SWIFT. */
  wechat_nickname: string;
}

export type BankKind = 'domestic' | 'international';

/** The API with the money tag types added; funds, identity and admin inject into this one. */
export const fundsApi = api.enhanceEndpoints({
  addTagTypes: ['Balance', 'FundRecord', 'SavedAddress', 'BankCard', 'RealState', 'AdminQueue', 'DepositAddress'],
});

/** The private events about the user's money and requests that the funds screens follow. */
export const FUNDS_EVENTS = {
  balance: 'balance',
  deposit: 'deposit',
  withdrawal: 'withdrawal',
  verification: 'verification',
} as const;

const liveOn = liveRefetch(fundsApi);

const sharedApi = fundsApi.injectEndpoints({
  endpoints: (build) => ({
    getFundCurrencies: build.query<Coin[], void>({
      query: () => ({ url: '/currency/user_currency_list', method: 'GET' }),
    }),
    getWalletList: build.query<WalletList, void>({
      query: () => ({ url: '/wallet/list' }),
      providesTags: ['Balance'],
      onCacheEntryAdded: liveOn([FUNDS_EVENTS.balance], ['Balance']),
    }),
    getRealState: build.query<RealState, void>({
      query: () => ({ url: '/real/state', method: 'GET' }),
      providesTags: ['RealState'],
      onCacheEntryAdded: liveOn([FUNDS_EVENTS.verification], ['RealState']),
    }),
    getSavedAddresses: build.query<SavedAddress[], { currency?: number } | void>({
      query: (arg) => ({ url: '/user/wallet/list', method: 'GET', params: arg?.currency ? { currency: arg.currency } : undefined }),
      providesTags: ['SavedAddress'],
    }),
    getBankCard: build.query<BankCard | null, BankKind>({
      query: (kind) => ({ url: kind === 'international' ? '/user/cash_info_international' : '/user/cash_info' }),
      providesTags: (_r, _e, kind) => [{ type: 'BankCard', id: kind }],
    }),
    /** Uploads a picture (png, jpeg, webp or gif, at most 5 MiB); answers its address. */
    uploadPicture: build.mutation<string, File>({
      query: (file) => {
        const formData = new FormData();
        formData.append('file', file);
        return { url: '/upload', formData };
      },
    }),
  }),
});

export const {
  useGetFundCurrenciesQuery,
  useGetWalletListQuery,
  useGetRealStateQuery,
  useGetSavedAddressesQuery,
  useGetBankCardQuery,
  useUploadPictureMutation,
} = sharedApi;

/** A coin of the coin list by name or id (one request every screen shares, cached); undefined until it answered. */
export function useCoinOf(): (coin: string | number | null | undefined) => Coin | undefined {
  const { data } = sharedApi.useGetFundCurrenciesQuery();
  const coins = useMemo(() => {
    const map = new Map<string | number, Coin>();
    for (const c of data ?? []) map.set(c.name, c).set(c.id, c);
    return map;
  }, [data]);
  return useCallback((coin) => (coin === null || coin === undefined ? undefined : coins.get(coin)), [coins]);
}

/**
 * Display precision of a coin by name or id (`coinPlaces` in lib/format.ts).
 * Undefined for a coin not known (yet): `formatCoin` then shows the exact digits.
 */
export function useCoinPlaces(): (coin: string | number | null | undefined) => number | undefined {
  const coinOf = useCoinOf();
  return useCallback(
    (coin) => {
      const found = coinOf(coin);
      return found ? coinPlaces(found) : undefined;
    },
    [coinOf],
  );
}
