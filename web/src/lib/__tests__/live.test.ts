import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../socket', () => import('../../test/fakeSocket').then((m) => m.fakeSocketModule));

const { liveRefetch } = await import('../live');

const { fakeSocket } = await import('../../test/fakeSocket');
const { emit, listening } = fakeSocket;

/** An API whose invalidation answers a plain action, and a cache entry's lifecycle the test ends. */
function entry(gapMs?: number) {
  const tagged = { util: { invalidateTags: (tags: unknown[]) => ({ type: 'invalidate', payload: tags }) } };
  const dispatch = vi.fn();
  let remove = () => undefined as void;
  const removed = new Promise<void>((r) => {
    remove = r;
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const live = liveRefetch(tagged as any, gapMs);
  const done = live(['a', 'b'], ['Things'])(undefined, { cacheDataLoaded: Promise.resolve(), cacheEntryRemoved: removed, getState: () => ({}), dispatch });
  return { dispatch, remove, done };
}

describe('live refetching', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    fakeSocket.clear();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('refetches once for a burst of events, after the gap', async () => {
    const { dispatch } = entry(300);
    await vi.advanceTimersByTimeAsync(0);
    emit('a');
    emit('b');
    emit('a');
    await vi.advanceTimersByTimeAsync(299);
    expect(dispatch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(dispatch).toHaveBeenCalledTimes(1);
    expect(dispatch).toHaveBeenCalledWith({ type: 'invalidate', payload: ['Things'] });
    emit('b');
    await vi.advanceTimersByTimeAsync(300);
    expect(dispatch).toHaveBeenCalledTimes(2);
  });

  it('refetches after a reconnect, when events may have been missed', async () => {
    const { dispatch } = entry();
    await vi.advanceTimersByTimeAsync(0);
    fakeSocket.reconnect();
    await vi.advanceTimersByTimeAsync(150);
    expect(dispatch).toHaveBeenCalledTimes(1);
  });

  it('stops listening, and drops a pending refetch, when the entry goes', async () => {
    const { dispatch, remove, done } = entry();
    await vi.advanceTimersByTimeAsync(0);
    expect(listening()).toBe(3);
    emit('a');
    remove();
    await done;
    await vi.advanceTimersByTimeAsync(1000);
    expect(listening()).toBe(0);
    expect(dispatch).not.toHaveBeenCalled();
  });
});
