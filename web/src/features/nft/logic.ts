/**
 * Pure rules of the NFT screens: how an item's sale reads (the spec's
 * sale-status helper, the price a card shows), an auction's next minimum
 * bid and the bid form's checks, a live bid applied to the page, the
 * countdowns, what a seller receives from a resale and the resale form's
 * checks, and the blind-box rule recomputed in the browser. No React, no
 * store: unit-tested in __tests__/logic.test.ts.
 *
 * Amounts stay decimal strings; sums, differences and products work on the
 * digits (BigInt), never on floats.
 */
import { addDecimal, decimalPlaces, fromUnits, sanitizeDecimalInput, subtractDecimal, toUnits } from '../../lib/decimal';
import { compareDecimal, multiplyDecimal } from '../../lib/format';
import { isAmount } from '../../lib/validators';

// ---- the market ----

export const MARKET_TABS = ['artworks', 'artists', 'collections', 'boxes'] as const;
export type MarketTab = (typeof MARKET_TABS)[number];
export const TYPES = ['image', 'gif', 'audio', 'video'] as const;
export type ItemType = (typeof TYPES)[number];
export const MINE_TABS = ['nfts', 'boxes', 'bids', 'pay', 'messages'] as const;
export type MineTab = (typeof MINE_TABS)[number];

const oneOf =
  <T extends string>(list: readonly T[]) =>
  (value: unknown): value is T =>
    typeof value === 'string' && (list as readonly string[]).includes(value);

export const isMarketTab = oneOf(MARKET_TABS);
export const isItemType = oneOf(TYPES);
export const isMineTab = oneOf(MINE_TABS);

/** The search: at most 40 characters (the server's limit), trimmed. */
export const KEYWORD_MAX = 40;
/** The search waits this long after the last key. */
export const SEARCH_DEBOUNCE_MS = 500;

export function cleanKeyword(text: string): string {
  return [...text.trim()].slice(0, KEYWORD_MAX).join('').trim();
}

/** A positive id from the address; null for anything else. */
export function idParam(raw: string | null | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,15}$/.test(raw)) return null;
  return Number(raw);
}

export type SaleLabel = 'notStarted' | 'onSale' | 'ended';

/** The spec's sale-status helper as a label: 2 not started, 1 on sale, 0 ended (or sold out, or not on sale). */
export function saleLabel(status: number): SaleLabel {
  if (status === 2) return 'notStarted';
  if (status === 1) return 'onSale';
  return 'ended';
}

export type PriceKind = 'price' | 'startingBid' | 'currentBid' | 'lastPrice' | 'none';

/**
 * The price a card shows and what it is: a fixed price, an auction's current
 * bid (its opening price before the first bid), or, off sale, the last price
 * paid.
 */
export function cardPrice(card: {
  mode: string | null;
  price: string | null;
  current_bid: string | null;
  last_price: string | null;
}): { kind: PriceKind; value: string | null } {
  if (card.mode === 'normal' && card.price !== null) return { kind: 'price', value: card.price };
  if (card.mode === 'auction') {
    if (card.current_bid !== null) return { kind: 'currentBid', value: card.current_bid };
    return { kind: 'startingBid', value: card.price };
  }
  if (card.last_price !== null) return { kind: 'lastPrice', value: card.last_price };
  return { kind: 'none', value: null };
}

// ---- the auction ----

/** The least the next bid may be: the opening price, then the current bid plus the step. */
export function minNextBid(current: string | null | undefined, opening: string, step: string): string | null {
  if (current === null || current === undefined) return toUnits(opening) ? opening : null;
  return addDecimal(current, step);
}

export type BidIssueKey = 'required' | 'format' | 'decimals' | 'low';

export interface BidIssue {
  key: BidIssueKey;
  values?: { places?: number; min?: string };
}

/**
 * A bid as typed: an amount (digits and one point), with at most the coin's
 * `places` decimals, at least `min` (the spec's "The bid must be greater
 * than the current bid"). Null when it can be sent.
 */
export function checkBid(text: string, { min, places }: { min: string | null; places: number | null }): BidIssue | null {
  const v = text.trim();
  if (v === '') return { key: 'required' };
  if (!isAmount(v) || compareDecimal(v, '0') !== 1) return { key: 'format' };
  if (places !== null && decimalPlaces(v) > places) return { key: 'decimals', values: { places } };
  if (min !== null && compareDecimal(v, min) === -1) return { key: 'low', values: { min } };
  return null;
}

