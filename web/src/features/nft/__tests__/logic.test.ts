import { webcrypto } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  applyBid,
  boxCheck,
  boxOrder,
  canResell,
  canWithdraw,
  cardPrice,
  checkBid,
  cleanKeyword,
  clockOffset,
  countdownOf,
  durationParts,
  eventPrice,
  idParam,
  listingState,
  minNextBid,
  ownListingState,
  resellIssues,
  resellParams,
  roundDown,
  saleLabel,
  sellerReceives,
  sha256Hex,
  verifyCommand,
  wasExtended,
  type ResellDraft,
} from '../logic';

beforeAll(() => {
  // jsdom's window has no SubtleCrypto; the browser's is the same standard API.
  if (!globalThis.crypto?.subtle) Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
});

describe('the sale-status helper', () => {
  it('reads 2 as not started, 1 as on sale, 0 as ended', () => {
    expect(saleLabel(2)).toBe('notStarted');
    expect(saleLabel(1)).toBe('onSale');
    expect(saleLabel(0)).toBe('ended');
    expect(saleLabel(7)).toBe('ended');
  });

  it('shows a fixed price, an auction bid, or the last price off sale', () => {
    const card = { mode: null, price: null, current_bid: null, last_price: null };
    expect(cardPrice({ ...card, mode: 'normal', price: '70' })).toEqual({ kind: 'price', value: '70' });
    expect(cardPrice({ ...card, mode: 'auction', price: '50' })).toEqual({ kind: 'startingBid', value: '50' });
    expect(cardPrice({ ...card, mode: 'auction', price: '50', current_bid: '65' })).toEqual({ kind: 'currentBid', value: '65' });
    expect(cardPrice({ ...card, last_price: '12.5' })).toEqual({ kind: 'lastPrice', value: '12.5' });
    expect(cardPrice(card)).toEqual({ kind: 'none', value: null });
  });
});

describe('the next bid', () => {
  it('is the opening price first, then the current bid plus the step, exactly', () => {
    expect(minNextBid(null, '50', '5')).toBe('50');
    expect(minNextBid('50', '50', '5')).toBe('55');
    expect(minNextBid('0.1', '0.1', '0.2')).toBe('0.3');
    expect(minNextBid(null, 'x', '5')).toBeNull();
  });

  it('is checked as typed: required, format, decimals, at least the minimum', () => {
    const rules = { min: '55', places: 6 };
    expect(checkBid('', rules)).toEqual({ key: 'required' });
    expect(checkBid('1e3', rules)).toEqual({ key: 'format' });
    expect(checkBid('-5', rules)).toEqual({ key: 'format' });
    expect(checkBid('0', rules)).toEqual({ key: 'format' });
    expect(checkBid('55.0000001', rules)).toEqual({ key: 'decimals', values: { places: 6 } });
    expect(checkBid('54.99', rules)).toEqual({ key: 'low', values: { min: '55' } });
    expect(checkBid('55', rules)).toBeNull();
    expect(checkBid(' 60.5 ', rules)).toBeNull();
    expect(checkBid('1', { min: null, places: null })).toBeNull();
  });
});

describe('a live bid', () => {
  const detail = () => ({
    item: { current_bid: null as string | null, ends_at: 1_000 as number | null, bids: 0, sale_status: 1 },
    auction: {
      listing_id: 9,
      status: 1,
      current_bid: null as string | null,
      min_bid: '50',
      step: '5',
      bids: 0,
      bidders: 0,
      joined: 2,
      ends_at: 1_000,
      leader_is_me: false,
      my_bid: null as string | null,
    },
  });

  it('reads the event price as a decimal string (an integer as units of 10^-8)', () => {
    expect(eventPrice('60.5')).toBe('60.5');
    expect(eventPrice('x')).toBeNull();
    expect(eventPrice(5_000_000_000)).toBe('50');
    expect(eventPrice(6_050_000_000)).toBe('60.5');
    expect(eventPrice(null)).toBeNull();
  });

  it('moves the current bid, the next minimum, the counts and the end at once', () => {
    const d = detail();
    const out = applyBid(d, { listing_id: 9, price: '60', bidder: 'b***@x.io', bids: 3, bidders: 2, joined: 2, ends_at: 1_300, status: 1 });
    expect(out.stateChanged).toBe(false);
    expect(d.auction.current_bid).toBe('60');
    expect(d.item.current_bid).toBe('60');
    expect(d.auction.min_bid).toBe('65');
    expect(d.auction.bids).toBe(3);
    expect(d.item.bids).toBe(3);
    expect(d.auction.ends_at).toBe(1_300);
    expect(d.item.ends_at).toBe(1_300);
    expect(d.auction.leader_is_me).toBe(false);
  });

  it('knows when the caller leads (the leading price is their bid), and ignores another listing', () => {
    const d = detail();
    d.auction.my_bid = '55.00';
    applyBid(d, { listing_id: 9, price: 5_500_000_000, bidder: 'a***@x.io', bids: 1, bidders: 1, ends_at: 1_000, status: 1 });
    expect(d.auction.leader_is_me).toBe(true);
    applyBid(d, { listing_id: 8, price: 9_900_000_000, bidder: 'c***@x.io', bids: 9, bidders: 3, ends_at: 2_000, status: 1 });
    expect(d.auction.current_bid).toBe('55');
    // Someone else's higher bid: no longer leading, the caller's bid kept.
    applyBid(d, { listing_id: 9, price: '60', bidder: 'b***@x.io', bids: 2, bidders: 2, ends_at: 1_000, status: 1 });
    expect(d.auction.leader_is_me).toBe(false);
    expect(d.auction.my_bid).toBe('55.00');
  });

  it('says when the listing changed state (the end)', () => {
    const d = detail();
    expect(applyBid(d, { listing_id: 9, price: null, bidder: null, bids: 0, bidders: 0, ends_at: 1_000, status: 4 }).stateChanged).toBe(true);
    expect(d.item.sale_status).toBe(0);
  });

  it('notices an end moved later', () => {
    expect(wasExtended(1_000, 1_300)).toBe(true);
    expect(wasExtended(1_000, 1_000)).toBe(false);
    expect(wasExtended(null, 1_000)).toBe(false);
  });
});

