/**
 * The app's one realtime connection (api-contract.md, "Realtime socket";
 * docs/api.md, "Realtime socket").
 *
 * One socket.io-client socket is shared by every screen: websocket transport at
 * `/socket.io` with a 20 s connect time-out (spec section 9). The stored token
 * goes in the CONNECT packet's auth object, so a logged-in socket joins its
 * user's private room; when the user logs in or out the socket reconnects with
 * the new token.
 *
 * Reconnecting is driven here rather than by socket.io's own loop, which
 * cannot be told to try at once: after a drop the socket tries again after the
 * contract's 1 s to 5 s jittered back-off (lib/liveSync.ts), and at once when
 * the browser says the network is back (`online`) or the page is shown again
 * (`visibilitychange`, a phone back from the background; a socket that heard
 * nothing from the server for longer than its ping interval is taken as dead
 * then). The link's state goes to lib/connection.ts for the indicator.
 *
 * After every reconnect, and whenever the private events' `seq` skips a number
 * (events were lost), the user's own state is reloaded: every tag of
 * `CATCH_UP_TAGS` is invalidated and the `onCatchUp` listeners run. The
 * server's `session_ended` (token revoked or expired) signs the device out
 * and sends it to the login page; the socket comes back without the token.
 *
 * Market channels (`depth`, `trade`, `kline`) are reference counted: the first
 * interested cache entry subscribes, the last one to go unsubscribes, and every
 * channel still held is subscribed again after a reconnect (the server forgets
 * a socket's subscriptions with the socket).
 *
 * socket.io-client itself (about 13 KB compressed) is fetched once the first
 * screen has painted, not before it (docs/architecture.md, "Live and whole"):
 * Home's figures are drawn from their HTTP snapshot and start moving when the
 * socket is up. Until then `onSocketEvent` listeners and channel holds are
 * kept here and take effect when it connects.
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
import type { Socket } from 'socket.io-client';
import { api } from './api';
import { ROUTES } from './constants';
import { reportConnection } from './connection';
import { backoffDelay, CATCH_UP_TAGS, CatchUpRule, isPrivateEvent, SeqTracker } from './liveSync';
import { loggedOut, selectToken, type SessionState } from './session';
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
const catchUpListeners = new Set<() => void>();
/** Listeners of server events by name, fed by the socket's catch-all (they may be added before it exists). */
const eventListeners = new Map<string, Set<(payload: unknown) => void>>();
let socket: Socket | null = null;
/** The socket being created (its client code loading), or made. */
let socketPromise: Promise<Socket> | null = null;
let currentToken: string | null = null;
let dispatchRef: Dispatch<UnknownAction> | null = null;
let boundStore: StoreLike | null = null;
/** Counts successful connections; the book uses it to accept a restarted `seq`. */
let epoch = 0;
const catchUpRule = new CatchUpRule();
const seq = new SeqTracker();
/** Reconnect tries since the last connection (the back-off's exponent). */
let attempt = 0;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
/** When the server was last heard from (an event or its ping). */
let lastHeard = 0;

/**
 * The server pings every 25 s (src/socket/session.rs); a socket that heard
 * nothing for longer when the page is shown again died in the background.
 */
export const SILENT_MS = 30_000;

/** Why a reason of socket.io's `disconnect` is ours: a token change reconnects at once. */
const CLIENT_CLOSE = 'io client disconnect';

/** What the server says when it signs a socket out (`session_ended`). */
export interface SessionEnded {
  reason?: 'revoked' | 'expired' | string;
}

function tokenOf(state: unknown): string | null {
  return selectToken(state as { session: SessionState });
}

/** Reloads the user's own state: every private tag and whatever listens to `onCatchUp`. */
function catchUp() {
  // The tag types are added by the features' API slices; invalidating one no
  // cache entry provides is a no-op.
  dispatchRef?.(api.util.invalidateTags([...CATCH_UP_TAGS] as unknown as Parameters<typeof api.util.invalidateTags>[0]));
  for (const listener of [...catchUpListeners]) listener();
}

function clearRetry() {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
}

/** Numbers the tries, so that the end of an old one (closed by the next) is not taken for a failure. */
let tryId = 0;

/** Opens the socket again now, closing a try still in flight. */
function tryConnect(s: Socket) {
  clearRetry();
  const id = ++tryId;
  reportConnection({ type: 'connecting' });
  s.disconnect();
  s.connect();
  // A websocket closed before it opened ends the try without an error event, and
  // socket.io would wait out its 20 s connect time-out: take it as the failure it is.
  s.io.engine?.once('close', () => {
    if (id === tryId && !s.connected) failed(s);
  });
}

/** A try failed or the link dropped: say so, and try again after the back-off. */
function failed(s: Socket) {
  catchUpRule.failed();
  reportConnection({ type: 'dropped' });
  if (retryTimer || s.connected) return;
  const wait = backoffDelay(attempt);
  attempt += 1;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    if (!s.connected) tryConnect(s);
  }, wait);
}

/** Tries at once when the network or the page comes back, instead of waiting out the back-off. */
function watchBrowser(s: Socket) {
  if (typeof window === 'undefined') return;
  // lib/connection.ts notes the browser's word itself; here it only hurries the socket.
  window.addEventListener('online', () => {
    attempt = 0;
    if (!s.connected) tryConnect(s);
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible') return;
    if (!s.connected || Date.now() - lastHeard > SILENT_MS) {
      attempt = 0;
      tryConnect(s);
    }
  });
}

