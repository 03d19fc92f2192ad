import { describe, expect, it } from 'vitest';
import {
  agreementRoute,
  axisLabel,
  applyParams,
  canSelfHold,
  chartPoints,
  checkApply,
  checkFollow,
  EMPTY_FOLLOW,
  endReasonKey,
  followParams,
  followRoute,
  followStateKey,
  hasRoom,
  isPositiveDecimal,
  isSort,
  latencyText,
  latestComputedAt,
  mayApply,
  percentText,
  percentToRatio,
  receiptStateKey,
  sanitizeDecimal,
  shiftDecimal,
  skipReasonKey,
  traderActions,
  traderState,
  valuesOf,
  type FollowValues,
} from '../logic';

const form = (over: Partial<FollowValues> = {}): FollowValues => ({ ...EMPTY_FOLLOW, maxMargin: '500', agree: true, ...over });

describe('the trader list', () => {
  it('knows its four sorts and nothing else', () => {
    expect(['return', 'profit', 'accuracy', 'followers'].every(isSort)).toBe(true);
    expect(isSort('volume')).toBe(false);
    expect(isSort(null)).toBe(false);
  });

  it('has room for a follower only when open and below the cap', () => {
    expect(hasRoom({ status: 1, followers: 3, max_followers: 500 })).toBe(true);
    expect(hasRoom({ status: 1, followers: 500, max_followers: 500 })).toBe(false);
    expect(hasRoom({ status: 3, followers: 0, max_followers: 500 })).toBe(false);
  });

  it('dates the figures by the newest card, or not at all before the first computation', () => {
    expect(latestComputedAt([{ computed_at: 10 }, { computed_at: 30 }, { computed_at: 20 }])).toBe(30);
    expect(latestComputedAt([{ computed_at: 0 }])).toBeNull();
    expect(latestComputedAt([])).toBeNull();
  });

  it('shows a percent signed, cut to two decimals, zero unsigned and a missing one as a dash', () => {
    expect(percentText('12.3')).toBe('+12.30%');
    expect(percentText('-3.105')).toBe('-3.10%');
    expect(percentText('0.00')).toBe('0.00%');
    expect(percentText('-0.001')).toBe('0.00%');
    expect(percentText(null)).toBe('--');
    expect(percentText('55.00', { sign: false })).toBe('55.00%');
  });

  it('shows a latency in ms, zero included, and a dash before any copy', () => {
    expect(latencyText(0)).toBe('0 ms');
    expect(latencyText(12.4)).toBe('12 ms');
    expect(latencyText(null)).toBe('--');
  });

  it('turns chart points into numbers for the picture and drops what is not a number', () => {
    expect(chartPoints([{ day: '2026-11-25', value: '1.50' }, { day: '2026-11-26', value: 'x' }])).toEqual([{ day: '2026-11-25', value: 1.5 }]);
  });

  it('labels a chart axis briefly', () => {
    expect(axisLabel(-1.5749999)).toBe('-1.57');
    expect(axisLabel(-6.3)).toBe('-6.3');
    expect(axisLabel(12.3456)).toBe('12.35');
    expect(axisLabel(0.0351)).toBe('0.035');
    expect(axisLabel(-0)).toBe('0');
    expect(axisLabel(250.4)).toBe('250');
    expect(axisLabel(12_345)).toBe('12.3K');
    expect(axisLabel(2_500_000)).toBe('2.5M');
    expect(axisLabel(NaN)).toBe('');
  });
});

