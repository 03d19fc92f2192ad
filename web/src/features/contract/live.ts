/**
 * Realtime events of the contract screens over the app's one shared socket
 * (lib/socket.ts): a subscribe function for the RTK Query cache updaters and a
 * hook for pages.
 */
import { useEffect, useRef } from 'react';
import { useStore } from 'react-redux';
import { ensureSocket, onReconnect, onSocketEvent, useRealtime, type StoreLike } from '../../lib/socket';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Handler = (payload: any) => void;

/** Listens to `event` on the shared socket (opened if needed); returns the remover. */
export function subscribeEvent(store: StoreLike, event: string, handler: Handler): () => void {
  ensureSocket(store);
  return onSocketEvent(event, handler);
}

/** Runs `listener` after every reconnect, when events may have been missed. */
export { onReconnect };

/** Calls `handler` (latest version) for every `event` while the component is mounted. */
export function useSocketEvent(event: string, handler: Handler) {
  useRealtime();
  const store = useStore() as unknown as StoreLike;
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => subscribeEvent(store, event, (payload) => latest.current(payload)), [event, store]);
}
