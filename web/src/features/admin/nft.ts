/**
 * Pure rules of the admin's NFT panel (components/NftPanel.tsx, NftForms.tsx):
 * the checks of the forms that create an artist, a collection, an item (with
 * the platform's optional first listing) and a blind-box series — the
 * server's own rules (src/nft/admin.rs, src/api/nft_admin.rs), told in the
 * admin's language before anything is posted — and the forms as the server
 * takes them.
 *
 * Amounts stay decimal strings (lib/format.ts), never floats; times are typed
 * in `datetime-local` boxes (the admin's own clock) and posted as ms.
 */
import { compareDecimal, decimalsOf } from '../../lib/format';
import { charLength, isAmount } from '../../lib/validators';
import { fromLocalInput } from './ieo';
import { textsIssue, textsParams, type Texts } from './texts';

export const NFT_TYPES = ['image', 'gif', 'audio', 'video'] as const;
export type NftType = (typeof NFT_TYPES)[number];
export const RARITIES = ['common', 'rare', 'epic', 'legendary'] as const;
export type Rarity = (typeof RARITIES)[number];

/** A message of a form check: a locale key under `admin.nft.errors` and its values. */
export interface NftIssue {
  key: string;
  values?: Record<string, string | number>;
}

type Issues<F extends string> = Partial<Record<F, NftIssue>>;

/** The server's bounds. */
export const ARTIST_NAME = { min: 2, max: 40 };
export const ITEM_NAME = { min: 2, max: 60 };
export const ARTIST_INTRO_MAX = 1000;
export const ITEM_INTRO_MAX = 2000;
export const SERIES_ITEMS_MAX = 1000;

/** Where uploaded media lives: `POST /admin/api/nft/media` answers `/media/nft/NAME.EXT`. */
const MEDIA_RE = /^\/media\/nft\/[A-Za-z0-9._-]+\.([A-Za-z0-9]+)$/;

/** What a media address's extension says it is (the server checks the content). */
export function mediaKind(address: string): 'image' | 'gif' | 'audio' | 'video' | null {
  const m = MEDIA_RE.exec(address.trim());
  if (!m) return null;
  const ext = m[1].toLowerCase();
  if (ext === 'gif') return 'gif';
  if (['png', 'jpg', 'jpeg', 'webp'].includes(ext)) return 'image';
  if (['mp3', 'm4a'].includes(ext)) return 'audio';
  if (['mp4', 'webm'].includes(ext)) return 'video';
  return null;
}

/** A media field: required, an uploaded address, of the kind `want` (a picture: image or GIF; a moving one: GIF or WebP). */
function mediaIssue(address: string, want: NftType | 'picture' | null, optional = false): NftIssue | null {
  const v = address.trim();
  if (v === '') return optional ? null : { key: 'required' };
  const kind = mediaKind(v);
  if (!kind) return { key: 'media' };
  if (want === 'picture' && kind !== 'image' && kind !== 'gif') return { key: 'mediaKind', values: { kind: 'image' } };
  // A WebP may be animated: the server reads the file and decides whether it moves.
  const movingWebp = want === 'gif' && kind === 'image' && /\.webp$/i.test(v.split('?')[0]);
  if (want && want !== 'picture' && kind !== want && !movingWebp) return { key: 'mediaKind', values: { kind: want } };
  return null;
}

function nameIssue(name: string, bounds: { min: number; max: number }): NftIssue | null {
  const n = charLength(name.trim());
  if (n === 0) return { key: 'required' };
  if (n < bounds.min || n > bounds.max) return { key: 'nameRange', values: bounds };
  return null;
}

function introIssue(intro: string, max: number): NftIssue | null {
  return charLength(intro.trim()) > max ? { key: 'tooLong', values: { max } } : null;
}

/** The intro in another language too long (the editor names the language). */
function introsIssue(intros: Texts, max: number): NftIssue | null {
  return textsIssue(intros, max) ? { key: 'tooLong', values: { max } } : null;
}