describe('countdowns', () => {
  it('count to the start, then to the end, on the server clock', () => {
    expect(countdownOf({ starts_at: 100, ends_at: 200 }, 50)).toEqual({ kind: 'start', left: 50 });
    expect(countdownOf({ starts_at: 100, ends_at: 200 }, 150)).toEqual({ kind: 'end', left: 50 });
    expect(countdownOf({ starts_at: 100, ends_at: 200 }, 200)).toBeNull();
    expect(countdownOf({ starts_at: null, ends_at: null }, 0)).toBeNull();
    expect(clockOffset(10_500, 10_000)).toBe(500);
    expect(clockOffset(undefined, 10_000)).toBe(0);
  });

  it('read as days and HH:MM:SS, cut toward zero', () => {
    expect(durationParts(0)).toEqual({ days: 0, time: '00:00:00' });
    expect(durationParts(59_999)).toEqual({ days: 0, time: '00:00:59' });
    expect(durationParts(600_000)).toEqual({ days: 0, time: '00:10:00' });
    expect(durationParts(90_061_000)).toEqual({ days: 1, time: '01:01:01' });
    expect(durationParts(-5)).toEqual({ days: 0, time: '00:00:00' });
  });
});

describe('a resale', () => {
  it('pays the seller the price less the royalty and the fee, rounded down', () => {
    expect(sellerReceives('100', '0.05', '0.025', 6)).toEqual({ royalty: '5', fee: '2.5', receive: '92.5' });
    // Each share is cut to 10^-8 as the ledger does; what the seller gets, to the coin's decimals.
    expect(sellerReceives('0.333333', '0.05', '0.025', 6)).toEqual({ royalty: '0.01666665', fee: '0.00833332', receive: '0.308333' });
    expect(sellerReceives('7', '0.05', '0.025', 2)).toEqual({ royalty: '0.35', fee: '0.175', receive: '6.47' });
    expect(sellerReceives('0', '0.05', '0.025', 6)).toBeNull();
    expect(sellerReceives('abc', '0.05', '0.025', 6)).toBeNull();
    expect(roundDown('1.239', 2)).toBe('1.23');
    expect(roundDown('-1.239', 2)).toBe('-1.23');
  });

  const auction = (over: Partial<ResellDraft> = {}): ResellDraft => ({
    mode: 'auction',
    price: '100',
    step: '5',
    margin: '10',
    starts_at: 1_000,
    ends_at: 2_000,
    ...over,
  });

  it('checks the form with the spec messages', () => {
    const now = 500;
    expect(resellIssues({ ...auction(), mode: 'normal', price: '' }, { places: 6, now })).toEqual({ price: { key: 'price' } });
    expect(resellIssues({ ...auction(), mode: 'normal', step: '' }, { places: 6, now })).toEqual({});
    expect(resellIssues(auction({ price: '0' }), { places: 6, now }).price).toEqual({ key: 'price' });
    expect(resellIssues(auction({ price: '1.1234567' }), { places: 6, now }).price).toEqual({ key: 'decimals', values: { places: 6 } });
    expect(resellIssues(auction({ step: '0' }), { places: 6, now }).step).toEqual({ key: 'step' });
    expect(resellIssues(auction({ step: 'x' }), { places: 6, now }).step).toEqual({ key: 'step' });
    expect(resellIssues(auction({ margin: '' }), { places: 6, now }).margin).toBeUndefined();
    expect(resellIssues(auction({ margin: '0' }), { places: 6, now }).margin).toBeUndefined();
    expect(resellIssues(auction({ margin: '-1' }), { places: 6, now }).margin).toEqual({ key: 'margin' });
    expect(resellIssues(auction({ ends_at: 1_000 }), { places: 6, now }).ends_at).toEqual({ key: 'endBeforeStart' });
    expect(resellIssues(auction({ ends_at: 900 }), { places: 6, now }).ends_at).toEqual({ key: 'endBeforeStart' });
    expect(resellIssues(auction(), { places: 6, now: 3_000 }).ends_at).toEqual({ key: 'endPast' });
    expect(resellIssues(auction({ ends_at: 1_000 + 91 * 86_400_000 }), { places: 6, now }).ends_at).toEqual({ key: 'tooLong', values: { days: 90 } });
    expect(resellIssues(auction({ starts_at: null }), { places: 6, now }).starts_at).toEqual({ key: 'required' });
    expect(resellIssues(auction(), { places: 6, now })).toEqual({});
  });

  it('sends what the server takes', () => {
    expect(resellParams(3, { ...auction(), mode: 'normal', price: ' 12 ' })).toEqual({ id: 3, mode: 'normal', price: '12' });
    expect(resellParams(3, auction({ margin: '0' }))).toEqual({ id: 3, mode: 'auction', price: '100', step: '5', starts_at: 1_000, ends_at: 2_000 });
    expect(resellParams(3, auction())).toMatchObject({ margin: '10' });
  });

  it('knows when an owner may list or withdraw', () => {
    expect(listingState(0)).toBe('review');
    expect(listingState(5)).toBe('rejected');
    expect(listingState(null)).toBeNull();
    // An item just bought reads "sold" (the listing it came from): not a listing of its owner's.
    expect(ownListingState({ owner: 'me', listing_status: 3 })).toBeNull();
    expect(ownListingState({ owner: 'me', listing_status: 0 })).toBe('review');
    expect(ownListingState({ owner: 'user', listing_status: 1 })).toBeNull();
    expect(canResell({ owner: 'me', listing_status: null })).toBe(true);
    expect(canResell({ owner: 'me', listing_status: 3 })).toBe(true);
    expect(canResell({ owner: 'me', listing_status: 0 })).toBe(false);
    expect(canResell({ owner: 'user', listing_status: null })).toBe(false);
    expect(canWithdraw({ owner: 'me', listing_status: 0, mode: null })).toBe(true);
    expect(canWithdraw({ owner: 'me', listing_status: 1, mode: 'normal' })).toBe(true);
    expect(canWithdraw({ owner: 'me', listing_status: 1, mode: 'auction' })).toBe(false);
  });
});

