/**
 * Markets the user viewed lately (the search page's "recent views"), kept on
 * the device, newest first. A broken or full storage only loses the list.
 */
const KEY = 'marketRecent';
/** How many recent views are kept. */
export const RECENT_LIMIT = 10;

/** Puts `symbol` first in `list`, without duplicates, at most `limit` long. Pure. */
export function pushRecent(list: string[], symbol: string, limit = RECENT_LIMIT): string[] {
  return [symbol, ...list.filter((s) => s !== symbol)].slice(0, limit);
}

export function readRecent(): string[] {
  try {
    const raw = window.localStorage.getItem(KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter((s): s is string => typeof s === 'string').slice(0, RECENT_LIMIT) : [];
  } catch {
    return [];
  }
}

function write(list: string[]): void {
  try {
    if (list.length) window.localStorage.setItem(KEY, JSON.stringify(list));
    else window.localStorage.removeItem(KEY);
  } catch {
    // Storage full or disabled: the list is only lost for this visit.
  }
}

/** Records a view of `symbol`. */
export function rememberView(symbol: string): void {
  write(pushRecent(readRecent(), symbol));
}

export function clearRecent(): void {
  write([]);
}