/** A positive amount with at most `places` decimals (null while the coin is unknown). */
function amountIssue(value: string, places: number | null, optional = false): NftIssue | null {
  const v = value.trim();
  if (v === '') return optional ? null : { key: 'required' };
  if (optional && /^0+(\.0+)?$/.test(v)) return null;
  if (!isAmount(v) || compareDecimal(v, '0') !== 1) return { key: 'amount' };
  if (places !== null && decimalsOf(v) > places) return { key: 'decimals', values: { places } };
  return null;
}

/** A window typed in `datetime-local` boxes: an end after the start (or after now when the start is empty: now). */
function windowIssues(starts: string, ends: string, now: number, startOptional: boolean): Issues<'starts_at' | 'ends_at'> {
  const out: Issues<'starts_at' | 'ends_at'> = {};
  const s = starts.trim() === '' ? null : fromLocalInput(starts);
  if (starts.trim() === '' && !startOptional) out.starts_at = { key: 'required' };
  else if (starts.trim() !== '' && s === null) out.starts_at = { key: 'time' };
  const e = ends.trim() === '' ? null : fromLocalInput(ends);
  if (ends.trim() === '') out.ends_at = { key: 'required' };
  else if (e === null) out.ends_at = { key: 'time' };
  else if (e <= (s ?? now)) out.ends_at = { key: 'endBeforeStart' };
  else if (e <= now) out.ends_at = { key: 'endPast' };
  return out;
}

// ---- artist and collection ----

export interface ArtistDraft {
  name: string;
  avatar: string;
  intro: string;
  /** The intro in the other languages (English is `intro`). */
  intros: Texts;
}
export const EMPTY_ARTIST: ArtistDraft = { name: '', avatar: '', intro: '', intros: {} };

export function artistIssues(d: ArtistDraft): Issues<keyof ArtistDraft> {
  const out: Issues<keyof ArtistDraft> = {};
  const name = nameIssue(d.name, ARTIST_NAME);
  if (name) out.name = name;
  const avatar = mediaIssue(d.avatar, 'picture');
  if (avatar) out.avatar = avatar;
  const intro = introIssue(d.intro, ARTIST_INTRO_MAX);
  if (intro) out.intro = intro;
  const intros = introsIssue(d.intros, ARTIST_INTRO_MAX);
  if (intros) out.intros = intros;
  return out;
}

/** What `POST /admin/api/nft/artist` takes (call it when `artistIssues` found nothing). */
export function artistParams(d: ArtistDraft): Record<string, string> {
  return { name: d.name.trim(), avatar: d.avatar.trim(), intro: d.intro.trim(), ...textsParams('intro', d.intros) };
}

export interface CollectionDraft {
  artist_id: string;
  name: string;
  intro: string;
  /** The intro in the other languages (English is `intro`). */
  intros: Texts;
  cover: string;
}
export const EMPTY_COLLECTION: CollectionDraft = { artist_id: '', name: '', intro: '', intros: {}, cover: '' };

export function collectionIssues(d: CollectionDraft): Issues<keyof CollectionDraft> {
  const out: Issues<keyof CollectionDraft> = {};
  if (!d.artist_id) out.artist_id = { key: 'artist' };
  const name = nameIssue(d.name, ARTIST_NAME);
  if (name) out.name = name;
  const cover = mediaIssue(d.cover, 'picture');
  if (cover) out.cover = cover;
  const intro = introIssue(d.intro, ARTIST_INTRO_MAX);
  if (intro) out.intro = intro;
  const intros = introsIssue(d.intros, ARTIST_INTRO_MAX);
  if (intros) out.intros = intros;
  return out;
}

/** What `POST /admin/api/nft/collection` takes (call it when `collectionIssues` found nothing). */
export function collectionParams(d: CollectionDraft): Record<string, string> {
  return { artist_id: d.artist_id, name: d.name.trim(), intro: d.intro.trim(), cover: d.cover.trim(), ...textsParams('intro', d.intros) };
}

// ---- item ----

export interface ItemDraft {
  collection_id: string;
  name: string;
  intro: string;
  /** The intro in the other languages (English is `intro`). */
  intros: Texts;
  type: NftType;
  media: string;
  cover: string;
  rarity: Rarity;
  currency: string;
  /** No listing, or the platform's first listing at a fixed price or by auction. */
  mode: 'none' | 'normal' | 'auction';
  price: string;
  step: string;
  margin: string;
  starts_at: string;
  ends_at: string;
}
export type ItemField = keyof ItemDraft;