/** What is typed into an amount box: a comma is a point, only digits and one point stay. */
export function sanitizeAmount(text: string): string {
  return sanitizeDecimalInput(text).slice(0, 24);
}

/**
 * An `nft_bid` event (docs/api.md, "NFT marketplace"): `price` is a decimal
 * string, or null before the first bid. An integer is read as units of
 * 10^-8, which is what the server's first build sent.
 */
export interface BidEvent {
  listing_id: number;
  item_id?: number;
  price: number | string | null;
  /** The leader as the bid log shows bidders (masked); no one's id. */
  bidder: string | null;
  bids: number;
  bidders: number;
  joined?: number;
  ends_at: number;
  status: number;
}

/** Units of 10^-8 in which the server's events count money. */
const EVENT_SCALE = 8;

/** The event's price as a decimal string; null when there is none. */
export function eventPrice(value: number | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    return fromUnits(BigInt(Math.trunc(value)), EVENT_SCALE);
  }
  return toUnits(value) ? value : null;
}

interface LiveDetail {
  item: { current_bid: string | null; ends_at: number | null; bids: number; sale_status: number };
  auction: {
    listing_id: number;
    status: number;
    current_bid: string | null;
    min_bid: string;
    step: string;
    bids: number;
    bidders: number;
    joined: number;
    ends_at: number;
    leader_is_me: boolean;
    my_bid: string | null;
  } | null;
}

/**
 * Applies an `nft_bid` to an item's detail in place: the current bid and the
 * next minimum, the counts, the end (a late bid moves it), who leads. The
 * event names no one (the leader is masked), so the caller leads when the
 * leading price is their own last bid: bids rise by at least a step, so no
 * two bidders hold the same price. A bid made elsewhere reaches `my_bid` with
 * the detail's refetch. Answers whether the listing's state changed (the end,
 * a payment): the page then asks for it again.
 */
export function applyBid(detail: LiveDetail, event: BidEvent): { stateChanged: boolean } {
  const a = detail.auction;
  if (!a || Number(event.listing_id) !== a.listing_id) return { stateChanged: false };
  const price = eventPrice(event.price);
  if (price !== null) {
    a.current_bid = price;
    detail.item.current_bid = price;
    a.min_bid = minNextBid(price, price, a.step) ?? a.min_bid;
    a.leader_is_me = a.my_bid !== null && compareDecimal(a.my_bid, price) === 0;
  }
  if (Number.isFinite(event.bids)) a.bids = detail.item.bids = event.bids;
  if (Number.isFinite(event.bidders)) a.bidders = event.bidders;
  if (typeof event.joined === 'number') a.joined = event.joined;
  if (Number.isFinite(event.ends_at)) a.ends_at = detail.item.ends_at = event.ends_at;
  const stateChanged = event.status !== a.status;
  a.status = event.status;
  if (stateChanged && event.status !== 1) detail.item.sale_status = 0;
  return { stateChanged };
}

/** The end moved later (a bid in the last minutes extends the auction). */
export function wasExtended(previous: number | null | undefined, next: number | null | undefined): boolean {
  return typeof previous === 'number' && typeof next === 'number' && next > previous;
}

// ---- time ----

/**
 * How far the device's clock is behind the server's (ms, add it to
 * `Date.now()`): the server's time when it answered minus the device's time
 * when the answer arrived. Zero when either is unknown.
 */
export function clockOffset(serverTime: number | null | undefined, receivedAt: number | null | undefined): number {
  if (!serverTime || !receivedAt || !Number.isFinite(serverTime) || !Number.isFinite(receivedAt)) return 0;
  return serverTime - receivedAt;
}

export interface Countdown {
  kind: 'start' | 'end';
  /** Ms left, never below 0. */
  left: number;
}

/** What a sale counts down to at `now` (server time): its start, its end; null once ended. */
export function countdownOf(t: { starts_at: number | null; ends_at: number | null }, now: number): Countdown | null {
  if (t.starts_at !== null && now < t.starts_at) return { kind: 'start', left: t.starts_at - now };
  if (t.ends_at !== null && now < t.ends_at) return { kind: 'end', left: t.ends_at - now };
  return null;
}

