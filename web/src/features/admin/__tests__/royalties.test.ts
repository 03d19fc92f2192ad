import { describe, expect, it } from 'vitest';
import { amountsLine, EMPTY_LINK, isLinked, linkIssue, linkParams, owed, type AdminArtistRoyalties } from '../royalties';

const ARTIST: AdminArtistRoyalties = {
  id: 4,
  name: 'Mo Rayne',
  avatar: '/media/nft/a.png',
  user_id: null,
  user_account: null,
  unpaid: [
    { currency: 3, currency_name: 'USDT', amount: '6.172839' },
    { currency: 2, currency_name: 'ETH', amount: '0' },
  ],
};

describe('the link of an artist to a user', () => {
  it('names the user by an e-mail or a mobile number, as the server reads them', () => {
    expect(linkIssue(EMPTY_LINK)).toEqual({ key: 'required' });
    expect(linkIssue({ by: 'account', value: '  ' })).toEqual({ key: 'required' });
    expect(linkIssue({ by: 'account', value: 'ann@example.com' })).toBeNull();
    expect(linkIssue({ by: 'account', value: 'ann@' })).toEqual({ key: 'account' });
    expect(linkIssue({ by: 'account', value: '13800000000' })).toBeNull();
    expect(linkIssue({ by: 'account', value: '1234' })).toEqual({ key: 'account' });
    expect(linkIssue({ by: 'account', value: 'ann' })).toEqual({ key: 'account' });
  });

  it('or by the user id, a whole number from 1', () => {
    expect(linkIssue({ by: 'id', value: '12' })).toBeNull();
    expect(linkIssue({ by: 'id', value: '0' })).toEqual({ key: 'userId' });
    expect(linkIssue({ by: 'id', value: '-3' })).toEqual({ key: 'userId' });
    expect(linkIssue({ by: 'id', value: '1.5' })).toEqual({ key: 'userId' });
    expect(linkIssue({ by: 'id', value: 'ann@example.com' })).toEqual({ key: 'userId' });
  });

  it('posts one of user_id and account', () => {
    expect(linkParams(4, { by: 'id', value: ' 12 ' })).toEqual({ artist_id: 4, user_id: '12' });
    expect(linkParams(4, { by: 'account', value: ' Ann@Example.com ' })).toEqual({ artist_id: 4, account: 'Ann@Example.com' });
  });
});

describe('what an artist accrued', () => {
  it('shows the coins with something owed, and the link', () => {
    expect(owed(ARTIST)).toEqual([ARTIST.unpaid[0]]);
    expect(owed({ ...ARTIST, unpaid: [] })).toEqual([]);
    expect(isLinked(ARTIST)).toBe(false);
    expect(isLinked({ ...ARTIST, user_id: 12 })).toBe(true);
  });

  it('reads as one line of amounts', () => {
    expect(amountsLine(ARTIST.unpaid, (v) => `<${v}>`)).toBe('<6.172839> USDT, <0> ETH');
    expect(amountsLine([], (v) => v)).toBe('');
  });
});
