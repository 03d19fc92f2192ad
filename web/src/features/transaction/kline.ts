/** K-line periods and the merge of the live (forming) bar into the history. Pure. */

/** Periods of GET /api/currency/new_timeshar, in the switcher's order. */
export const PERIODS = ['1min', '5min', '15min', '30min', '60min', '1day', '1week', '1mon'] as const;
export type Period = (typeof PERIODS)[number];
export const DEFAULT_PERIOD: Period = '15min';

const MINUTE = 60;
const SECONDS: Record<Period, number> = {
  '1min': MINUTE,
  '5min': 5 * MINUTE,
  '15min': 15 * MINUTE,
  '30min': 30 * MINUTE,
  '60min': 60 * MINUTE,
  '1day': 24 * 60 * MINUTE,
  '1week': 7 * 24 * 60 * MINUTE,
  '1mon': 31 * 24 * 60 * MINUTE,
};

/** How many bars of history the chart asks for. */
export const HISTORY_BARS = 300;

export function isPeriod(value: string | null | undefined): value is Period {
  return (PERIODS as readonly string[]).includes(value ?? '');
}

/** The `from`/`to` window (unix seconds) of the last `bars` bars up to `nowSec`. */
export function historyWindow(period: Period, nowSec: number, bars = HISTORY_BARS): { from: number; to: number } {
  return { from: nowSec - SECONDS[period] * bars, to: nowSec };
}

/** A bar of the history: `id` open time in s, `time` in ms. */
export interface Bar {
  id: number;
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
  amount?: string;
}

/** The `kline` event: the forming bar of one market and period. */
export interface KlineEvent {
  symbol: string;
  period: string;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
  /** Open time, ms. */
  time: number;
}

/**
 * Merges the forming bar into the ascending history in place: it replaces the
 * bar with the same open time, or is appended when newer. Older bars that are
 * not in the history are ignored (the history is the truth for them).
 */
export function upsertBar(bars: Bar[], k: KlineEvent): void {
  const bar: Bar = { id: Math.floor(k.time / 1000), time: k.time, open: k.open, high: k.high, low: k.low, close: k.close, volume: k.volume };
  const last = bars[bars.length - 1];
  if (!last || k.time > last.time) {
    bars.push(bar);
    return;
  }
  for (let i = bars.length - 1; i >= 0; i -= 1) {
    if (bars[i].time === k.time) {
      bars[i] = { ...bars[i], ...bar };
      return;
    }
    if (bars[i].time < k.time) return;
  }
}
