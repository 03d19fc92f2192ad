/**
 * The rules that keep what the app shows in step with the server across a
 * dropped connection, as plain functions (lib/socket.ts applies them):
 *
 * - when to try the socket again (`backoffDelay`): jittered exponential
 *   back-off, 1 s doubling up to 5 s, so a server that restarts is not met by
 *   every phone at the same instant;
 * - whether private events were missed (`SeqTracker`): the server numbers the
 *   private events meant for one socket (`seq`, 1 for the first after each
 *   connect, counting those it had to drop), so a number skipped is an event
 *   lost;
 * - what to reload then (`CATCH_UP_TAGS`): every cache tag that holds the
 *   user's own state, since a missed event may have changed any of it;
 * - when a connect must be followed by a reload (`CatchUpRule`).
 */

/** Socket back-off: the contract's 1 s to 5 s with jitter 0.5 (api-contract.md, "Realtime socket"). */
export const BACKOFF = { minMs: 1000, maxMs: 5000, factor: 2, jitter: 0.5 } as const;

/**
 * Wait before reconnect try number `attempt` (0 for the first after a drop):
 * `minMs × factor^attempt`, at most `maxMs`, less up to `jitter` of itself
 * with `random()` in [0, 1). Spread downwards, so that the cap holds without
 * piling every late retry on exactly `maxMs`.
 */
export function backoffDelay(attempt: number, random: () => number = Math.random, b = BACKOFF): number {
  const n = Math.max(0, Math.floor(attempt));
  // Past the cap the exact power does not matter; 2^30 keeps the number finite.
  const raw = Math.min(b.maxMs, b.minMs * Math.pow(b.factor, Math.min(n, 30)));
  return Math.round(raw * (1 - b.jitter * Math.min(Math.max(random(), 0), 1)));
}

/**
 * Events that go to every socket or to a channel's subscribers. Two of them
 * carry a `seq` of their own (per market, for the book and the tape), which is
 * not the private count; everything else is private to the user's room.
 */
export const PUBLIC_EVENTS: ReadonlySet<string> = new Set([
  'daymarket',
  'kline',
  'market_depth',
  'market_trade',
  'nft_bid',
  'copy_traders',
  'dual_products',
  'ieo_project',
  'lock_products',
  'lock_accrued',
]);

/** Events about the connection itself, answered before any numbering matters. */
const CONTROL_EVENTS: ReadonlySet<string> = new Set(['session_ended']);

/** Whether `event` counts in the private `seq` of the socket. */
export function isPrivateEvent(event: string): boolean {
  return !PUBLIC_EVENTS.has(event) && !CONTROL_EVENTS.has(event);
}

/**
 * Whether a connect must reload what the screens show. Every reconnect must;
 * so must a first connect that came after a failed try: the screens drew
 * their HTTP snapshot before it, and whatever changed while no try got
 * through (the server restarting, say) reached no socket. Only a first
 * connect that nothing failed before may trust the snapshot just fetched.
 */
export class CatchUpRule {
  private connects = 0;
  private failures = 0;

  /** A try failed or the link dropped. */
  failed(): void {
    this.failures += 1;
  }

  /** A connect: answers whether to reload (and starts counting failures afresh). */
  connected(): boolean {
    this.connects += 1;
    const reload = this.connects > 1 || this.failures > 0;
    this.failures = 0;
    return reload;
  }
}

/** The private `seq` of a payload, or null when it has none (a server from before numbering). */
export function seqOf(payload: unknown): number | null {
  if (!payload || typeof payload !== 'object') return null;
  const seq = (payload as { seq?: unknown }).seq;
  return typeof seq === 'number' && Number.isSafeInteger(seq) && seq > 0 ? seq : null;
}

/**
 * What one numbered private event says: `ok` it follows the last one, `gap`
 * events were missed (or the count started again) and the private state must
 * be reloaded, `none` it carried no number.
 */
export type SeqVerdict = 'ok' | 'gap' | 'none';

/** The last private `seq` seen on the current connection. */
export class SeqTracker {
  private last = 0;

  /** A new connection: its count starts again at 1. */
  reset(): void {
    this.last = 0;
  }

  observe(payload: unknown): SeqVerdict {
    const seq = seqOf(payload);
    if (seq === null) return 'none';
    const expected = this.last + 1;
    this.last = seq;
    // A number at or below the last one means the count restarted without a
    // reconnect we saw: what happened in between is unknown, so reload.
    return seq === expected ? 'ok' : 'gap';
  }

  /** The last number seen (0 before any). */
  get lastSeq(): number {
    return this.last;
  }
}

/**
 * Cache tags of the user's own state, reloaded after every reconnect and on a
 * `seq` gap: balances of every account, orders and positions of every product,
 * copies, lock-ups, token sales, dual investments, NFTs, messages, the
 * profile. A tag invalidated with nothing on screen costs nothing (RTK Query
 * only refetches entries in use).
 */
export const CATCH_UP_TAGS = [
  // profile, bell and messages, invitations
  'User',
  'Unread',
  'Feedback',
  'Invite',
  'Profit',
  'Optional',
  // money: balances of every account, records, payment details
  'Balance',
  'FundRecord',
  'SavedAddress',
  'BankCard',
  'RealState',
  'Sessions',
  // spot, contracts, seconds options
  'CoinOrders',
  'ContractDeal',
  'ContractOrders',
  'OptionBalance',
  'OptionOrders',
  // copy trading
  'CopyFollows',
  'CopyReceipts',
  'CopySkips',
  'MyTrader',
  // earn: lock-up mining, token sales, dual investment
  'LockOrders',
  'LockSummary',
  'LockRecords',
  'IeoOrders',
  'DualOrders',
  // NFT
  'NftMine',
  'NftMyBids',
  'NftPayments',
  'NftMessages',
  // the admin's queues and desks (changed by every user)
  'AdminQueue',
  'DepositAddress',
  'AdminEarn',
  'AdminIeo',
  'AdminNft',
  'AdminNftListings',
  'AdminNftRoyalties',
] as const;

/**
 * Cache tags of what everyone sees alike. Their screens already reload them
 * after a reconnect (lib/live.ts `liveRefetch`, the market streams), or they
 * do not move with events (texts in the app's language).
 */
export const PUBLIC_TAGS = [
  'Lang',
  'CopyTraders',
  'CopyTrader',
  'CopyLeadTrades',
  'LockProducts',
  'LockProduct',
  'IeoProjects',
  'IeoProject',
  'DualProducts',
  'DualProduct',
  'NftItems',
  'NftItem',
  'NftBids',
  'NftArtists',
  'NftSeries',
  'NftBoxes',
] as const;

export type CatchUpTag = (typeof CATCH_UP_TAGS)[number];
