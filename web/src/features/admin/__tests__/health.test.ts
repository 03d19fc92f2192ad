import { describe, expect, it } from 'vitest';
import { actorLevel, backlogLevel, levelCounts, shortAge, silenceLevel, silentFor } from '../logic';

describe('health levels', () => {
  it('flags a growing backlog', () => {
    expect(backlogLevel(0)).toBe('ok');
    expect(backlogLevel(49)).toBe('ok');
    expect(backlogLevel(50)).toBe('warn');
    expect(backlogLevel(1000)).toBe('fail');
  });

  it('measures silence by the server clock and flags it', () => {
    expect(silentFor(1_000, 4_000)).toBe(3_000);
    expect(silentFor(5_000, 4_000)).toBe(0);
    expect(silentFor(null, 4_000)).toBeNull();
    expect(silenceLevel(3_000)).toBe('ok');
    expect(silenceLevel(10_000)).toBe('warn');
    expect(silenceLevel(60_000)).toBe('fail');
    expect(silenceLevel(null)).toBe('warn');
  });

  it('takes the worst of the checks, the backlog and the silence', () => {
    const at = 100_000;
    expect(actorLevel({ status: 'ok', backlog: 0, last_message_at: at - 500 }, at)).toBe('ok');
    expect(actorLevel({ status: 'fail', backlog: 0, last_message_at: at }, at)).toBe('fail');
    expect(actorLevel({ status: 'ok', backlog: 60, last_message_at: at }, at)).toBe('warn');
    expect(actorLevel({ status: 'warn', backlog: 0, last_message_at: at - 61_000 }, at)).toBe('fail');
  });

  it('writes ages short', () => {
    expect(shortAge(850)).toEqual({ value: 850, unit: 'ms' });
    expect(shortAge(12_400)).toEqual({ value: 12, unit: 's' });
    expect(shortAge(185_000)).toEqual({ value: 3, unit: 'min' });
    expect(shortAge(7_300_000)).toEqual({ value: 2, unit: 'h' });
  });

  it('counts actors by level', () => {
    expect(levelCounts(['ok', 'ok', 'warn', 'fail', 'ok'])).toEqual({ ok: 3, warn: 1, fail: 1 });
  });
});