describe('decimal helpers', () => {
  it('moves the decimal point exactly, both ways', () => {
    expect(shiftDecimal('50', -2)).toBe('0.5');
    expect(shiftDecimal('12.5', -2)).toBe('0.125');
    expect(shiftDecimal('0.1', -2)).toBe('0.001');
    expect(shiftDecimal('1000', -2)).toBe('10');
    expect(shiftDecimal('0.125', 2)).toBe('12.5');
    expect(shiftDecimal('50.00', 0)).toBe('50');
    expect(shiftDecimal('-0.5', 2)).toBe('-50');
    expect(shiftDecimal('abc', 2)).toBeNull();
  });

  it('accepts positive decimals with at most the allowed places', () => {
    expect(isPositiveDecimal('1', 2)).toBe(true);
    expect(isPositiveDecimal('0.01', 2)).toBe(true);
    expect(isPositiveDecimal('0.001', 2)).toBe(false);
    expect(isPositiveDecimal('0', 2)).toBe(false);
    expect(isPositiveDecimal('-1', 2)).toBe(false);
    expect(isPositiveDecimal('01', 2)).toBe(false);
  });

  it('keeps what may be typed: digits, one point, the allowed decimals (fractional lots stop at 2)', () => {
    expect(sanitizeDecimal('1.239', 2)).toBe('1.23');
    expect(sanitizeDecimal('a1.2.3', 2)).toBe('1.23');
    expect(sanitizeDecimal('.5', 2)).toBe('0.5');
    expect(sanitizeDecimal('007', 2)).toBe('7');
    expect(sanitizeDecimal('12.5', 0)).toBe('125');
    expect(sanitizeDecimal('', 2)).toBe('');
  });
});

describe('the follow form', () => {
  it('accepts a multiple of 1 with a max margin and the agreement', () => {
    expect(checkFollow(form(), false)).toEqual({});
  });

  it('refuses a multiple outside 0.01 to 10 and lots outside (0, 100]', () => {
    expect(checkFollow(form({ amount: '11' }), false).amount?.key).toBe('multipleRange');
    expect(checkFollow(form({ amount: '0.001' }), false).amount?.key).toBe('multipleRange');
    expect(checkFollow(form({ amount: '10' }), false)).toEqual({});
    expect(checkFollow(form({ mode: 2, amount: '100.5' }), false).amount?.key).toBe('lotsRange');
    expect(checkFollow(form({ mode: 2, amount: '0.01' }), false)).toEqual({});
    expect(checkFollow(form({ mode: 2, amount: '' }), false).amount?.key).toBe('lotsRequired');
    expect(checkFollow(form({ amount: ' ' }), false).amount?.key).toBe('multipleRequired');
  });

  it('needs a positive max margin', () => {
    expect(checkFollow(form({ maxMargin: '' }), false).maxMargin?.key).toBe('marginRequired');
    expect(checkFollow(form({ maxMargin: '0' }), false).maxMargin?.key).toBe('marginInvalid');
  });

  it('takes optional take-profit and stop-loss percents up to 1000, zero meaning none', () => {
    expect(checkFollow(form({ tpPercent: '50', slPercent: '0' }), false)).toEqual({});
    expect(checkFollow(form({ tpPercent: '1001' }), false).tpPercent?.key).toBe('ratioRange');
    expect(checkFollow(form({ slPercent: '1000' }), false)).toEqual({});
  });

  it('takes an optional follow stop-loss amount', () => {
    expect(checkFollow(form({ stopLoss: '200' }), false)).toEqual({});
    expect(checkFollow(form({ stopLoss: '1.1234567' }), false).stopLoss?.key).toBe('stopInvalid');
  });

  it('needs the agreement to start a follow, not to change one', () => {
    expect(checkFollow(form({ agree: false }), false).agree?.key).toBe('agreeRequired');
    expect(checkFollow(form({ agree: false }), true)).toEqual({});
  });

  it('sends percents as ratios and empty options as 0, with agree only when starting', () => {
    expect(followParams(9, form({ tpPercent: '50', slPercent: '12.5' }))).toEqual({
      trader_id: 9,
      mode: 1,
      amount: '1',
      max_margin: '500',
      tp_ratio: '0.5',
      sl_ratio: '0.125',
      stop_loss: '0',
      agree: 1,
    });
    const edit = followParams(9, form({ mode: 2, amount: '0.5', stopLoss: '80' }), 4);
    expect(edit).toMatchObject({ id: 4, mode: 2, amount: '0.5', stop_loss: '80', tp_ratio: '0', sl_ratio: '0' });
    expect(edit.agree).toBeUndefined();
    expect(percentToRatio('')).toBe('0');
  });

  it('fills the form from a follow as the server describes it', () => {
    expect(
      valuesOf({ mode: 2, amount: '0.5', max_margin: '500', tp_ratio: '50.00', sl_ratio: null, stop_loss: '100' }),
    ).toEqual({ mode: 2, amount: '0.5', maxMargin: '500', tpPercent: '50', slPercent: '', stopLoss: '100', agree: true });
  });

  it('links the agreement in Chinese for zh and in English for every other language', () => {
    expect(agreementRoute('zh')).toBe('/pages/follow/agreement_zh');
    expect(agreementRoute('en')).toBe('/pages/follow/agreement_en');
    expect(agreementRoute('hk')).toBe('/pages/follow/agreement_en');
    expect(agreementRoute('jp')).toBe('/pages/follow/agreement_en');
  });

  it('opens the form for a trader, or for one of the caller\'s follows', () => {
    expect(followRoute(9)).toBe('/pages/follow/follow?trader_id=9');
    expect(followRoute(9, 4)).toBe('/pages/follow/follow?trader_id=9&id=4');
  });
});

