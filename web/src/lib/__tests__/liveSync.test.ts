import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BACKOFF, backoffDelay, CATCH_UP_TAGS, CatchUpRule, isPrivateEvent, PUBLIC_EVENTS, PUBLIC_TAGS, SeqTracker, seqOf } from '../liveSync';

describe('reconnect back-off', () => {
  it('waits half a second to a second before the first try after a drop', () => {
    expect(backoffDelay(0, () => 0)).toBe(1000);
    expect(backoffDelay(0, () => 0.5)).toBe(750);
    expect(backoffDelay(0, () => 0.999999)).toBe(500);
  });

  it('doubles with each failed try', () => {
    const none = () => 0;
    expect([0, 1, 2].map((n) => backoffDelay(n, none))).toEqual([1000, 2000, 4000]);
  });

  it('never waits more than five seconds, however many tries failed', () => {
    for (const attempt of [3, 4, 10, 100, 1e6]) {
      for (const r of [0, 0.25, 0.5, 0.75, 0.999999]) {
        const wait = backoffDelay(attempt, () => r);
        expect(wait).toBeLessThanOrEqual(BACKOFF.maxMs);
        expect(wait).toBeGreaterThanOrEqual(BACKOFF.maxMs * (1 - BACKOFF.jitter));
      }
    }
  });

  it('spreads phones over the window so a restarted server is not met all at once', () => {
    for (const attempt of [0, 2, 5]) {
      const waits = new Set(Array.from({ length: 50 }, (_, i) => backoffDelay(attempt, () => i / 50)));
      expect(waits.size).toBe(50);
    }
  });

  it('takes a nonsense attempt count as the first try', () => {
    expect(backoffDelay(-3, () => 0)).toBe(1000);
    expect(backoffDelay(0.7, () => 0)).toBe(1000);
  });
});

describe('private event numbering', () => {
  it('accepts events numbered one after another from 1 on each connection', () => {
    const t = new SeqTracker();
    expect([1, 2, 3].map((seq) => t.observe({ seq }))).toEqual(['ok', 'ok', 'ok']);
    t.reset();
    expect(t.observe({ seq: 1, currencies: [3] })).toBe('ok');
  });

  it('calls a skipped number a gap, once, and goes on from the number received', () => {
    const t = new SeqTracker();
    t.observe({ seq: 1 });
    expect(t.observe({ seq: 4 })).toBe('gap');
    expect(t.observe({ seq: 5 })).toBe('ok');
    expect(t.lastSeq).toBe(5);
  });

  it('calls a first event after connecting that is not 1 a gap (the first ones were dropped)', () => {
    const t = new SeqTracker();
    expect(t.observe({ seq: 2 })).toBe('gap');
  });

  it('calls a count that starts again without a reconnect a gap', () => {
    const t = new SeqTracker();
    t.observe({ seq: 1 });
    t.observe({ seq: 2 });
    expect(t.observe({ seq: 1 })).toBe('gap');
    expect(t.observe({ seq: 2 })).toBe('ok');
  });

  it('ignores events without a number (a server from before numbering) and keeps counting around them', () => {
    const t = new SeqTracker();
    for (const payload of [{}, { id: [3] }, null, undefined, 'x', [1], { seq: '2' }, { seq: 1.5 }, { seq: 0 }, { seq: -1 }]) {
      expect(t.observe(payload)).toBe('none');
    }
    expect(t.observe({ seq: 1 })).toBe('ok');
    expect(t.observe({ data: {} })).toBe('none');
    expect(t.observe({ seq: 2 })).toBe('ok');
  });

  it('reads seq only from a payload that is an object with a positive integer', () => {
    expect(seqOf({ seq: 7 })).toBe(7);
    expect(seqOf({ seq: Number.MAX_SAFE_INTEGER + 2 })).toBeNull();
    expect(seqOf(7)).toBeNull();
  });

  it("leaves the book's and the tape's own per-market seq out of the private count", () => {
    expect(isPrivateEvent('market_depth')).toBe(false);
    expect(isPrivateEvent('market_trade')).toBe(false);
    expect(isPrivateEvent('daymarket')).toBe(false);
    expect(isPrivateEvent('session_ended')).toBe(false);
    for (const e of ['balance', 'order', 'lever_trade', 'lever_closed', 'closed_microorder', 'copy_opened', 'nft_message', 'dual_order']) {
      expect(isPrivateEvent(e)).toBe(true);
    }
  });
});

