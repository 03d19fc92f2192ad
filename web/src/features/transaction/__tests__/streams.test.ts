import { describe, expect, it } from 'vitest';
import { historyWindow, upsertBar, type Bar } from '../kline';
import { addTrade, applyDepth, applyOpenOrder, emptyDepth, type CoinOrder, type TradeEvent } from '../streams';

const bar = (minute: number, close: string): Bar => ({
  id: minute * 60,
  time: minute * 60_000,
  open: '1',
  high: '2',
  low: '0.5',
  close,
  volume: '1',
  amount: '1',
});

describe('kline merge', () => {
  it('replaces the forming bar and appends a new one', () => {
    const bars = [bar(1, '1'), bar(2, '1.1')];
    upsertBar(bars, { symbol: 'BTC/USDT', period: '1min', open: '1', high: '2', low: '0.5', close: '1.3', volume: '2', time: 120_000 });
    expect(bars).toHaveLength(2);
    expect(bars[1]).toMatchObject({ close: '1.3', volume: '2', amount: '1' });
    upsertBar(bars, { symbol: 'BTC/USDT', period: '1min', open: '1.3', high: '1.3', low: '1.3', close: '1.3', volume: '0', time: 180_000 });
    expect(bars.map((b) => b.id)).toEqual([60, 120, 180]);
  });

  it('ignores a bar older than the history it is not part of', () => {
    const bars = [bar(5, '1')];
    upsertBar(bars, { symbol: 'X', period: '1min', open: '1', high: '1', low: '1', close: '1', volume: '1', time: 60_000 });
    expect(bars).toHaveLength(1);
  });

  it('asks for the last 300 bars of the period', () => {
    expect(historyWindow('1min', 1_000_000)).toEqual({ from: 1_000_000 - 300 * 60, to: 1_000_000 });
    expect(historyWindow('1day', 10_000_000, 10)).toEqual({ from: 10_000_000 - 10 * 86_400, to: 10_000_000 });
  });
});

describe('book updates', () => {
  it('takes the first book, then only newer ones of the same connection', () => {
    const state = emptyDepth('BTC/USDT');
    expect(applyDepth(state, { symbol: 'BTC/USDT', bids: [['1', '1']], asks: [], seq: 10 }, 1)).toBe(true);
    expect(state.ready).toBe(true);
    expect(applyDepth(state, { symbol: 'BTC/USDT', bids: [['2', '1']], asks: [], seq: 9 }, 1)).toBe(false);
    expect(state.bids[0][0]).toBe('1');
    expect(applyDepth(state, { symbol: 'ETH/USDT', bids: [], asks: [], seq: 11 }, 1)).toBe(false);
    expect(applyDepth(state, { symbol: 'BTC/USDT', bids: [['3', '1']], asks: [], seq: 11 }, 1)).toBe(true);
  });

  it('accepts a restarted sequence after a reconnect', () => {
    const state = emptyDepth('BTC/USDT');
    applyDepth(state, { symbol: 'BTC/USDT', bids: [], asks: [], seq: 500 }, 1);
    expect(applyDepth(state, { symbol: 'BTC/USDT', bids: [['9', '1']], asks: [], seq: 3 }, 2)).toBe(true);
    expect(state.seq).toBe(3);
  });
});

describe('latest trades', () => {
  const trade = (seq: number, time = seq * 1000): TradeEvent => ({ symbol: 'BTC/USDT', price: '1', qty: '1', side: 'buy', time, seq });

  it('keeps the newest first, once, at most the limit', () => {
    const list: TradeEvent[] = [];
    addTrade(list, trade(1), 'BTC/USDT', 3);
    addTrade(list, trade(3), 'BTC/USDT', 3);
    addTrade(list, trade(2), 'BTC/USDT', 3);
    addTrade(list, trade(2), 'BTC/USDT', 3);
    expect(list.map((t) => t.seq)).toEqual([3, 2, 1]);
    addTrade(list, trade(4), 'BTC/USDT', 3);
    expect(list.map((t) => t.seq)).toEqual([4, 3, 2]);
    addTrade(list, { ...trade(5), symbol: 'ETH/USDT' }, 'BTC/USDT', 3);
    expect(list).toHaveLength(3);
  });

  it('shows a trade read back and also streamed once, and two equal trades of one millisecond twice', () => {
    const list: TradeEvent[] = [{ ...trade(0, 5000), key: '9.4' }];
    addTrade(list, { ...trade(7, 5000), key: '9.4' }, 'BTC/USDT');
    expect(list).toHaveLength(1);
    addTrade(list, { ...trade(8, 5000), key: '9.5' }, 'BTC/USDT');
    addTrade(list, { ...trade(9, 6000), key: '10.5' }, 'BTC/USDT');
    expect(list.map((t) => t.key)).toEqual(['10.5', '9.5', '9.4']);
  });
});

describe('open orders', () => {
  const order = (id: number, status: number, symbol = 'BTC/USDT'): CoinOrder => ({
    id,
    user_id: 1,
    symbol,
    type: 1,
    order_type: 0,
    target_price: '50000',
    amount: '0.001',
    budget: '0',
    deal_amount: '0',
    deal_money: '0',
    avg_price: '0',
    fee: '0',
    status,
    created_at: id,
  });

  it('inserts open orders newest first, replaces them, removes filled or cancelled', () => {
    const list: CoinOrder[] = [];
    applyOpenOrder(list, order(1, 0), 'BTC/USDT');
    applyOpenOrder(list, order(3, 0), 'BTC/USDT');
    applyOpenOrder(list, order(2, 0), 'BTC/USDT');
    expect(list.map((o) => o.id)).toEqual([3, 2, 1]);
    applyOpenOrder(list, { ...order(2, 0), deal_amount: '0.0005' }, 'BTC/USDT');
    expect(list[1].deal_amount).toBe('0.0005');
    applyOpenOrder(list, order(2, 1), 'BTC/USDT');
    applyOpenOrder(list, order(3, 2), 'BTC/USDT');
    expect(list.map((o) => o.id)).toEqual([1]);
  });

  it('ignores other markets', () => {
    const list: CoinOrder[] = [];
    applyOpenOrder(list, order(1, 0, 'ETH/USDT'), 'BTC/USDT');
    expect(list).toEqual([]);
  });
});