/**
 * Set while this device itself ends its session (a login-password change
 * signs every session out, this one too): the server's `session_ended` may
 * arrive before the change's answer, and the screen that asked then takes
 * the user to the login page itself, without "your session ended".
 */
let endingHere = false;

/** Marks that this device is about to end its own session; answers the undo for when the request fails. */
export function endingSessionHere(): () => void {
  endingHere = true;
  return () => {
    endingHere = false;
  };
}

/** Signs the device out after the server ended its session, and says why on the login page. */
function endSession(payload: SessionEnded | undefined) {
  if (endingHere) {
    // The screen that ended it signs out and moves on; only stop using the token.
    endingHere = false;
    setSocketToken(null);
    return;
  }
  const reason = payload?.reason === 'expired' ? 'expired' : 'revoked';
  // The socket comes back at once without the token, before anything can reconnect with it.
  setSocketToken(null);
  dispatchRef?.(loggedOut());
  dispatchRef?.(api.util.resetApiState());
  if (typeof window === 'undefined') return;
  const from = window.location.hash.replace(/^#/, '');
  if (from.startsWith(ROUTES.login)) return;
  const back = from ? `&redirect=${encodeURIComponent(from)}` : '';
  window.location.hash = `#${ROUTES.login}?ended=${reason}${back}`;
}

/**
 * Resolves once the screen the app started on has painted (the frame after
 * the call, then a task), or after 250 ms where no frame comes (a page opened
 * in the background does not paint).
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, 250);
    if (typeof requestAnimationFrame !== 'function') return;
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });
}

/** Loads socket.io-client after the first paint and opens the socket; a failed load (offline) is tried again on the next use. */
function loadSocket(): Promise<Socket> {
  socketPromise ??= afterFirstPaint()
    .then(() => import('socket.io-client'))
    .then(
      ({ io }) => {
        socket = createSocket(io);
        return socket;
      },
      (error: unknown) => {
        // No network for the code either: say so, and load it again after the back-off.
        socketPromise = null;
        reportConnection({ type: 'dropped' });
        setTimeout(() => void loadSocket().catch(() => undefined), backoffDelay(attempt));
        attempt += 1;
        throw error;
      },
    );
  return socketPromise;
}

function createSocket(io: typeof import('socket.io-client').io): Socket {
  const s = io({
    ...SOCKET_OPTIONS,
    transports: [...SOCKET_OPTIONS.transports],
    // Retries are ours (see the top of this file), with the contract's back-off.
    reconnection: false,
    autoConnect: false,
    // Read at every (re)connect, so the socket always presents the current token.
    auth: (cb) => cb(currentToken ? { token: currentToken } : {}),
  });
  s.on('connect', () => {
    epoch += 1;
    attempt = 0;
    clearRetry();
    seq.reset();
    lastHeard = Date.now();
    reportConnection({ type: 'connected' });
    for (const sub of registry.active()) s.emit('subscribe', sub);
    // After a gap (a reconnect, or a first connect that failed before), cached
    // data may have missed events: their owners refetch, and so does
    // everything of the user's own.
    if (catchUpRule.connected()) {
      for (const listener of [...reconnectListeners]) listener();
      catchUp();
    }
  });
  s.on('connect_error', () => failed(s));
  s.on('disconnect', (reason) => {
    if (reason !== CLIENT_CLOSE) failed(s);
  });
  s.io.on('ping', () => {
    lastHeard = Date.now();
  });
  s.onAny((event: string, payload: unknown) => {
    lastHeard = Date.now();
    if (isPrivateEvent(event) && seq.observe(payload) === 'gap') catchUp();
    for (const listener of [...(eventListeners.get(event) ?? [])]) listener(payload);
  });
  s.on('session_ended', (payload: SessionEnded) => endSession(payload));
  s.on('balance', () => {
    dispatchRef?.(realtimeApi.util.invalidateTags(['Balance']));
  });
  watchBrowser(s);
  tryConnect(s);
  return s;
}

/** Reconnects with `token` when it differs from the one the socket presented. */
export function setSocketToken(token: string | null): void {
  if (token === currentToken) return;
  currentToken = token;
  if (socket) tryConnect(socket);
}

/**
 * The shared socket, opened on first use with the store's token (once its
 * client code has loaded, after the first paint); answers it when it is made.
 */
export function ensureSocket(store: StoreLike): Promise<Socket> {
  dispatchRef = store.dispatch;
  if (!socket) {
    currentToken = tokenOf(store.getState());
    const made = loadSocket();
    // Callers that do not wait for it need not hear of a failed load: the next use tries again.
    made.catch(() => undefined);
    return made;
  }
  setSocketToken(tokenOf(store.getState()));
  return Promise.resolve(socket);
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

/** Listens to a server event on the shared socket (from when it connects, if it is not made yet); returns the remover. */
export function onSocketEvent<T>(event: string, handler: (payload: T) => void): () => void {
  const listener = (payload: unknown) => handler(payload as T);
  const set = eventListeners.get(event) ?? new Set();
  eventListeners.set(event, set);
  set.add(listener);
  return () => {
    set.delete(listener);
  };
}

/** Calls `listener` after every reconnect (not the first connect); returns the remover. */
export function onReconnect(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => {
    reconnectListeners.delete(listener);
  };
}

/**
 * Calls `listener` whenever the user's own state is reloaded: after every
 * reconnect and after private events were missed (a `seq` gap). For what the
 * cache tags do not cover, such as a paged list kept in a component. Returns
 * the remover.
 */
export function onCatchUp(listener: () => void): () => void {
  catchUpListeners.add(listener);
  return () => {
    catchUpListeners.delete(listener);
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
