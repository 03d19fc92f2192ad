/**
 * How socket events change the cached book, trades and open orders. Pure, so
 * the rules (sequence numbers, de-duplication, which orders are open) are
 * unit-tested without a socket.
 */
import type { Level } from './book';

/** The `market_depth` event. */
export interface DepthEvent {
  symbol: string;
  bids: Level[];
  asks: Level[];
  seq: number;
}

/** The cached book of one market. */
export interface DepthState {
  symbol: string;
  bids: Level[];
  asks: Level[];
  seq: number;
  /** Socket connection the seq belongs to (a reconnect may meet a restarted server). */
  epoch: number;
  /** False until the first book arrived. */
  ready: boolean;
}

export function emptyDepth(symbol: string): DepthState {
  return { symbol, bids: [], asks: [], seq: 0, epoch: 0, ready: false };
}

/** Applies a book snapshot when it is for this market and newer than what is shown. */
export function applyDepth(state: DepthState, event: DepthEvent, epoch: number): boolean {
  if (event.symbol !== state.symbol || !Array.isArray(event.bids) || !Array.isArray(event.asks)) return false;
  if (state.ready && state.epoch === epoch && !(event.seq > state.seq)) return false;
  state.bids = event.bids;
  state.asks = event.asks;
  state.seq = event.seq;
  state.epoch = epoch;
  state.ready = true;
  return true;
}

/** The `market_trade` event. */
export interface TradeEvent {
  symbol: string;
  price: string;
  qty: string;
  side: 'buy' | 'sell';
  time: number;
  /** The fill (taker and maker order): the same trade read back and streamed has the same key. */
  key?: string;
  /** Order of events within one run of the server; 0 for trades read back. */
  seq: number;
}

/** How many latest trades are kept. */
export const TRADES_KEPT = 30;

/** Puts a trade of this market in the newest-first list, once, keeping `keep`. */
export function addTrade(list: TradeEvent[], trade: TradeEvent, symbol: string, keep = TRADES_KEPT): void {
  if (trade.symbol !== symbol) return;
  const same = (t: TradeEvent) =>
    t.key !== undefined && trade.key !== undefined ? t.key === trade.key : t.seq === trade.seq && t.time === trade.time;
  if (list.some(same)) return;
  const at = list.findIndex((t) => t.time < trade.time || (t.time === trade.time && t.seq < trade.seq));
  if (at < 0) list.push(trade);
  else list.splice(at, 0, trade);
  if (list.length > keep) list.length = keep;
}

/** A spot order as GET /api/coin/list and the private `order` event show it. */
export interface CoinOrder {
  id: number;
  user_id: number;
  symbol: string;
  /** 1 buy, 2 sell. */
  type: number;
  /** 0 limit, 1 market. */
  order_type: number;
  target_price: string;
  amount: string;
  /** Quote to spend (market buy). */
  budget: string;
  deal_amount: string;
  deal_money: string;
  avg_price: string;
  fee: string;
  /** 0 open, 1 filled, 2 cancelled. */
  status: number;
  created_at: number;
}

export const ORDER_OPEN = 0;
export const ORDER_FILLED = 1;
export const ORDER_CANCELLED = 2;

/**
 * Applies an order update to the open orders of `symbol` (newest first): an
 * open order is inserted or replaced, a filled or cancelled one leaves.
 */
export function applyOpenOrder(list: CoinOrder[], order: CoinOrder, symbol: string): void {
  if (order.symbol !== symbol) return;
  const index = list.findIndex((o) => o.id === order.id);
  if (order.status !== ORDER_OPEN) {
    if (index >= 0) list.splice(index, 1);
    return;
  }
  if (index >= 0) list[index] = order;
  else {
    const at = list.findIndex((o) => o.id < order.id);
    if (at < 0) list.push(order);
    else list.splice(at, 0, order);
  }
}
