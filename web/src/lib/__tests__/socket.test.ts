import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for socket.io-client's socket: records what the app does, lets the test play the server. */
class FakeSocket {
  connected = false;
  handlers = new Map<string, ((...args: unknown[]) => void)[]>();
  anyHandlers: ((event: string, payload: unknown) => void)[] = [];
  connects = 0;
  emitted: [string, unknown][] = [];
  auth: ((cb: (data: object) => void) => void) | null = null;
  /** The transport of the current try: `close` ends it (socket.io's Manager.engine). */
  io: { on: ReturnType<typeof vi.fn>; engine: { closers: (() => void)[]; once: (e: string, fn: () => void) => void } | null } = {
    on: vi.fn(),
    engine: null,
  };
  on(event: string, fn: (...args: unknown[]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), fn]);
    return this;
  }
  off() {
    return this;
  }
  onAny(fn: (event: string, payload: unknown) => void) {
    this.anyHandlers.push(fn);
  }
  emit(event: string, payload: unknown) {
    this.emitted.push([event, payload]);
  }
  connect() {
    this.connects += 1;
    const closers: (() => void)[] = [];
    this.io.engine = { closers, once: (_e, fn) => closers.push(fn) };
  }
  /** The transport of the try in flight closes (a websocket refused before it opened). */
  transportCloses() {
    for (const fn of this.io.engine?.closers ?? []) fn();
  }
  disconnect() {
    if (this.connected) {
      this.connected = false;
      this.fire('disconnect', 'io client disconnect');
    }
  }
  fire(event: string, ...args: unknown[]) {
    for (const fn of this.handlers.get(event) ?? []) fn(...args);
  }
  /** The server sends `event`: catch-all listeners first, as socket.io-client does. */
  serverSends(event: string, payload: unknown) {
    for (const fn of this.anyHandlers) fn(event, payload);
    this.fire(event, payload);
  }
  up() {
    this.connected = true;
    this.fire('connect');
  }
  down(reason = 'transport close') {
    this.connected = false;
    this.fire('disconnect', reason);
  }
  presentedToken(): unknown {
    let sent: unknown = null;
    this.auth?.((data) => {
      sent = data;
    });
    return sent;
  }
}

let fake: FakeSocket;
vi.mock('socket.io-client', () => ({
  io: (opts: { auth: FakeSocket['auth'] }) => {
    fake.auth = opts.auth;
    return fake;
  },
}));

type Action = { type: string; payload?: unknown; meta?: unknown };

async function start(token: string | null = 'tok') {
  vi.resetModules();
  fake = new FakeSocket();
  const socket = await import('../socket');
  const { CATCH_UP_TAGS } = await import('../liveSync');
  const actions: Action[] = [];
  const state = { session: { token } };
  const dispatch = vi.fn((a: Action) => {
    actions.push(a);
    if (a.type === 'session/loggedOut') state.session.token = null;
    return a;
  });
  // The client code loads after the first paint (a frame, or 250 ms without one).
  const made = socket.ensureSocket({ getState: () => state, dispatch: dispatch as never });
  await vi.advanceTimersByTimeAsync(300);
  await made;
  const catchUps = () =>
    actions.filter((a) => a.type.endsWith('invalidateTags') && Array.isArray(a.payload) && a.payload.length === CATCH_UP_TAGS.length).length;
  return { socket, actions, catchUps, state };
}