export const EMPTY_ITEM: ItemDraft = {
  collection_id: '',
  name: '',
  intro: '',
  intros: {},
  type: 'image',
  media: '',
  cover: '',
  rarity: 'common',
  currency: '',
  mode: 'none',
  price: '',
  step: '',
  margin: '',
  starts_at: '',
  ends_at: '',
};

/**
 * Every problem of the new-item form by field (empty when it can be posted):
 * a collection, a name of 2 to 60 characters, media of the item's type, a
 * picture as the cover (optional for pictures, whose media is their cover;
 * needed for audio and video), a coin; with a listing, a positive price,
 * for an auction a positive step and an optional deposit, and an end after
 * the start (now when empty) and after now. `places` are the coin's
 * decimals (null while unknown).
 */
export function itemIssues(d: ItemDraft, places: number | null, now: number): Issues<ItemField> {
  const out: Issues<ItemField> = {};
  if (!d.collection_id) out.collection_id = { key: 'collection' };
  const name = nameIssue(d.name, ITEM_NAME);
  if (name) out.name = name;
  const intro = introIssue(d.intro, ITEM_INTRO_MAX);
  if (intro) out.intro = intro;
  const intros = introsIssue(d.intros, ITEM_INTRO_MAX);
  if (intros) out.intros = intros;
  const media = mediaIssue(d.media, d.type === 'image' ? 'picture' : d.type);
  if (media) out.media = media;
  const cover = mediaIssue(d.cover, 'picture', d.type === 'image' || d.type === 'gif');
  if (cover) out.cover = cover;
  if (!d.currency) out.currency = { key: 'coin' };
  if (d.mode === 'none') return out;
  const price = amountIssue(d.price, places);
  if (price) out.price = price;
  if (d.mode === 'auction') {
    const step = amountIssue(d.step, places);
    if (step) out.step = step;
    const margin = amountIssue(d.margin, places, true);
    if (margin) out.margin = margin;
  }
  return { ...out, ...windowIssues(d.starts_at, d.ends_at, now, true) };
}

/** What `POST /admin/api/nft/item` takes (call it when `itemIssues` found nothing). */
export function itemParams(d: ItemDraft): Record<string, string | number> {
  const out: Record<string, string | number> = {
    collection_id: d.collection_id,
    name: d.name.trim(),
    type: d.type,
    media: d.media.trim(),
    rarity: d.rarity,
    currency: d.currency,
  };
  if (d.intro.trim()) out.intro = d.intro.trim();
  Object.assign(out, textsParams('intro', d.intros));
  if (d.cover.trim()) out.cover = d.cover.trim();
  if (d.mode === 'none') return out;
  out.mode = d.mode;
  out.price = d.price.trim();
  if (d.mode === 'auction') {
    out.step = d.step.trim();
    if (d.margin.trim() && compareDecimal(d.margin, '0') === 1) out.margin = d.margin.trim();
  }
  const starts = fromLocalInput(d.starts_at);
  if (starts !== null) out.starts_at = starts;
  out.ends_at = fromLocalInput(d.ends_at) ?? 0;
  return out;
}

// ---- blind-box series ----

export interface SeriesRow {
  name: string;
  type: NftType;
  media: string;
  rarity: Rarity;
}
export const EMPTY_ROW: SeriesRow = { name: '', type: 'image', media: '', rarity: 'common' };

export interface SeriesDraft {
  collection_id: string;
  name: string;
  intro: string;
  /** The intro in the other languages (English is `intro`); the boxes' items share it. */
  intros: Texts;
  cover: string;
  currency: string;
  price: string;
  starts_at: string;
  ends_at: string;
  items: SeriesRow[];
}
export type SeriesField = Exclude<keyof SeriesDraft, 'items'> | 'items';