describe('follows, copies and skips', () => {
  it('reads a follow\'s state', () => {
    expect(followStateKey(1)).toBe('following');
    expect(followStateKey(2)).toBe('edited');
    expect(followStateKey(3)).toBe('ended');
  });

  it('names every end and skip reason the server sends, and has a word for an unknown one', () => {
    expect(endReasonKey('cancel_keep')).toBe('endReason.cancel_keep');
    expect(endReasonKey('trader_retired')).toBe('endReason.trader_retired');
    expect(endReasonKey('whatever')).toBe('endReason.other');
    expect(endReasonKey(null)).toBeNull();
    expect(skipReasonKey('over_cap')).toBe('skipReason.over_cap');
    expect(skipReasonKey('insufficient_margin')).toBe('skipReason.insufficient_margin');
    expect(skipReasonKey('new_reason')).toBe('skipReason.other');
  });

  it('offers "hold as my own" only on an open copy that still follows the leader', () => {
    expect(canSelfHold({ status: 1, self_held: 0 })).toBe(true);
    expect(canSelfHold({ status: 1, self_held: 1 })).toBe(false);
    expect(canSelfHold({ status: 3, self_held: 0 })).toBe(false);
    expect(receiptStateKey({ status: 1, self_held: 0 })).toBe('open');
    expect(receiptStateKey({ status: 1, self_held: 1 })).toBe('selfHeld');
    expect(receiptStateKey({ status: 3, self_held: 1 })).toBe('selfHeld');
    expect(receiptStateKey({ status: 3, self_held: 0 })).toBe('closed');
  });
});

describe('becoming a trader', () => {
  it('reads the application state and what may be done in it', () => {
    expect([null, 0, 1, 2, 3, 4].map(traderState)).toEqual(['none', 'pending', 'approved', 'rejected', 'paused', 'retired']);
    expect(traderActions('approved')).toEqual(['pause', 'retire']);
    expect(traderActions('paused')).toEqual(['resume', 'retire']);
    expect(traderActions('pending')).toEqual([]);
    expect(['none', 'rejected', 'retired'].every((s) => mayApply(s as never))).toBe(true);
    expect(mayApply('pending')).toBe(false);
    expect(mayApply('approved')).toBe(false);
  });

  const ok = { name: 'Steady', intro: 'Ten chars at least here', sharePercent: '10', maxFollowers: '100' };

  it('accepts a name of 2-20, an intro of 10-300, a share of 0-30 % and a cap of 1-10000', () => {
    expect(checkApply(ok)).toEqual({});
    expect(checkApply({ ...ok, sharePercent: '' })).toEqual({});
    expect(checkApply({ ...ok, sharePercent: '30' })).toEqual({});
    expect(checkApply({ ...ok, name: 'A' }).name?.key).toBe('nameLength');
    expect(checkApply({ ...ok, name: '中文' })).toEqual({});
    expect(checkApply({ ...ok, intro: 'short' }).intro?.key).toBe('introLength');
    expect(checkApply({ ...ok, sharePercent: '30.01' }).sharePercent?.key).toBe('shareRange');
    expect(checkApply({ ...ok, maxFollowers: '0' }).maxFollowers?.key).toBe('maxFollowersRange');
    expect(checkApply({ ...ok, maxFollowers: '10001' }).maxFollowers?.key).toBe('maxFollowersRange');
  });

  it('sends the share as a ratio', () => {
    expect(applyParams({ ...ok, name: ' Steady ', sharePercent: '12.5' })).toEqual({
      name: 'Steady',
      intro: 'Ten chars at least here',
      share_rate: '0.125',
      max_followers: 100,
    });
  });
});
