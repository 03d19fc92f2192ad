/**
 * Routes of the IEO token-sale screens (the spec's page registry: ieo ieo,
 * subscribe, order), shared by the ieo feature and by the financial hub
 * (features/invest), whose card opens the token sales. Nothing else here, so
 * that the routes (part of the first chunk) pull in nothing more.
 */
export const IEO_ROUTES = {
  /** The projects: `?status=0|1|2|3` to show one state only. */
  list: '/pages/ieo/ieo',
  /** One project's facts and the subscription form: `?id=`. */
  subscribe: '/pages/ieo/subscribe',
  /** The caller's subscriptions. */
  orders: '/pages/ieo/order',
} as const;

/** A project's page. */
export function subscribeRoute(id: number): string {
  return `${IEO_ROUTES.subscribe}?id=${id}`;
}
