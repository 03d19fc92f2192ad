/**
 * Whether what the screens show is live: the state of the realtime link as a
 * person should see it (the indicator, components/ConnectionStatus.tsx) and
 * as the screens use it (dimmed figures, actions refused while offline, lists
 * and pictures that try again once the link is back).
 *
 * `connectionReducer` is pure; lib/socket.ts feeds it the socket's and the
 * browser's events, and the one store below holds the result for React
 * (`useConnection`) and sets `conn-stale` on the root element while figures
 * have stopped moving, so any screen dims them with CSS alone (styles/app.css).
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';

/** What the socket is doing. `idle`: no screen has needed it yet. */
export type SocketPhase = 'idle' | 'connecting' | 'up' | 'down';

export interface ConnectionState {
  socket: SocketPhase;
  /** The browser's `navigator.onLine`. */
  online: boolean;
  /** A drop was shown to the user and the link has not come back since. */
  dropShown: boolean;
  /** The link came back after a drop that was shown: "back online" for a moment. */
  back: boolean;
  /** Counts the returns of the link after a drop (pictures and lists try again on each). */
  returns: number;
}

export type ConnectionEvent =
  | { type: 'connecting' }
  | { type: 'connected' }
  | { type: 'dropped' }
  | { type: 'browserOnline'; online: boolean }
  | { type: 'backSeen' };

/** What the indicator says: nothing while live. */
export type ConnectionView = 'offline' | 'reconnecting' | 'back' | null;

export function initialConnection(online = true): ConnectionState {
  return { socket: 'idle', online, dropShown: false, back: false, returns: 0 };
}

/** The indicator's state: the browser's word first, then the socket's. */
export function viewOf(s: ConnectionState): ConnectionView {
  if (!s.online) return 'offline';
  if (s.socket === 'down' || (s.socket === 'connecting' && s.dropShown)) return 'reconnecting';
  if (s.back) return 'back';
  return null;
}

/** True while shown figures may have stopped moving. */
export function isStale(s: ConnectionState): boolean {
  const view = viewOf(s);
  return view === 'offline' || view === 'reconnecting';
}

export function connectionReducer(s: ConnectionState, e: ConnectionEvent): ConnectionState {
  let next: ConnectionState;
  switch (e.type) {
    case 'connecting':
      // A retry of a link already down stays "down" until it succeeds.
      next = { ...s, socket: s.socket === 'down' ? 'down' : 'connecting' };
      break;
    case 'connected':
      next = { ...s, socket: 'up' };
      break;
    case 'dropped':
      next = { ...s, socket: 'down', back: false };
      break;
    case 'browserOnline':
      next = { ...s, online: e.online };
      break;
    case 'backSeen':
      return s.back ? { ...s, back: false } : s;
  }
  if (isStale(next)) {
    // Whatever showed the link down (the browser offline, the socket retrying) is
    // remembered, so that its return is announced and counted once.
    next.dropShown = true;
    next.back = false;
  } else if (next.dropShown && next.socket !== 'connecting') {
    next.dropShown = false;
    next.back = true;
    next.returns += 1;
  }
  return next;
}

/** How long "back online" stays (ms). */
export const BACK_SHOWN_MS = 2500;

// ---- the app's one connection state ----

let state = initialConnection(typeof navigator === 'undefined' ? true : navigator.onLine !== false);
const listeners = new Set<() => void>();
let backTimer: ReturnType<typeof setTimeout> | null = null;

function paintRoot(s: ConnectionState) {
  if (typeof document === 'undefined') return;
  document.documentElement.classList.toggle('conn-stale', isStale(s));
}

// The browser's word on the network counts on every screen, one with a socket or not.
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => reportConnection({ type: 'browserOnline', online: true }));
  window.addEventListener('offline', () => reportConnection({ type: 'browserOnline', online: false }));
}

/** Applies one event to the app's connection state. */
export function reportConnection(e: ConnectionEvent): void {
  const next = connectionReducer(state, e);
  if (next === state) return;
  const wasBack = state.back;
  state = next;
  paintRoot(state);
  if (state.back && !wasBack) {
    if (backTimer) clearTimeout(backTimer);
    backTimer = setTimeout(() => {
      backTimer = null;
      reportConnection({ type: 'backSeen' });
    }, BACK_SHOWN_MS);
  }
  for (const l of [...listeners]) l();
}

export function getConnection(): ConnectionState {
  return state;
}

export function subscribeConnection(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The connection state, re-rendering on change. */
export function useConnection(): ConnectionState {
  return useSyncExternalStore(subscribeConnection, getConnection, getConnection);
}

/** True when an action sent now would not reach the server (the browser is offline or the link is down). */
export function isOffline(s: ConnectionState = state): boolean {
  return isStale(s);
}

/**
 * Calls `listener` (its latest version) each time the link comes back after a
 * drop: what failed meanwhile (a picture, a list) tries again.
 */
export function useOnReturn(listener: () => void): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => {
    let seen = state.returns;
    return subscribeConnection(() => {
      if (state.returns === seen) return;
      seen = state.returns;
      latest.current();
    });
  }, []);
}

/** Sets the state back to its start (tests). */
export function resetConnectionForTests(online = true): void {
  if (backTimer) clearTimeout(backTimer);
  backTimer = null;
  state = initialConnection(online);
  paintRoot(state);
}
