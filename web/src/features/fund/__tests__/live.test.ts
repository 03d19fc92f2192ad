import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const listeners = new Map<string, Set<() => void>>();
const reconnects = new Set<() => void>();

vi.mock('../../../lib/socket', () => ({
  ensureSocket: () => undefined,
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
}));

const { listenInBursts } = await import('../live');

const emit = (event: string) => listeners.get(event)?.forEach((h) => h());
const listening = () => [...listeners.values()].reduce((n, s) => n + s.size, 0) + reconnects.size;

describe('records lists following the server', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    listeners.clear();
    reconnects.clear();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('reload once for a burst of their events, after the gap', async () => {
    const reload = vi.fn();
    listenInBursts(['deposit', 'balance'], 300, reload);
    emit('deposit');
    emit('balance');
    emit('deposit');
    await vi.advanceTimersByTimeAsync(299);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(reload).toHaveBeenCalledTimes(1);
    emit('balance');
    await vi.advanceTimersByTimeAsync(300);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('ignore events about something else', async () => {
    const reload = vi.fn();
    listenInBursts(['withdrawal'], 300, reload);
    emit('deposit');
    emit('balance');
    await vi.advanceTimersByTimeAsync(1000);
    expect(reload).not.toHaveBeenCalled();
  });

  it('reload after a reconnect, when an event may have been missed', async () => {
    const reload = vi.fn();
    listenInBursts(['deposit'], 300, reload);
    reconnects.forEach((h) => h());
    await vi.advanceTimersByTimeAsync(300);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('stop listening, and drop a pending reload, once removed', async () => {
    const reload = vi.fn();
    const off = listenInBursts(['deposit', 'withdrawal'], 300, reload);
    expect(listening()).toBe(3);
    emit('deposit');
    off();
    expect(listening()).toBe(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(reload).not.toHaveBeenCalled();
  });
});
