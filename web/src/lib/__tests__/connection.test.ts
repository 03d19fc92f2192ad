import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BACK_SHOWN_MS,
  connectionReducer,
  getConnection,
  initialConnection,
  isStale,
  reportConnection,
  resetConnectionForTests,
  useOnReturn,
  viewOf,
  type ConnectionEvent,
  type ConnectionState,
} from '../connection';

const run = (events: ConnectionEvent[], from: ConnectionState = initialConnection()) =>
  events.reduce<ConnectionState>(connectionReducer, from);
const views = (events: ConnectionEvent[]) => {
  let s = initialConnection();
  return events.map((e) => {
    s = connectionReducer(s, e);
    return viewOf(s);
  });
};

describe('the connection indicator', () => {
  it('shows nothing while the socket first connects and once it is up', () => {
    expect(views([{ type: 'connecting' }, { type: 'connected' }])).toEqual([null, null]);
  });

  it('says reconnecting after a drop, then back online, then nothing', () => {
    expect(views([{ type: 'connected' }, { type: 'dropped' }, { type: 'connecting' }, { type: 'connected' }, { type: 'backSeen' }])).toEqual([
      null,
      'reconnecting',
      'reconnecting',
      'back',
      null,
    ]);
  });

  it("puts the browser's offline first, and stays on reconnecting until the socket is back", () => {
    expect(
      views([
        { type: 'connected' },
        { type: 'browserOnline', online: false },
        { type: 'dropped' },
        { type: 'browserOnline', online: true },
        { type: 'connecting' },
        { type: 'connected' },
      ]),
    ).toEqual([null, 'offline', 'offline', 'reconnecting', 'reconnecting', 'back']);
  });

  it('says back online when the network returns on a screen that never opened the socket', () => {
    expect(views([{ type: 'browserOnline', online: false }, { type: 'browserOnline', online: true }])).toEqual(['offline', 'back']);
  });

  it('says reconnecting when the very first connection fails (the server is down)', () => {
    expect(views([{ type: 'connecting' }, { type: 'dropped' }, { type: 'connecting' }, { type: 'connected' }])).toEqual([
      null,
      'reconnecting',
      'reconnecting',
      'back',
    ]);
  });

  it('does not announce a reconnect the app made itself (a new token) as a drop', () => {
    expect(views([{ type: 'connected' }, { type: 'connecting' }, { type: 'connected' }])).toEqual([null, null, null]);
  });

  it('dims figures only while the link is down', () => {
    expect(isStale(run([{ type: 'connected' }]))).toBe(false);
    expect(isStale(run([{ type: 'connected' }, { type: 'dropped' }]))).toBe(true);
    expect(isStale(run([{ type: 'browserOnline', online: false }]))).toBe(true);
    expect(isStale(run([{ type: 'connected' }, { type: 'dropped' }, { type: 'connected' }]))).toBe(false);
  });

  it('counts each return once, however long the drop', () => {
    const s = run([
      { type: 'connected' },
      { type: 'dropped' },
      { type: 'connecting' },
      { type: 'dropped' },
      { type: 'browserOnline', online: false },
      { type: 'browserOnline', online: true },
      { type: 'connecting' },
      { type: 'connected' },
      { type: 'backSeen' },
      { type: 'dropped' },
      { type: 'connected' },
    ]);
    expect(s.returns).toBe(2);
  });
});

describe('the app connection state', () => {
  afterEach(() => {
    vi.useRealTimers();
    resetConnectionForTests();
  });

  it('marks the page stale while down and clears "back online" after a moment', () => {
    vi.useFakeTimers();
    resetConnectionForTests();
    reportConnection({ type: 'connected' });
    reportConnection({ type: 'dropped' });
    expect(document.documentElement.classList.contains('conn-stale')).toBe(true);
    reportConnection({ type: 'connected' });
    expect(document.documentElement.classList.contains('conn-stale')).toBe(false);
    expect(viewOf(getConnection())).toBe('back');
    vi.advanceTimersByTime(BACK_SHOWN_MS);
    expect(viewOf(getConnection())).toBeNull();
  });

  it('tells components each time the link comes back', () => {
    resetConnectionForTests();
    const listener = vi.fn();
    renderHook(() => useOnReturn(listener));
    act(() => {
      reportConnection({ type: 'connected' });
      reportConnection({ type: 'dropped' });
    });
    expect(listener).not.toHaveBeenCalled();
    act(() => reportConnection({ type: 'connected' }));
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
