/**
 * The funds screens follow what the server decides while they are open
 * (docs/api.md, "What the server decides is pushed"): an admin's review, a
 * yield, a settlement. Balances are queries the `balance` event invalidates
 * (shared/funds/api.ts, ./api.ts); the records pages hold their rows in a
 * PagedList (pages appended as the user scrolls), which no invalidation
 * reaches, so they start again from page 1 when an event says what they list
 * changed, or after a reconnect, when such an event may have been missed.
 */
import { useEffect, useState } from 'react';
import { useStore } from 'react-redux';
import { ensureSocket, onReconnect, onSocketEvent, useRealtime, type StoreLike } from '../../lib/socket';

/** How long a list waits after the first event of a burst before it reloads (ms). */
export const LIST_GAP_MS = 300;

/**
 * Calls `onBurst` once for each burst of `events` (and after each reconnect):
 * `gapMs` after the burst's first event, the rest of the burst joining it, so a
 * step that tells of ten orders reloads a list once. Answers the remover.
 */
export function listenInBursts(events: readonly string[], gapMs: number, onBurst: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const burst = () => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      onBurst();
    }, gapMs);
  };
  const offs = events.map((e) => onSocketEvent(e, burst));
  offs.push(onReconnect(burst));
  return () => {
    offs.forEach((off) => off());
    if (timer) clearTimeout(timer);
  };
}

/**
 * A number that grows with each burst of `events` while the screen is shown,
 * for a list's `resetKey`: the list reloads when the server says it changed.
 * Keeps the live connection open (and following login and logout) meanwhile.
 */
export function useLiveGeneration(events: readonly string[], gapMs = LIST_GAP_MS): number {
  useRealtime();
  const store = useStore() as unknown as StoreLike;
  const [generation, setGeneration] = useState(0);
  const key = events.join(',');
  useEffect(() => {
    ensureSocket(store);
    return listenInBursts(key.split(','), gapMs, () => setGeneration((g) => g + 1));
  }, [key, gapMs, store]);
  return generation;
}
