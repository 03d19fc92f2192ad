/**
 * Routes of the IEO screens (the spec's page registry: ieo ieo, subscribe,
 * order). Kept apart from logic.ts so that routes.tsx, which is part of the
 * first chunk, pulls in nothing else.
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