/** A duration as whole days and "HH:MM:SS" of the rest (cut toward zero). */
export function durationParts(ms: number): { days: number; time: string } {
  const total = Math.max(0, Math.floor((Number.isFinite(ms) ? ms : 0) / 1000));
  const days = Math.floor(total / 86_400);
  const rest = total % 86_400;
  const pad = (n: number) => String(n).padStart(2, '0');
  return { days, time: `${pad(Math.floor(rest / 3600))}:${pad(Math.floor((rest % 3600) / 60))}:${pad(rest % 60)}` };
}

// ---- resale ----

/** A decimal cut (toward zero) to `places` decimals, trailing zeros removed. */
export function roundDown(value: string, places: number): string | null {
  const x = toUnits(value);
  if (!x) return null;
  if (x.scale <= places) return fromUnits(x.units, x.scale);
  return fromUnits(x.units / 10n ** BigInt(x.scale - places), places);
}

/** The ledger's precision: every share of a price is cut to units of 10^-8. */
const LEDGER_PLACES = 8;

export interface SellerPreview {
  royalty: string;
  fee: string;
  receive: string;
}

/**
 * What a resale at `price` pays: the artist's `royalty` share and the
 * platform's `fee` share (each cut to the ledger's 10^-8, as the server
 * does), and the seller the rest, shown cut to the coin's `places`
 * decimals. Null when the price is not a positive amount.
 */
export function sellerReceives(price: string, royalty: string, fee: string, places: number): SellerPreview | null {
  if (!isAmount(price.trim()) || compareDecimal(price, '0') !== 1) return null;
  const r = roundDown(multiplyDecimal(price, royalty), LEDGER_PLACES);
  const f0 = roundDown(multiplyDecimal(price, fee), LEDGER_PLACES);
  if (r === null || f0 === null) return null;
  const rest = subtractDecimal(price, r);
  if (rest === null) return null;
  const f = compareDecimal(f0, rest) === 1 ? rest : f0;
  const seller = subtractDecimal(rest, f);
  const receive = seller === null ? null : roundDown(seller, places);
  return receive === null ? null : { royalty: r, fee: f, receive };
}

/** A listing lasts at most this long (the server's limit). */
export const LISTING_MAX_MS = 90 * 86_400_000;

export interface ResellDraft {
  mode: 'normal' | 'auction';
  price: string;
  step: string;
  margin: string;
  starts_at: number | null;
  ends_at: number | null;
}

export type ResellField = 'price' | 'step' | 'margin' | 'starts_at' | 'ends_at';
export type ResellIssueKey = 'price' | 'step' | 'margin' | 'decimals' | 'required' | 'endBeforeStart' | 'endPast' | 'tooLong';

export interface ResellIssue {
  key: ResellIssueKey;
  values?: { places?: number; days?: number };
}

function amountIssue(text: string, places: number | null, key: 'price' | 'step' | 'margin', optional = false): ResellIssue | null {
  const v = text.trim();
  if (v === '') return optional ? null : { key };
  // An optional amount may be zero (a deposit of nothing).
  if (optional && /^0+(\.0+)?$/.test(v)) return null;
  if (!isAmount(v)) return { key };
  const sign = compareDecimal(v, '0');
  if (optional ? sign === -1 : sign !== 1) return { key };
  if (places !== null && decimalPlaces(v) > places) return { key: 'decimals', values: { places } };
  return null;
}

/**
 * Every problem of the resale form by field (empty when it can be sent): a
 * positive price ("Please enter the correct price") and, for an auction, a
 * positive increment ("Please enter the correct increment"), an optional
 * deposit, a start and an end later than the start ("The end must be later
 * than the start"), in the future and at most 90 days after the start.
 * `places` are the coin's decimals (null while unknown).
 */
export function resellIssues(d: ResellDraft, { places, now }: { places: number | null; now: number }): Partial<Record<ResellField, ResellIssue>> {
  const out: Partial<Record<ResellField, ResellIssue>> = {};
  const price = amountIssue(d.price, places, 'price');
  if (price) out.price = price;
  if (d.mode !== 'auction') return out;
  const step = amountIssue(d.step, places, 'step');
  if (step) out.step = step;
  const margin = amountIssue(d.margin, places, 'margin', true);
  if (margin) out.margin = margin;
  if (d.starts_at === null) out.starts_at = { key: 'required' };
  if (d.ends_at === null) out.ends_at = { key: 'required' };
  else if (d.starts_at !== null && d.ends_at <= d.starts_at) out.ends_at = { key: 'endBeforeStart' };
  else if (d.ends_at <= now) out.ends_at = { key: 'endPast' };
  else if (d.starts_at !== null && d.ends_at - d.starts_at > LISTING_MAX_MS) out.ends_at = { key: 'tooLong', values: { days: 90 } };
  return out;
}

