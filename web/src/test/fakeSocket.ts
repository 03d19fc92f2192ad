/**
 * A stand-in for lib/socket.ts in tests of code that listens to server
 * events: `vi.mock(<path of lib/socket>, () => import('<path of this>').then((m) => m.fakeSocketModule))`,
 * then `fakeSocket.emit(event)` plays the server and `fakeSocket.listening()`
 * counts what is still listening (to check that a screen let go).
 */
const listeners = new Map<string, Set<() => void>>();
const reconnects = new Set<() => void>();

export const fakeSocketModule = {
  ensureSocket: () => Promise.resolve(undefined),
  useRealtime: () => undefined,
  onSocketEvent: (event: string, handler: () => void) => {
    if (!listeners.has(event)) listeners.set(event, new Set());
    listeners.get(event)!.add(handler);
    return () => listeners.get(event)!.delete(handler);
  },
  onReconnect: (handler: () => void) => {
    reconnects.add(handler);
    return () => reconnects.delete(handler);
  },
};

export const fakeSocket = {
  emit: (event: string) => listeners.get(event)?.forEach((h) => h()),
  reconnect: () => reconnects.forEach((h) => h()),
  listening: () => [...listeners.values()].reduce((n, s) => n + s.size, 0) + reconnects.size,
  clear: () => {
    listeners.clear();
    reconnects.clear();
  },
};
