import { describe, expect, it } from 'vitest';
import { copyState, isCloseReason, lotsOf } from '../logic';

describe('copied positions on the contract screens', () => {
  it('tells a copy that follows its leader from one held as ones own', () => {
    expect(copyState({ follow_id: null })).toBe('none');
    expect(copyState({})).toBe('none');
    expect(copyState({ follow_id: 3, self_held: 0 })).toBe('following');
    expect(copyState({ follow_id: 3, self_held: 1 })).toBe('own');
  });

  it('shows hundredths of a lot for copies and whole lots otherwise', () => {
    expect(lotsOf({ share: 0, lots: '0.5' })).toBe('0.5');
    expect(lotsOf({ share: 2 })).toBe('2');
  });

  it('knows the close reasons of copies', () => {
    expect(isCloseReason('leader_close')).toBe(true);
    expect(isCloseReason('follow_cancel')).toBe(true);
    expect(isCloseReason('nonsense')).toBe(false);
  });
});