describe('the blind-box rule', () => {
  it('hashes with SHA-256 as hex', async () => {
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('orders the slots by SHA-256 of "SEED:SLOT": seed "s" with 3 slots gives [1, 0, 2]', async () => {
    expect(await boxOrder('s', 3)).toEqual([1, 0, 2]);
    const order = await boxOrder('cadba3e6', 8);
    expect([...order].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(await boxOrder('s', 0)).toEqual([]);
  });

  it('says whether a box agrees with the rule', () => {
    expect(boxCheck({ slot: 1, rule_slot: 1 }, 1)).toBe('verified');
    expect(boxCheck({ slot: 2, rule_slot: 1 }, 1)).toBe('mismatch');
    expect(boxCheck({ slot: 1, rule_slot: 2 }, 1)).toBe('mismatch');
    expect(boxCheck({ slot: null, rule_slot: null }, 1)).toBe('pending');
    expect(boxCheck({ slot: 1, rule_slot: null }, null)).toBe('pending');
  });

  it('gives the shell command that prints "box-number slot" lines', () => {
    expect(verifyCommand('ab12', 8)).toBe(
      `SEED=ab12; N=8; for s in $(seq 0 $((N-1))); do printf '%s %s\\n' "$(printf '%s:%s' "$SEED" "$s" | sha256sum | cut -c1-64)" "$s"; done | sort | awk '{print NR-1, $2}'`,
    );
  });
});

describe('the address', () => {
  it('takes positive ids only, and a search of at most 40 characters', () => {
    expect(idParam('12')).toBe(12);
    expect(idParam('0')).toBeNull();
    expect(idParam('1e3')).toBeNull();
    expect(idParam(null)).toBeNull();
    expect(cleanKeyword(`  ${'a'.repeat(50)}`)).toBe('a'.repeat(40));
    expect(cleanKeyword(' Nebula ')).toBe('Nebula');
  });
});