describe('the shared socket', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    window.location.hash = '#/pages/transaction/currency?symbol=BTC%2FUSDT';
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reloads the user’s own state after every reconnect, not on the first connect', async () => {
    const { catchUps, socket } = await start();
    const listener = vi.fn();
    socket.onCatchUp(listener);
    fake.up();
    expect(catchUps()).toBe(0);
    fake.down();
    fake.up();
    expect(catchUps()).toBe(1);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('hears, once connected, the listeners and channels taken before its code had loaded', async () => {
    vi.resetModules();
    fake = new FakeSocket();
    const socket = await import('../socket');
    const heard = vi.fn();
    socket.onSocketEvent('order', heard);
    socket.subscribeChannel({ channel: 'depth', symbol: 'BTC/USDT' });
    const made = socket.ensureSocket({ getState: () => ({ session: { token: 'tok' } }), dispatch: vi.fn() as never });
    // Nothing is fetched or opened in the frame the screen paints.
    expect(fake.connects).toBe(0);
    await vi.advanceTimersByTimeAsync(300);
    await made;
    expect(fake.connects).toBe(1);
    fake.up();
    expect(fake.emitted).toContainEqual(['subscribe', { channel: 'depth', symbol: 'BTC/USDT' }]);
    fake.serverSends('order', { id: 9, seq: 1 });
    expect(heard).toHaveBeenCalledWith({ id: 9, seq: 1 });
  });

  it('reloads when private events were missed, and not for numbered public events', async () => {
    const { catchUps } = await start();
    fake.up();
    fake.serverSends('balance', { currencies: [3], seq: 1 });
    fake.serverSends('order', { id: 5, seq: 2 });
    fake.serverSends('market_depth', { symbol: 'BTC/USDT', seq: 900 });
    fake.serverSends('market_trade', { symbol: 'BTC/USDT', seq: 17 });
    expect(catchUps()).toBe(0);
    fake.serverSends('balance', { currencies: [3], seq: 5 });
    expect(catchUps()).toBe(1);
    fake.serverSends('order', { id: 6, seq: 6 });
    expect(catchUps()).toBe(1);
  });

  it('counts again from 1 on each connection', async () => {
    const { catchUps } = await start();
    fake.up();
    fake.serverSends('balance', { seq: 1 });
    fake.serverSends('balance', { seq: 2 });
    fake.down();
    fake.up();
    expect(catchUps()).toBe(1);
    fake.serverSends('balance', { seq: 1 });
    expect(catchUps()).toBe(1);
  });

  it('works with a server that does not number its events', async () => {
    const { catchUps } = await start();
    fake.up();
    for (let i = 0; i < 5; i += 1) fake.serverSends('balance', { currencies: [3] });
    expect(catchUps()).toBe(0);
  });

  it('tries again after the back-off when a drop is not followed by the network coming back', async () => {
    await start();
    fake.up();
    const before = fake.connects;
    fake.down();
    vi.advanceTimersByTime(499);
    expect(fake.connects).toBe(before);
    vi.advanceTimersByTime(501);
    expect(fake.connects).toBe(before + 1);
    // A failed try waits longer (up to 2 s), never more than 5 s.
    fake.fire('connect_error', new Error('refused'));
    vi.advanceTimersByTime(2000);
    expect(fake.connects).toBe(before + 2);
    for (let i = 0; i < 5; i += 1) {
      fake.fire('connect_error', new Error('refused'));
      vi.advanceTimersByTime(5000);
    }
    expect(fake.connects).toBe(before + 7);
  });

  it('takes a websocket closed before it opened as a failed try, not a 20 s wait', async () => {
    await start();
    fake.up();
    fake.down();
    vi.advanceTimersByTime(1000);
    const before = fake.connects;
    fake.transportCloses();
    vi.advanceTimersByTime(2000);
    expect(fake.connects).toBe(before + 1);
  });

  it('does not take a try it closed itself for a failure', async () => {
    await start();
    fake.up();
    fake.down();
    window.dispatchEvent(new Event('online'));
    const before = fake.connects;
    // The online try replaced the back-off's: the old transport closing changes nothing.
    const old = fake.io.engine;
    window.dispatchEvent(new Event('online'));
    for (const fn of old?.closers ?? []) fn();
    vi.advanceTimersByTime(10_000);
    expect(fake.connects).toBe(before + 1);
  });

  it('tries at once when the browser is back online or the page is shown again', async () => {
    await start();
    fake.up();
    fake.down();
    const before = fake.connects;
    window.dispatchEvent(new Event('online'));
    expect(fake.connects).toBe(before + 1);
    fake.fire('connect_error', new Error('refused'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(fake.connects).toBe(before + 2);
  });

  it('takes a socket that heard nothing for longer than the ping interval as dead when the page is shown', async () => {
    await start();
    fake.up();
    const before = fake.connects;
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(fake.connects).toBe(before);
    vi.advanceTimersByTime(31_000);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(fake.connects).toBe(before + 1);
  });

  it('signs out and sends to the login page when the server ends the session, without reconnecting with the token', async () => {
    const { actions } = await start('old-token');
    fake.up();
    expect(fake.presentedToken()).toEqual({ token: 'old-token' });
    fake.serverSends('session_ended', { reason: 'expired' });
    expect(actions.some((a) => a.type === 'session/loggedOut')).toBe(true);
    expect(fake.presentedToken()).toEqual({});
    expect(window.location.hash).toBe(
      `#/pages/common/login?ended=expired&redirect=${encodeURIComponent('/pages/transaction/currency?symbol=BTC%2FUSDT')}`,
    );
    // The server closes the old socket: what comes back has no token.
    fake.down('io server disconnect');
    vi.advanceTimersByTime(5000);
    expect(fake.presentedToken()).toEqual({});
  });

  it('calls an unknown reason a revoked session', async () => {
    await start();
    fake.up();
    fake.serverSends('session_ended', {});
    expect(window.location.hash).toMatch(/ended=revoked/);
  });
});
