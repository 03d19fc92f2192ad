import { describe, expect, it } from 'vitest';
import { toLocalInput } from '../ieo';
import { EMPTY_ITEM, EMPTY_SERIES, itemIssues, itemParams, liveAuctions, mediaKind, seriesHasIssues, seriesIssues, seriesParams, type AdminNftListing, type ItemDraft } from '../nft';

const NOW = new Date(2026, 10, 26, 12, 0).getTime();
const HOUR = 3_600_000;

describe('media addresses', () => {
  it('are the upload answers, their kind told by the extension', () => {
    expect(mediaKind('/media/nft/demo-art-5.webp')).toBe('image');
    expect(mediaKind('/media/nft/nft-abc.gif')).toBe('gif');
    expect(mediaKind('/media/nft/x.m4a')).toBe('audio');
    expect(mediaKind('/media/nft/x.webm')).toBe('video');
    expect(mediaKind('/uploads/x.png')).toBeNull();
    expect(mediaKind('https://example.com/x.png')).toBeNull();
    expect(mediaKind('/media/nft/x.exe')).toBeNull();
  });
});

describe('a new item', () => {
  const good: ItemDraft = {
    ...EMPTY_ITEM,
    collection_id: '1',
    name: 'Tide',
    media: '/media/nft/demo-art-5.webp',
    currency: '3',
    mode: 'auction',
    price: '50',
    step: '5',
    margin: '10',
    starts_at: '',
    ends_at: toLocalInput(NOW + HOUR),
  };

  it('is checked field by field', () => {
    expect(itemIssues(EMPTY_ITEM, 6, NOW)).toEqual({
      collection_id: { key: 'collection' },
      name: { key: 'required' },
      media: { key: 'required' },
      currency: { key: 'coin' },
    });
    expect(itemIssues(good, 6, NOW)).toEqual({});
    expect(itemIssues({ ...good, name: 'T' }, 6, NOW).name).toEqual({ key: 'nameRange', values: { min: 2, max: 60 } });
    expect(itemIssues({ ...good, type: 'video' }, 6, NOW).media).toEqual({ key: 'mediaKind', values: { kind: 'video' } });
    // A moving picture may be a GIF or a WebP (the server reads whether the WebP moves); not a PNG.
    expect(itemIssues({ ...good, type: 'gif', media: '/media/nft/demo-loop-1.webp' }, 6, NOW).media).toBeUndefined();
    expect(itemIssues({ ...good, type: 'gif', media: '/media/nft/x.png' }, 6, NOW).media).toEqual({ key: 'mediaKind', values: { kind: 'gif' } });
    // Audio and video need a picture as their cover.
    expect(itemIssues({ ...good, type: 'audio', media: '/media/nft/a.mp3' }, 6, NOW).cover).toEqual({ key: 'required' });
    expect(itemIssues({ ...good, price: '0' }, 6, NOW).price).toEqual({ key: 'amount' });
    expect(itemIssues({ ...good, step: '' }, 6, NOW).step).toEqual({ key: 'required' });
    expect(itemIssues({ ...good, step: '0.0000001' }, 6, NOW).step).toEqual({ key: 'decimals', values: { places: 6 } });
    expect(itemIssues({ ...good, ends_at: toLocalInput(NOW - HOUR) }, 6, NOW).ends_at).toEqual({ key: 'endBeforeStart' });
    expect(itemIssues({ ...good, starts_at: toLocalInput(NOW + 2 * HOUR) }, 6, NOW).ends_at).toEqual({ key: 'endBeforeStart' });
    expect(itemIssues({ ...good, mode: 'none', price: '', ends_at: '' }, 6, NOW)).toEqual({});
  });

  it('posts what the server takes', () => {
    expect(itemParams(good)).toEqual({
      collection_id: '1',
      name: 'Tide',
      type: 'image',
      media: '/media/nft/demo-art-5.webp',
      rarity: 'common',
      currency: '3',
      mode: 'auction',
      price: '50',
      step: '5',
      margin: '10',
      ends_at: new Date(toLocalInput(NOW + HOUR)).getTime(),
    });
    expect(itemParams({ ...good, mode: 'none' })).not.toHaveProperty('mode');
  });
});

describe('a new series', () => {
  it('checks each row, and sends the rows as JSON in slot order', () => {
    const d = {
      ...EMPTY_SERIES,
      collection_id: '1',
      name: 'Duo',
      cover: '/media/nft/demo-cover-box.webp',
      currency: '3',
      price: '5',
      ends_at: toLocalInput(NOW + 24 * HOUR),
      items: [
        { name: 'One', type: 'image' as const, media: '/media/nft/demo-art-1.webp', rarity: 'common' as const },
        { name: '', type: 'audio' as const, media: '/media/nft/demo-art-2.webp', rarity: 'rare' as const },
      ],
    };
    const issues = seriesIssues(d, 6, NOW);
    expect(issues.fields).toEqual({});
    expect(issues.rows[1]).toEqual({ name: { key: 'required' }, media: { key: 'mediaKind', values: { kind: 'audio' } } });
    expect(seriesHasIssues(issues)).toBe(true);
    const fixed = { ...d, items: [d.items[0], { ...d.items[1], name: 'Two', media: '/media/nft/demo-tone.mp3' }] };
    expect(seriesHasIssues(seriesIssues(fixed, 6, NOW))).toBe(false);
    const params = seriesParams(fixed);
    expect(JSON.parse(String(params.items))).toEqual([
      { name: 'One', type: 'image', media: '/media/nft/demo-art-1.webp', rarity: 'common' },
      { name: 'Two', type: 'audio', media: '/media/nft/demo-tone.mp3', cover: '/media/nft/demo-cover-box.webp', rarity: 'rare' },
    ]);
    expect(seriesIssues({ ...d, items: [] }, 6, NOW).fields.items).toEqual({ key: 'items' });
  });
});

describe('live auctions', () => {
  it('are the auctions among the listings on sale', () => {
    const l = (id: number, mode: 'normal' | 'auction', status: number) => ({ id, mode, status }) as AdminNftListing;
    expect(liveAuctions([l(1, 'auction', 1), l(2, 'normal', 1), l(3, 'auction', 2)]).map((x) => x.id)).toEqual([1]);
  });
});