export const EMPTY_SERIES: SeriesDraft = {
  collection_id: '',
  name: '',
  intro: '',
  intros: {},
  cover: '',
  currency: '',
  price: '',
  starts_at: '',
  ends_at: '',
  items: [{ ...EMPTY_ROW }],
};

export interface SeriesIssues {
  fields: Issues<SeriesField>;
  /** By row: the problems of each item of the series. */
  rows: Issues<keyof SeriesRow>[];
}

/**
 * Every problem of the new-series form: a collection, a name, a picture as
 * the cover, a coin, a positive price, an end after the start and after now,
 * and 1 to 1000 items, each with a name and media of its type (audio and
 * video items use the series' cover as theirs).
 */
export function seriesIssues(d: SeriesDraft, places: number | null, now: number): SeriesIssues {
  const fields: Issues<SeriesField> = {};
  if (!d.collection_id) fields.collection_id = { key: 'collection' };
  const name = nameIssue(d.name, ITEM_NAME);
  if (name) fields.name = name;
  const intro = introIssue(d.intro, ITEM_INTRO_MAX);
  if (intro) fields.intro = intro;
  const intros = introsIssue(d.intros, ITEM_INTRO_MAX);
  if (intros) fields.intros = intros;
  const cover = mediaIssue(d.cover, 'picture');
  if (cover) fields.cover = cover;
  if (!d.currency) fields.currency = { key: 'coin' };
  const price = amountIssue(d.price, places);
  if (price) fields.price = price;
  Object.assign(fields, windowIssues(d.starts_at, d.ends_at, now, true));
  if (d.items.length === 0) fields.items = { key: 'items' };
  else if (d.items.length > SERIES_ITEMS_MAX) fields.items = { key: 'itemsMax', values: { max: SERIES_ITEMS_MAX } };
  const rows = d.items.map((row) => {
    const r: Issues<keyof SeriesRow> = {};
    const n = nameIssue(row.name, ITEM_NAME);
    if (n) r.name = n;
    const m = mediaIssue(row.media, row.type === 'image' ? 'picture' : row.type);
    if (m) r.media = m;
    return r;
  });
  return { fields, rows };
}

export function seriesHasIssues(i: SeriesIssues): boolean {
  return Object.keys(i.fields).length > 0 || i.rows.some((r) => Object.keys(r).length > 0);
}

/** What `POST /admin/api/nft/series` takes: the items as JSON, in slot order. */
export function seriesParams(d: SeriesDraft): Record<string, string | number> {
  const out: Record<string, string | number> = {
    collection_id: d.collection_id,
    name: d.name.trim(),
    cover: d.cover.trim(),
    currency: d.currency,
    price: d.price.trim(),
    ends_at: fromLocalInput(d.ends_at) ?? 0,
    items: JSON.stringify(
      d.items.map((r) => ({
        name: r.name.trim(),
        type: r.type,
        media: r.media.trim(),
        // Audio and video need a picture as their cover: the series' own.
        ...(r.type === 'audio' || r.type === 'video' ? { cover: d.cover.trim() } : {}),
        rarity: r.rarity,
      })),
    ),
  };
  if (d.intro.trim()) out.intro = d.intro.trim();
  Object.assign(out, textsParams('intro', d.intros));
  const starts = fromLocalInput(d.starts_at);
  if (starts !== null) out.starts_at = starts;
  return out;
}

// ---- listings ----

/** A listing as the review queue and the live auctions show it (`GET /admin/api/nft/listings`). */
export interface AdminNftListing {
  id: number;
  item_id: number;
  name: string;
  cover: string;
  /** Null for the platform's own listing. */
  seller_id: number | null;
  seller: string | null;
  mode: 'normal' | 'auction';
  currency_name: string;
  price: string;
  step: string;
  margin: string;
  starts_at: number;
  ends_at: number;
  /** 0 review, 1 on sale, 2 awaiting payment, 3 sold, 4 closed, 5 refused. */
  status: number;
  bids: number;
  current_bid: string | null;
  created_at: number;
}

/** The live auctions among the listings on sale. */
export function liveAuctions(listings: AdminNftListing[]): AdminNftListing[] {
  return listings.filter((l) => l.status === 1 && l.mode === 'auction');
}
