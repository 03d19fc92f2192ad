/**
 * The app's one realtime connection (api-contract.md, "Realtime socket";
 * docs/api.md, "Realtime socket").
 *
 * One socket.io-client socket is shared by every screen: websocket transport at
 * `/socket.io`, reconnecting after 1 s to 5 s with jitter 0.5 and a 20 s
 * connect time-out (spec section 9). The stored token goes in the CONNECT
 * packet's auth object, so a logged-in socket joins its user's private room;
 * when the user logs in or out the socket reconnects with the new token.
 *
 * Market channels (`depth`, `trade`, `kline`) are reference counted: the first
 * interested cache entry subscribes, the last one to go unsubscribes, and every
 * channel still held is subscribed again after a reconnect (the server forgets
 * a socket's subscriptions with the socket).
 *
 * Streaming data lands in the RTK Query cache in the `onCacheEntryAdded` of the
 * endpoints that use it (see shared/market/api.ts and
 * features/transaction/api.ts); they call `ensureSocket` with their lifecycle
 * helpers. The private `balance` event invalidates the 'Balance' tag, which
 * every balance query of the app provides.
 */
import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { io, type Socket } from 'socket.io-client';
import { api } from './api';
import { selectToken, type SessionState } from './session';
import socketOptions from './socketOptions.json';

/** The API with the tag types realtime events invalidate. */
export const realtimeApi = api.enhanceEndpoints({ addTagTypes: ['Balance'] });

/**
 * Connection settings of the spec (section 9) and the contract. Kept as JSON so
 * the gateway test and the fan-out measurement (tests/socket) connect with the
 * very same settings.
 */
export const SOCKET_OPTIONS: Readonly<typeof socketOptions> = socketOptions;

/** Public channels a socket can subscribe to: a market's (`symbol` the pair) or an NFT auction's (`nft`, `symbol` the listing id). */
export type Channel = 'depth' | 'kline' | 'trade' | 'nft';

/** One market channel: `period` only for K-lines. */
export interface ChannelSub {
  channel: Channel;
  symbol: string;
  period?: string;
}

/** Identity of a channel: the server upper-cases symbols and ignores `period` off K-lines. */
export function subKey(sub: ChannelSub): string {
  const symbol = sub.symbol.toUpperCase();
  return sub.channel === 'kline' ? `kline|${symbol}|${sub.period ?? '1min'}` : `${sub.channel}|${symbol}`;
}

/** What goes on the wire for a subscription. */
export function subPayload(sub: ChannelSub): ChannelSub {
  return sub.channel === 'kline'
    ? { channel: sub.channel, symbol: sub.symbol, period: sub.period ?? '1min' }
    : { channel: sub.channel, symbol: sub.symbol };
}

/**
 * Reference counts of channel subscriptions. Pure: it says when the server must
 * be told (first acquire, last release) and what to subscribe again after a
 * reconnect.
 */
export class SubscriptionRegistry {
  private readonly entries = new Map<string, { sub: ChannelSub; count: number }>();

  /** Counts one more holder; true when this is the first (subscribe now). */
  acquire(sub: ChannelSub): boolean {
    const key = subKey(sub);
    const entry = this.entries.get(key);
    if (entry) {
      entry.count += 1;
      return false;
    }
    this.entries.set(key, { sub: subPayload(sub), count: 1 });
    return true;
  }

  /** Counts one holder less; true when it was the last (unsubscribe now). */
  release(sub: ChannelSub): boolean {
    const key = subKey(sub);
    const entry = this.entries.get(key);
    if (!entry) return false;
    entry.count -= 1;
    if (entry.count > 0) return false;
    this.entries.delete(key);
    return true;
  }

  /** How many holders a channel has. */
  count(sub: ChannelSub): number {
    return this.entries.get(subKey(sub))?.count ?? 0;
  }

  /** Every channel somebody holds, to subscribe again after a reconnect. */
  active(): ChannelSub[] {
    return [...this.entries.values()].map((e) => e.sub);
  }
}

/** What the socket needs from the store: the token to connect with, dispatch for invalidations. */
export interface StoreLike {
  getState: () => unknown;
  dispatch: Dispatch<UnknownAction>;
}

