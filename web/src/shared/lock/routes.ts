/**
 * Routes of the lock-up mining screens (the spec's page registry: lockming
 * welcome, lockming, buy, order), shared by the lockming feature, by Home,
 * whose quick entries (lockming, defi, cloudmining) open the product list,
 * and by Assets, whose mining tab leads to the Lock tab.
 */
export const LOCK_ROUTES = {
  /** The Lock tab. */
  welcome: '/pages/lockming/welcome',
  /** The products of a category: `?category=lock|defi|cloud`. */
  list: '/pages/lockming/lockming',
  /** One product's terms and the subscription form: `?id=`. */
  buy: '/pages/lockming/buy',
  /** The caller's orders: `?tab=current|ended`. */
  orders: '/pages/lockming/order',
} as const;

/** The three kinds of product, as the server names them. */
export const LOCK_CATEGORIES = ['lock', 'defi', 'cloud'] as const;
export type LockCategory = (typeof LOCK_CATEGORIES)[number];

export function isLockCategory(value: unknown): value is LockCategory {
  return typeof value === 'string' && (LOCK_CATEGORIES as readonly string[]).includes(value);
}

/** The product list of a category. */
export function lockListRoute(category: LockCategory): string {
  return `${LOCK_ROUTES.list}?category=${category}`;
}

/** A product's page (its terms and the subscription form). */
export function lockBuyRoute(id: number): string {
  return `${LOCK_ROUTES.buy}?id=${id}`;
}
