/** Pure rules of the market list: tabs, search and hot searches. */
import type { MarketRow } from '../../shared/market/api';

/** Tabs of the market page, in the spec's order. */
export const MARKET_TABS = ['favourite', 'futures', 'coin', 'stock'] as const;
export type MarketTab = (typeof MARKET_TABS)[number];
export const DEFAULT_TAB: MarketTab = 'coin';

/** Reads the `?tab=` query (a few spellings are accepted); unknown values give the default tab. */
export function parseTab(raw: string | null | undefined): MarketTab {
  const v = (raw ?? '').toLowerCase();
  if (v === 'favourite' || v === 'favourites' || v === 'favorite' || v === 'favorites' || v === 'optional') return 'favourite';
  if (v === 'futures' || v === 'future' || v === 'contract' || v === 'lever') return 'futures';
  if (v === 'coin' || v === 'coins' || v === 'spot' || v === 'crypto') return 'coin';
  if (v === 'stock' || v === 'stocks') return 'stock';
  return DEFAULT_TAB;
}

/** Rows of a list tab (favourites come from their own call). */
export function rowsOfTab(rows: MarketRow[], tab: Exclude<MarketTab, 'favourite'>): MarketRow[] {
  if (tab === 'futures') return rows.filter((r) => r.open_lever);
  return rows.filter((r) => r.market_type === tab);
}

/** Favourites shown with the live row of the same market when the list has it. */
export function liveFavourites(favourites: MarketRow[], live: MarketRow[] | undefined): MarketRow[] {
  if (!live) return favourites;
  return favourites.map((f) => live.find((r) => r.match_id === f.match_id) ?? f);
}

function normalise(text: string): string {
  return text.toUpperCase().replace(/[\s/_-]/g, '');
}

/** Markets whose symbol or coin name contains the query; those that start with it come first. */
export function searchRows(rows: MarketRow[], query: string): MarketRow[] {
  const q = normalise(query);
  if (!q) return [];
  const hits = rows.filter((r) => normalise(r.symbol).includes(q) || normalise(r.currency_name).includes(q));
  const starts = (r: MarketRow) => normalise(r.symbol).startsWith(q) || normalise(r.currency_name).startsWith(q);
  return [...hits.filter(starts), ...hits.filter((r) => !starts(r))];
}

function absChange(row: MarketRow): number {
  // Only orders the list: the shown value stays the server's string.
  const n = Math.abs(Number(row.change));
  return Number.isFinite(n) ? n : 0;
}

/** Hot searches: the biggest movers of the day by absolute change. */
export function hotMovers(rows: MarketRow[], count = 6): MarketRow[] {
  return [...rows].sort((a, b) => absChange(b) - absChange(a) || a.symbol.localeCompare(b.symbol)).slice(0, count);
}
