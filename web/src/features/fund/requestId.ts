/**
 * The idempotency key (`request_id`) of a money request. A retry of the very
 * same request (a double tap, a retry after a time-out) reuses its key, so the
 * server answers it instead of applying it twice; a request with other values,
 * or any request after a success, gets a fresh key.
 */
import { useCallback, useRef } from 'react';

function newId(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

export interface RequestIds {
  /** The key for a request with these values. */
  keyFor: (values: unknown) => string;
  /** Forgets the last key once its request succeeded. */
  done: () => void;
}

export function useRequestId(): RequestIds {
  const last = useRef<{ signature: string; id: string } | null>(null);
  const keyFor = useCallback((values: unknown) => {
    const signature = JSON.stringify(values);
    if (last.current?.signature !== signature) last.current = { signature, id: newId() };
    return last.current.id;
  }, []);
  const done = useCallback(() => {
    last.current = null;
  }, []);
  return { keyFor, done };
}
