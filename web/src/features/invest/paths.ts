/**
 * Routes of the investment screens (the spec's page registry: invest invest,
 * purchase, mine, help, and the financial products hub financial/index).
 * Kept apart from logic.ts so that routes.tsx, part of the first chunk,
 * pulls in nothing else.
 */
export const INVEST_ROUTES = {
  /** Dual investment products: `?kind=call|put&coin=BTC|ETH`. */
  list: '/pages/invest/invest',
  /** One product and the purchase form: `?id=`. */
  purchase: '/pages/invest/purchase',
  /** The caller's orders: `?status=0|1|2|3`. */
  mine: '/pages/invest/mine',
  /** How dual investment works. */
  help: '/pages/invest/help',
  /** The financial products hub. */
  financial: '/pages/financial/index',
} as const;

export function purchaseRoute(id: number): string {
  return `${INVEST_ROUTES.purchase}?id=${id}`;
}
