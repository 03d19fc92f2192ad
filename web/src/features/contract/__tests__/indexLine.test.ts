import { afterEach, describe, expect, it } from 'vitest';
import { addToLine, clearLines, KEEP, lineOf, mergeLine, slotsOf, type LinePoint, type PricedAt } from '../indexLine';

const at = (time: number, price: string): PricedAt => ({ time, price });

/** The index as the server's path would hold it: the last move of each second up to `until` (ms). */
function recorded(moves: PricedAt[], until: number): PricedAt[] {
  const last = new Map<number, PricedAt>();
  for (const m of moves) if (m.time <= until) last.set(Math.floor(m.time / 1000), m);
  return [...last.values()];
}

/** The price in force at each second from `from` to `to`, straight from the moves. */
function truth(moves: PricedAt[], from: number, to: number): Array<{ time: number; value: number }> {
  const out = [];
  for (let t = from; t <= to; t += 1) {
    const last = moves.filter((m) => Math.floor(m.time / 1000) <= t).at(-1);
    if (last) out.push({ time: t, value: Number(last.price) });
  }
  return out;
}

/** A small seeded generator, so a failing case can be replayed. */
function rng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

afterEach(() => clearLines());

describe('index line: the recorded path joined with live ticks', () => {
  it('keeps one point a second, the latest price of it, in order', () => {
    const line = mergeLine([], [at(100_200, '10'), at(101_500, '11'), at(102_900, '12')], 102);
    const joined = mergeLine(line, [at(102_950, '13'), at(103_100, '14')], 103);
    expect(joined.map((p) => [p.t, p.price])).toEqual([
      [100, '10'],
      [101, '11'],
      [102, '13'],
      [103, '14'],
    ]);
    // The input line is left as it was.
    expect(line.map((p) => p.price)).toEqual(['10', '11', '12']);
  });

  it('never lets an older price of a second replace a newer one, whichever arrives first', () => {
    // A live tick came in before the path, which was read a little earlier in that second.
    const live = mergeLine([], [at(105_300, '20')], 105);
    const joined = mergeLine(live, [at(104_000, '18'), at(105_100, '19')], 105);
    expect(joined.map((p) => [p.t, p.price])).toEqual([
      [104, '18'],
      [105, '20'],
    ]);
    // The same price heard twice is one point.
    expect(mergeLine(joined, [at(105_300, '20')], 105)).toEqual(joined);
  });

  it('fills the seconds missed while the socket was away when the path is loaded again', () => {
    const before = mergeLine([], [at(100_000, '1'), at(101_000, '2')], 101);
    const back = mergeLine(before, [at(110_000, '9')], 110);
    const path = [100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110].map((s) => at(s * 1000 + 400, String(s - 99)));
    const filled = mergeLine(back, path, 110);
    expect(filled.map((p) => p.t)).toEqual([100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110]);
    expect(filled.at(-1)?.price).toBe('11');
  });

  it('draws the same line, second for second, wherever the path ends and the live ticks begin', () => {
    for (let seed = 1; seed <= 200; seed += 1) {
      const random = rng(seed);
      const moves: PricedAt[] = [];
      let time = 1_000_000;
      for (let i = 0; i < 80; i += 1) {
        time += Math.floor(random() * 2500);
        moves.push(at(time, String(1000 + Math.floor(random() * 50))));
      }
      const end = Math.floor(time / 1000);
      // The path is read at `read`; live ticks are heard from `listen` on (before
      // the read: they overlap; after it: the ones between are lost until a reload).
      const read = moves[Math.floor(random() * moves.length)].time + Math.floor(random() * 900);
      const listen = read - Math.floor(random() * 3000);
      const path = recorded(moves, read);
      const live = moves.filter((m) => m.time >= listen);
      const split = Math.floor(random() * live.length);
      const pathFirst = random() < 0.5;
      let line: LinePoint[] = [];
      const hear = (ticks: PricedAt[]) => {
        for (const tick of ticks) line = mergeLine(line, [tick], Math.floor(tick.time / 1000));
      };
      // Ticks heard before and after the path arrives, in either order.
      hear(live.slice(0, split));
      if (pathFirst) {
        line = mergeLine(line, path, Math.floor(read / 1000));
        hear(live.slice(split));
      } else {
        hear(live.slice(split));
        line = mergeLine(line, path, Math.floor(read / 1000));
      }
      const seconds = line.map((p) => p.t);
      expect(new Set(seconds).size, `seed ${seed}: a second twice`).toBe(seconds.length);
      expect([...seconds].sort((a, b) => a - b), `seed ${seed}: out of order`).toEqual(seconds);
      const slots = slotsOf(line, end, end);
      const from = Math.max(Math.floor(moves[0].time / 1000), end - KEEP + 1);
      expect(slots, `seed ${seed}`).toEqual(truth(moves, from, end));
    }
  });

  it('keeps the last KEEP seconds and the price in force when they begin', () => {
    const points = Array.from({ length: 300 }, (_, i) => at((1000 + i) * 1000, String(i + 1)));
    const line = mergeLine([], points, 1299);
    expect(line.length).toBe(KEEP + 1);
    expect(line[0].t).toBe(1299 - KEEP);
    const slots = slotsOf(line, 1299, 1299);
    expect(slots.length).toBe(KEEP);
    expect(slots[0]).toEqual({ time: 1299 - KEEP + 1, value: 300 - KEEP + 1 });
  });

  it('ignores points that are not prices', () => {
    const line = mergeLine([], [at(1000, 'NaN'), at(2000, '0'), at(3000, '-1'), at(Number.NaN, '5'), at(4000, '7')], 4);
    expect(line.map((p) => p.price)).toEqual(['7']);
  });
});

describe('index line: the slots the chart draws', () => {
  const line: LinePoint[] = [
    { t: 10, at: 10_500, price: '1.5' },
    { t: 13, at: 13_200, price: '2' },
  ];

  it('carries each price through the seconds without a move, then leaves empty slots up to the expiry', () => {
    expect(slotsOf(line, 14, 16)).toEqual([
      { time: 10, value: 1.5 },
      { time: 11, value: 1.5 },
      { time: 12, value: 1.5 },
      { time: 13, value: 2 },
      { time: 14, value: 2 },
      { time: 15 },
      { time: 16 },
    ]);
  });

  it('starts where the line does and reaches its newest point even if the clock lags', () => {
    expect(slotsOf([], 14, 16)).toEqual([]);
    expect(slotsOf(line, 12, 12).at(-1)).toEqual({ time: 13, value: 2 });
  });

  it('keeps one line per market', () => {
    addToLine('BTC/USDT', [at(10_000, '5')], 10);
    addToLine('ETH/USDT', [at(10_000, '7')], 10);
    addToLine('BTC/USDT', [at(11_000, '6')], 11);
    expect(lineOf('BTC/USDT').map((p) => p.price)).toEqual(['5', '6']);
    expect(lineOf('ETH/USDT').map((p) => p.price)).toEqual(['7']);
    expect(lineOf('TRX/USDT')).toEqual([]);
  });
});