/** The form `resellNFT` takes for a checked draft (call it when `resellIssues` found nothing). */
export function resellParams(id: number, d: ResellDraft) {
  if (d.mode !== 'auction') return { id, mode: d.mode, price: d.price.trim() };
  const margin = d.margin.trim();
  return {
    id,
    mode: d.mode,
    price: d.price.trim(),
    step: d.step.trim(),
    ...(margin !== '' && compareDecimal(margin, '0') === 1 ? { margin } : {}),
    starts_at: d.starts_at ?? undefined,
    ends_at: d.ends_at ?? undefined,
  };
}

export type ListingState = 'review' | 'onSale' | 'awaitingPayment' | 'sold' | 'closed' | 'rejected';
const LISTING_STATES: ListingState[] = ['review', 'onSale', 'awaitingPayment', 'sold', 'closed', 'rejected'];

/** The owner's latest listing's state; null when the item was never listed by them. */
export function listingState(status: number | null | undefined): ListingState | null {
  if (status === null || status === undefined) return null;
  return LISTING_STATES[status] ?? null;
}

/**
 * The state of the owner's own latest listing of an item they hold; null
 * when they have not listed it. The server answers the state of the item's
 * latest listing whoever listed it, so an item just bought reads "sold" (the
 * listing it was bought from): an item the caller still holds cannot have
 * been sold by them, so "sold" reads as not listed.
 */
export function ownListingState(card: { owner: string; listing_status: number | null }): ListingState | null {
  if (card.owner !== 'me') return null;
  const s = listingState(card.listing_status);
  return s === 'sold' ? null : s;
}

/** The owner may list the item (no listing in review, on sale or awaiting its payment). */
export function canResell(card: { owner: string; listing_status: number | null }): boolean {
  const s = listingState(card.listing_status);
  return card.owner === 'me' && s !== 'review' && s !== 'onSale' && s !== 'awaitingPayment';
}

/** The owner may withdraw the listing: one in review, or a fixed-price one on sale (an auction runs to its end). */
export function canWithdraw(card: { owner: string; listing_status: number | null; mode: string | null }): boolean {
  const s = listingState(card.listing_status);
  return card.owner === 'me' && (s === 'review' || (s === 'onSale' && card.mode !== 'auction'));
}

// ---- the blind-box rule ----

/** The SHA-256 of a text, as lower-case hex (the browser's own `crypto.subtle`). */
export async function sha256Hex(text: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new Error('crypto.subtle is not available');
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The blind-box rule (src/nft/boxes.rs `RULE`): the slots 0…n-1 sorted by
 * the SHA-256 (hex) of "SEED:SLOT"; box number N (0 for the first sold)
 * holds the N-th slot of that order.
 */
export async function boxOrder(seed: string, slots: number): Promise<number[]> {
  const keyed = await Promise.all(Array.from({ length: Math.max(0, slots) }, async (_, s) => [await sha256Hex(`${seed}:${s}`), s] as const));
  keyed.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
  return keyed.map(([, s]) => s);
}

export type Check = 'verified' | 'mismatch' | 'pending';

/**
 * A box checked against the rule: `verified` when the slot the browser
 * computed is the server's rule slot and the item's slot, `mismatch` when
 * either differs, `pending` while the seed is secret or the box unopened.
 */
export function boxCheck(box: { slot: number | null; rule_slot: number | null }, computed: number | null | undefined): Check {
  if (computed === null || computed === undefined || box.slot === null) return 'pending';
  return computed === box.slot && (box.rule_slot === null || box.rule_slot === computed) ? 'verified' : 'mismatch';
}

/** The shell command that prints "box-number slot" lines for a revealed seed. */
export function verifyCommand(seed: string, total: number): string {
  return `SEED=${seed}; N=${total}; for s in $(seq 0 $((N-1))); do printf '%s %s\\n' "$(printf '%s:%s' "$SEED" "$s" | sha256sum | cut -c1-64)" "$s"; done | sort | awk '{print NR-1, $2}'`;
}

/** Sold over total as a percent for a bar (0-100). */
export function soldPercent(sold: number, total: number): number {
  if (!total || total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((sold / total) * 100)));
}
