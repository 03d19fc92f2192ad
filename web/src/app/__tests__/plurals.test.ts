import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../lib/constants';
import { pluralsByLangTag } from '../plurals';

// The real messages of the features whose numbers read with a noun.
const files = import.meta.glob<Record<string, unknown>>('../../features/{nft,copytrade,lockming,invest}/locales/*.json', { eager: true, import: 'default' });

async function translator(lang: string) {
  const instance = i18next.createInstance();
  await instance.init({ lng: lang, fallbackLng: 'en', resources: {}, interpolation: { escapeValue: false } });
  for (const code of LANGUAGES) {
    for (const [path, messages] of Object.entries(files)) {
      if (path.endsWith(`/${code}.json`)) instance.addResourceBundle(code, 'translation', messages, true, true);
    }
  }
  pluralsByLangTag(instance);
  return instance.t.bind(instance);
}

describe('plurals by each language rules', () => {
  it('English: one and other', async () => {
    const t = await translator('en');
    expect(t('nft.auction.bidsValue', { bids: 1, count: 1 })).toBe('1 (1 bidder)');
    expect(t('nft.auction.bidsValue', { bids: 3, count: 2 })).toBe('3 (2 bidders)');
    expect(t('copytrade.unfollowText', { count: 1 })).toContain('its 1 open copy?');
    expect(t('copytrade.unfollowText', { count: 2 })).toContain('its 2 open copies?');
    expect(t('lockming.daysCount', { count: 1 })).toBe('1 day');
    expect(t('invest.daysCount', { count: 7 })).toBe('7 days');
  });

  it('French and Portuguese: zero takes the singular, as one does', async () => {
    const fra = await translator('fra');
    expect(fra('nft.auction.bidsValue', { bids: 0, count: 0 })).toBe('0 (0 enchérisseur)');
    expect(fra('nft.auction.bidsValue', { bids: 2, count: 2 })).toBe('2 (2 enchérisseurs)');
    expect(fra('nft.collection.items', { count: 1_000_000 })).toMatch(/œuvres$/);
    const bx = await translator('bx');
    expect(bx('lockming.daysCount', { count: 0 })).toBe('0 dia');
    expect(bx('lockming.daysCount', { count: 2 })).toBe('2 dias');
  });

  it('Japanese, Cantonese, Korean: one form, never English', async () => {
    expect((await translator('jp'))('nft.auction.bidsValue', { bids: 1, count: 1 })).not.toMatch(/bidder/);
    expect((await translator('hk'))('lockming.daysCount', { count: 1 })).not.toMatch(/day/);
    expect((await translator('kor'))('invest.daysCount', { count: 1 })).not.toMatch(/day/);
  });
});