/** Every file under `dir` whose name ends with one of `exts`. */
function files(dir: string, exts: string[]): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === '__tests__' || name === 'node_modules' ? [] : files(path, exts);
    return exts.some((e) => name.endsWith(e)) ? [path] : [];
  });
}

const webSrc = resolve(__dirname, '..', '..');
const repo = resolve(webSrc, '..', '..');

describe('when a connect reloads', () => {
  it('trusts only a first connect that nothing failed before', () => {
    const rule = new CatchUpRule();
    expect(rule.connected()).toBe(false);
    expect(rule.connected()).toBe(true);
  });

  it('reloads on a first connect that came after failed tries (the server was away when the screen loaded)', () => {
    const rule = new CatchUpRule();
    rule.failed();
    rule.failed();
    expect(rule.connected()).toBe(true);
  });

  it('reloads on every reconnect, with or without failures between', () => {
    const rule = new CatchUpRule();
    rule.connected();
    rule.failed();
    expect(rule.connected()).toBe(true);
    expect(rule.connected()).toBe(true);
  });
});

describe('what a catch-up reloads', () => {
  /** Every tag type the API slices declare (`tagTypes`, `addTagTypes`, the `…TAGS` lists they spread). */
  function declaredTags(): Set<string> {
    const tags = new Set<string>();
    for (const path of files(webSrc, ['.ts', '.tsx'])) {
      // Code only: a doc comment's example is not a declaration.
      const text = readFileSync(path, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
      for (const m of text.matchAll(/(?:tagTypes|addTagTypes|\b[A-Z_]*TAGS)\s*[:=]\s*\[([^\]]*)\]/g)) {
        for (const q of m[1].matchAll(/'([A-Za-z]+)'/g)) tags.add(q[1]);
      }
    }
    return tags;
  }

  it('knows every tag type of the app as either the user’s own or everyone’s', () => {
    const known = new Set<string>([...CATCH_UP_TAGS, ...PUBLIC_TAGS]);
    const declared = declaredTags();
    expect(declared.size).toBeGreaterThan(30);
    expect([...declared].filter((t) => !known.has(t))).toEqual([]);
  });

  it('reloads balances, orders, positions, copies, earn and NFT holdings and messages', () => {
    for (const tag of ['Balance', 'CoinOrders', 'ContractOrders', 'ContractDeal', 'OptionOrders', 'CopyFollows', 'LockOrders', 'IeoOrders', 'DualOrders', 'NftMine', 'Feedback', 'Unread']) {
      expect(CATCH_UP_TAGS).toContain(tag);
    }
  });

  it('never counts a tag both ways', () => {
    const pub = new Set<string>(PUBLIC_TAGS);
    expect(CATCH_UP_TAGS.filter((t) => pub.has(t))).toEqual([]);
  });
});

describe("the server's events", () => {
  /** Names of the events the server publishes as `kind` (Broadcast, Channel or Private), read from its sources. */
  function serverEvents(kind: string): Set<string> {
    const names = new Set<string>();
    for (const dir of ['src', 'actors/src']) {
      for (const path of files(join(repo, dir), ['.rs'])) {
        const text = readFileSync(path, 'utf8');
        for (const m of text.matchAll(new RegExp(`Event::${kind}\\s*\\{[^}]*?event:\\s*"([a-z_]+)"`, 'g'))) names.add(m[1]);
      }
    }
    return names;
  }

  it('are public exactly when the server sends them to everyone or to a channel', () => {
    const broadcast = [...serverEvents('Broadcast'), ...serverEvents('Channel')];
    const private_ = [...serverEvents('Private')];
    expect(broadcast.length).toBeGreaterThan(3);
    expect(private_.length).toBeGreaterThan(5);
    expect(broadcast.filter((e) => !PUBLIC_EVENTS.has(e))).toEqual([]);
    expect(private_.filter((e) => !isPrivateEvent(e))).toEqual([]);
  });
});
