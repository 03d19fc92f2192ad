/**
 * Routes of the copy-trading screens (the spec's page registry: copytrade
 * copy, my, trader; follow index, trader, follow, agreement_zh, agreement_en),
 * shared by the copytrade feature and by Home, whose quick entry opens the list.
 */
export const COPY_ROUTES = {
  /** The trader list. */
  list: '/pages/copytrade/copy',
  /** The same list under the follow registry's name. */
  followIndex: '/pages/follow/index',
  /** One trader: `?trader_id=`. */
  trader: '/pages/copytrade/trader',
  /** The same trader page under the follow registry's name. */
  followTrader: '/pages/follow/trader',
  /** The follow form: `?trader_id=` and, to change a follow, `&id=`. */
  follow: '/pages/follow/follow',
  /** The caller's follows, skipped copies and lead-trader state. */
  my: '/pages/copytrade/my',
  /** The copies of one follow beside the leader's positions: `?follow_id=`. */
  receipts: '/pages/copytrade/receipts',
  agreementZh: '/pages/follow/agreement_zh',
  agreementEn: '/pages/follow/agreement_en',
} as const;

/** A trader's page. */
export function traderRoute(traderId: number): string {
  return `${COPY_ROUTES.trader}?trader_id=${traderId}`;
}
