import { describe, expect, it, vi } from 'vitest';
import { createBatcher, SOCKET_OPTIONS, subKey, subPayload, SubscriptionRegistry } from '../../../lib/socket';

describe('channel subscriptions', () => {
  it('tell the server on the first hold and the last release only', () => {
    const reg = new SubscriptionRegistry();
    const depth = { channel: 'depth' as const, symbol: 'BTC/USDT' };
    expect(reg.acquire(depth)).toBe(true);
    expect(reg.acquire(depth)).toBe(false);
    expect(reg.count(depth)).toBe(2);
    expect(reg.release(depth)).toBe(false);
    expect(reg.release(depth)).toBe(true);
    expect(reg.release(depth)).toBe(false);
    expect(reg.count(depth)).toBe(0);
  });

  it('tell K-line periods apart but not symbol case', () => {
    const reg = new SubscriptionRegistry();
    expect(reg.acquire({ channel: 'kline', symbol: 'BTC/USDT', period: '1min' })).toBe(true);
    expect(reg.acquire({ channel: 'kline', symbol: 'BTC/USDT', period: '5min' })).toBe(true);
    expect(reg.acquire({ channel: 'kline', symbol: 'btc/usdt', period: '1min' })).toBe(false);
    expect(reg.acquire({ channel: 'trade', symbol: 'BTC/USDT', period: '1min' })).toBe(true);
    expect(reg.acquire({ channel: 'trade', symbol: 'BTC/USDT' })).toBe(false);
  });

  it('list what to subscribe again after a reconnect, as the wire wants it', () => {
    const reg = new SubscriptionRegistry();
    reg.acquire({ channel: 'depth', symbol: 'ETH/USDT', period: 'ignored' });
    reg.acquire({ channel: 'kline', symbol: 'ETH/USDT' });
    reg.acquire({ channel: 'trade', symbol: 'TRX/USDT' });
    reg.release({ channel: 'trade', symbol: 'TRX/USDT' });
    expect(reg.active()).toEqual([
      { channel: 'depth', symbol: 'ETH/USDT' },
      { channel: 'kline', symbol: 'ETH/USDT', period: '1min' },
    ]);
    expect(subKey({ channel: 'kline', symbol: 'eth/usdt', period: '15min' })).toBe('kline|ETH/USDT|15min');
    expect(subPayload({ channel: 'depth', symbol: 'ETH/USDT', period: '1min' })).toEqual({ channel: 'depth', symbol: 'ETH/USDT' });
  });

  it('use the spec connection settings', () => {
    expect(SOCKET_OPTIONS).toMatchObject({
      path: '/socket.io',
      transports: ['websocket'],
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      randomizationFactor: 0.5,
      timeout: 20000,
    });
  });
});

describe('event batching', () => {
  it('hands over the latest item per key once per window', () => {
    vi.useFakeTimers();
    const flushed: { id: number; v: string }[][] = [];
    const batch = createBatcher<{ id: number; v: string }>((items) => flushed.push(items), (i) => i.id, 250);
    batch.push({ id: 1, v: 'a' });
    batch.push({ id: 2, v: 'b' });
    batch.push({ id: 1, v: 'c' });
    expect(flushed).toEqual([]);
    vi.advanceTimersByTime(250);
    expect(flushed).toEqual([[{ id: 1, v: 'c' }, { id: 2, v: 'b' }]]);
    batch.push({ id: 3, v: 'd' });
    batch.cancel();
    vi.advanceTimersByTime(500);
    expect(flushed).toHaveLength(1);
    vi.useRealTimers();
  });
});
