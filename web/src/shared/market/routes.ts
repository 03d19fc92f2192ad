/**
 * Routes of the market and spot-trading screens (the spec's page registry
 * names), shared by the market and transaction features and by links to them.
 */
export const MARKET_ROUTES = {
  market: '/pages/market/market',
  search: '/pages/market/search',
  detail: '/pages/transaction/index2',
  trade: '/pages/transaction/currency',
  orders: '/pages/transaction/currency_order',
} as const;

export type TradeSide = 'buy' | 'sell';

/** Market detail of a symbol ("BTC/USDT"). */
export function detailRoute(symbol: string): string {
  return `${MARKET_ROUTES.detail}?symbol=${encodeURIComponent(symbol)}`;
}

/** Spot trade of a symbol, optionally opened on one side. */
export function tradeRoute(symbol: string, side?: TradeSide): string {
  return `${MARKET_ROUTES.trade}?symbol=${encodeURIComponent(symbol)}${side ? `&side=${side}` : ''}`;
}

/** The user's spot orders, optionally starting on one market. */
export function ordersRoute(symbol?: string): string {
  return symbol ? `${MARKET_ROUTES.orders}?symbol=${encodeURIComponent(symbol)}` : MARKET_ROUTES.orders;
}

/** The market tab opened on one of its tabs. */
export function marketTabRoute(tab: string): string {
  return `${MARKET_ROUTES.market}?tab=${tab}`;
}
