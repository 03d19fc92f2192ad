/**
 * The index line of the seconds-options chart, kept per market: the path the
 * server has recorded (GET /currency/index_history, loaded when the chart opens
 * and after a reconnect) joined with the live `daymarket` ticks. Both carry the
 * server's time of each price, so they meet second for second: one point per
 * second, the latest price of that second, whichever side brought it, with no
 * gap and no second twice where the loaded path ends and the live ticks go on.
 */

/** Seconds of line kept and drawn. */
export const KEEP = 120;

/** One second of the line. */
export interface LinePoint {
  /** The whole second (server clock, unix seconds). */
  t: number;
  /** When the index took the price (server clock, ms): the later one wins a second. */
  at: number;
  price: string;
}

/** A price at a time, as the history answer and the ticker give it. */
export interface PricedAt {
  /** Milliseconds since the epoch, the server's clock. */
  time: number;
  price: string;
}

function valid(p: PricedAt): boolean {
  const value = Number(p.price);
  return Number.isFinite(p.time) && Number.isFinite(value) && value > 0;
}

/**
 * `line` with `points` added: ordered by second, one point per second (the
 * later `at` of a second wins, so a stale price never replaces a newer one),
 * trimmed to the `keep` seconds up to `now` plus the point in force when they
 * begin. Returns a new array; `line` is not changed.
 */
export function mergeLine(line: readonly LinePoint[], points: readonly PricedAt[], now: number, keep = KEEP): LinePoint[] {
  const bySecond = new Map<number, LinePoint>();
  for (const p of line) bySecond.set(p.t, p);
  for (const p of points) {
    if (!valid(p)) continue;
    const t = Math.floor(p.time / 1000);
    const had = bySecond.get(t);
    if (!had || p.time >= had.at) bySecond.set(t, { t, at: p.time, price: p.price });
  }
  const out = [...bySecond.values()].sort((a, b) => a.t - b.t);
  // The newest point decides the window too, should `now` lag behind it.
  const end = Math.max(now, out.at(-1)?.t ?? now);
  while (out.length > 1 && out[1].t <= end - keep) out.shift();
  return out;
}

/** A slot of the chart: a price, or an empty slot ahead of now. */
export interface Slot {
  time: number;
  value?: number;
}

/**
 * One slot a second from the first kept second to `now`, each the price in
 * force then (the last point at or before it), then empty slots up to `until`.
 * Nothing before the first point: the line starts where its knowledge does.
 */
export function slotsOf(line: readonly LinePoint[], now: number, until: number, keep = KEEP): Slot[] {
  if (line.length === 0) return [];
  const end = Math.max(now, line[line.length - 1].t);
  const out: Slot[] = [];
  let i = 0;
  for (let t = Math.max(line[0].t, end - keep + 1); t <= end; t += 1) {
    while (i + 1 < line.length && line[i + 1].t <= t) i += 1;
    out.push({ time: t, value: Number(line[i].price) });
  }
  for (let t = end + 1; t <= until; t += 1) out.push({ time: t });
  return out;
}

// Lines per market this visit, so leaving the page and coming back keeps them.
const lines = new Map<string, LinePoint[]>();

/** The line of `symbol` so far. */
export function lineOf(symbol: string): LinePoint[] {
  return lines.get(symbol) ?? [];
}

/** Adds `points` (loaded history or live ticks) to the line of `symbol`. */
export function addToLine(symbol: string, points: readonly PricedAt[], now: number): LinePoint[] {
  const merged = mergeLine(lineOf(symbol), points, now);
  lines.set(symbol, merged);
  return merged;
}

/** Forgets every line (tests). */
export function clearLines(): void {
  lines.clear();
}