const registry = new SubscriptionRegistry();
const reconnectListeners = new Set<() => void>();
let socket: Socket | null = null;
let currentToken: string | null = null;
let dispatchRef: Dispatch<UnknownAction> | null = null;
let boundStore: StoreLike | null = null;
/** Counts successful connections; the book uses it to accept a restarted `seq`. */
let epoch = 0;

function tokenOf(state: unknown): string | null {
  return selectToken(state as { session: SessionState });
}

function createSocket(): Socket {
  const s = io({
    ...SOCKET_OPTIONS,
    transports: [...SOCKET_OPTIONS.transports],
    autoConnect: false,
    // Read at every (re)connect, so the socket always presents the current token.
    auth: (cb) => cb(currentToken ? { token: currentToken } : {}),
  });
  s.on('connect', () => {
    epoch += 1;
    for (const sub of registry.active()) s.emit('subscribe', sub);
    // After a gap, cached data may have missed events: their owners refetch.
    if (epoch > 1) for (const listener of [...reconnectListeners]) listener();
  });
  s.on('balance', () => {
    dispatchRef?.(realtimeApi.util.invalidateTags(['Balance']));
  });
  s.connect();
  return s;
}

/** Reconnects with `token` when it differs from the one the socket presented. */
export function setSocketToken(token: string | null): void {
  if (token === currentToken) return;
  currentToken = token;
  if (socket) {
    socket.disconnect();
    socket.connect();
  }
}

/** The shared socket, opened on first use with the store's token. */
export function ensureSocket(store: StoreLike): Socket {
  dispatchRef = store.dispatch;
  if (!socket) {
    currentToken = tokenOf(store.getState());
    socket = createSocket();
  } else {
    setSocketToken(tokenOf(store.getState()));
  }
  return socket;
}

/**
 * Opens the socket now and keeps its token in step with the session (login,
 * logout) for as long as the app runs. Idempotent.
 */
export function bindSocketToStore(store: StoreLike & { subscribe: (listener: () => void) => () => void }): void {
  ensureSocket(store);
  if (boundStore === store) return;
  boundStore = store;
  store.subscribe(() => setSocketToken(tokenOf(store.getState())));
}

/** Hook of screens that show live data: the socket is open and follows login and logout. */
export function useRealtime(): void {
  const store = useStore();
  useEffect(() => {
    bindSocketToStore(store as unknown as StoreLike & { subscribe: (l: () => void) => () => void });
  }, [store]);
}

/** Holds a market channel until the returned function is called (once is enough). */
export function subscribeChannel(sub: ChannelSub): () => void {
  if (registry.acquire(sub) && socket?.connected) socket.emit('subscribe', subPayload(sub));
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    if (registry.release(sub) && socket?.connected) socket.emit('unsubscribe', subPayload(sub));
  };
}

/** Listens to a server event on the shared socket; returns the remover. */
export function onSocketEvent<T>(event: string, handler: (payload: T) => void): () => void {
  const s = socket;
  if (!s) return () => undefined;
  const listener = (payload: T) => handler(payload);
  s.on(event, listener);
  return () => {
    s.off(event, listener);
  };
}

/** Calls `listener` after every reconnect (not the first connect); returns the remover. */
export function onReconnect(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => {
    reconnectListeners.delete(listener);
  };
}

/** Number of connections made so far (changes when the socket reconnects). */
export function connectionEpoch(): number {
  return epoch;
}

/**
 * Collects events and hands them over at most every `ms`, so a burst of ticks
 * makes one cache update. `push` keeps the latest item per key.
 */
export function createBatcher<T>(flush: (items: T[]) => void, keyOf: (item: T) => string | number, ms = 250) {
  const pending = new Map<string | number, T>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const run = () => {
    timer = null;
    if (pending.size === 0) return;
    const items = [...pending.values()];
    pending.clear();
    flush(items);
  };
  return {
    push(item: T) {
      pending.set(keyOf(item), item);
      if (!timer) timer = setTimeout(run, ms);
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
      pending.clear();
    },
  };
}
