import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../lib/socket', () => import('../../../test/fakeSocket').then((m) => m.fakeSocketModule));

const { listenInBursts } = await import('../live');

const { fakeSocket } = await import('../../../test/fakeSocket');
const { emit, listening } = fakeSocket;

describe('records lists following the server', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    fakeSocket.clear();
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
    fakeSocket.reconnect();
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
