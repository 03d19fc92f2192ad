import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addEnglish, fakeServer, okAnswer, renderScreen } from '../../../test/screens';
import { NftPanel } from '../components/NftPanel';
import adminEn from '../locales/en.json';
import type { AdminNftListing } from '../nft';
import type { AdminArtistRoyalties } from '../royalties';

const EN = adminEn.admin.nft;

const LISTING: AdminNftListing = {
  id: 41,
  item_id: 20,
  name: 'Moire Tide',
  cover: '/media/nft/demo-art-5.webp',
  seller_id: 7,
  seller: 'ann',
  mode: 'normal',
  currency_name: 'USDT',
  price: '80',
  step: '0',
  margin: '0',
  starts_at: 1_800_000_000_000,
  ends_at: 1_800_600_000_000,
  status: 0,
  bids: 0,
  current_bid: null,
  created_at: 1_800_000_000_000,
};
const AUCTION: AdminNftListing = { ...LISTING, id: 42, name: 'Sunset Grid', seller_id: null, seller: null, mode: 'auction', step: '5', margin: '10', status: 1, bids: 3, current_bid: '65' };
const UNLINKED: AdminArtistRoyalties = { id: 1, name: 'Lumen Atelier', avatar: '/media/nft/demo-art-1.webp', user_id: null, user_account: null, unpaid: [{ currency: 3, currency_name: 'USDT', amount: '6.172839' }] };
const LINKED: AdminArtistRoyalties = { id: 2, name: 'Kai Moreau', avatar: '/media/nft/demo-art-2.webp', user_id: 12, user_account: 'ann@example.com', unpaid: [] };
const COINS = [{ id: 3, name: 'USDT', subName: 'Tether', decimals: 6, image: '', status: 1, kind: 'coin', price_usdt: '1', networks: [], withdraw_min: '0', withdraw_fee: '0' }];

const page = (data: unknown[]) => ({ data, page: 1, limit: 50, total: data.length, pages: 1 });

describe('the NFT panel', { timeout: 30_000 }, () => {
  const reviews: URLSearchParams[] = [];
  const items: URLSearchParams[] = [];
  const links: URLSearchParams[] = [];
  const unlinks: URLSearchParams[] = [];

  beforeAll(() => addEnglish(adminEn));

  beforeEach(() => {
    reviews.length = 0;
    items.length = 0;
    links.length = 0;
    unlinks.length = 0;
    fakeServer((url, init) => {
      if (url.startsWith('/admin/api/nft/royalties')) return okAnswer(page([UNLINKED, LINKED]));
      if (url.startsWith('/admin/api/nft/artist/link')) {
        links.push(new URLSearchParams(String(init?.body ?? '')));
        return okAnswer({ artist: { ...UNLINKED, user_id: 12, user_account: 'ann@example.com', unpaid: [] }, paid: UNLINKED.unpaid });
      }
      if (url.startsWith('/admin/api/nft/artist/unlink')) {
        unlinks.push(new URLSearchParams(String(init?.body ?? '')));
        return okAnswer({ ...LINKED, user_id: null, user_account: null });
      }
      if (url.startsWith('/admin/api/nft/listings')) return okAnswer(page(url.includes('status=0') ? [LISTING] : [AUCTION]));
      if (url.startsWith('/admin/api/nft/review')) {
        reviews.push(new URLSearchParams(String(init?.body ?? '')));
        return okAnswer('ok');
      }
      if (url.startsWith('/admin/api/nft/item')) {
        items.push(new URLSearchParams(String(init?.body ?? '')));
        return okAnswer({ id: 99, name: 'Tide' });
      }
      if (url.startsWith('/admin/api/nft/artists')) return okAnswer(page([{ id: 1, name: 'Lumen Atelier', avatar: '', intro: '', items: 5, collections: 1 }]));
      if (url.startsWith('/api/bind_box/getCollection')) return okAnswer(page([{ id: 1, name: 'Neon Horizons', cover: '', artist_id: 1, artist_name: 'Lumen Atelier', items: 5 }]));
      if (url.startsWith('/api/bind_box/getNftCurrency')) return okAnswer([{ id: 3, name: 'USDT' }]);
      if (url.startsWith('/api/currency/user_currency_list')) return okAnswer(COINS);
      return undefined;
    });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists the review queue and the live auctions', async () => {
    renderScreen(<NftPanel />, { token: 'admin-token' });
    const review = await screen.findByTestId('admin-nft-review');
    expect(review).toHaveTextContent('Moire Tide');
    expect(review).toHaveTextContent('80 USDT');
    const auction = await screen.findByTestId('admin-nft-auction');
    expect(within(auction).getByTestId('admin-nft-current-bid')).toHaveTextContent('65 USDT');
  });

  it('approves a listing after a confirmation', async () => {
    renderScreen(<NftPanel />, { token: 'admin-token' });
    const review = await screen.findByTestId('admin-nft-review');
    fireEvent.click(within(review).getByTestId('admin-nft-approve'));
    await screen.findByTestId('admin-nft-review-confirm');
    const confirm = await waitFor(() => {
      const b = [...document.querySelectorAll<HTMLElement>('.adm-dialog-button-bold')].find((x) => x.textContent === EN.approve);
      expect(b).toBeDefined();
      return b as HTMLElement;
    });
    fireEvent.click(confirm);
    await waitFor(() => expect(reviews).toHaveLength(1));
    expect(Object.fromEntries(reviews[0])).toMatchObject({ id: '41', approve: '1' });
  });

  it('checks the new-item form before posting, then posts it', async () => {
    renderScreen(<NftPanel />, { token: 'admin-token' });
    fireEvent.click(await screen.findByTestId('admin-nft-new-item'));
    const form = await screen.findByTestId('admin-nft-item-form');
    fireEvent.click(within(form).getByTestId('admin-nft-item-submit'));
    expect(await within(form).findByTestId('admin-nft-item-name-error')).toHaveTextContent(EN.errors.required);
    expect(within(form).getByTestId('admin-nft-item-collection-error')).toHaveTextContent(EN.errors.collection);
    expect(within(form).getByTestId('admin-nft-item-media-error')).toHaveTextContent(EN.errors.required);
    expect(items).toHaveLength(0);

    const field = (id: string) => within(form).getByTestId(id);
    await waitFor(() => expect(field('admin-nft-item-collection').querySelectorAll('option')).toHaveLength(2));
    fireEvent.change(field('admin-nft-item-collection').querySelector('select') as HTMLSelectElement, { target: { value: '1' } });
    fireEvent.change(field('admin-nft-item-name').querySelector('input') as HTMLInputElement, { target: { value: 'Tide' } });
    fireEvent.change(field('admin-nft-item-media').querySelector('input') as HTMLInputElement, { target: { value: 'not-an-address' } });
    expect(await within(form).findByTestId('admin-nft-item-media-error')).toHaveTextContent(EN.errors.media.split('(')[0].trim());
    fireEvent.change(field('admin-nft-item-media').querySelector('input') as HTMLInputElement, { target: { value: '/media/nft/demo-art-5.webp' } });
    await waitFor(() => expect(field('admin-nft-item-currency').querySelectorAll('option')).toHaveLength(2));
    fireEvent.change(field('admin-nft-item-currency').querySelector('select') as HTMLSelectElement, { target: { value: '3' } });
    fireEvent.click(within(form).getByTestId('admin-nft-item-mode-normal'));
    fireEvent.change(field('admin-nft-item-price').querySelector('input') as HTMLInputElement, { target: { value: '1.1234567' } });
    expect(await within(form).findByTestId('admin-nft-item-price-error')).toHaveTextContent('At most 6 decimals');
    fireEvent.change(field('admin-nft-item-price').querySelector('input') as HTMLInputElement, { target: { value: '30' } });
    fireEvent.change(field('admin-nft-item-ends').querySelector('input') as HTMLInputElement, { target: { value: '2030-01-01T10:00' } });
    fireEvent.click(within(form).getByTestId('admin-nft-item-submit'));
    await waitFor(() => expect(items).toHaveLength(1));
    expect(Object.fromEntries(items[0])).toMatchObject({
      collection_id: '1',
      name: 'Tide',
      type: 'image',
      media: '/media/nft/demo-art-5.webp',
      rarity: 'common',
      currency: '3',
      mode: 'normal',
      price: '30',
      ends_at: String(new Date(2030, 0, 1, 10, 0).getTime()),
    });
  });

  it('shows the link of each artist and what an unlinked one accrued', async () => {
    renderScreen(<NftPanel />, { token: 'admin-token' });
    await waitFor(() => expect(screen.getAllByTestId('admin-nft-artist-royalties')).toHaveLength(2));
    const [unlinked, linked] = screen.getAllByTestId('admin-nft-artist-royalties');
    expect(unlinked).toHaveTextContent(EN.royalties.notLinked);
    expect(within(unlinked).getByTestId('admin-nft-artist-unpaid')).toHaveTextContent('6.172839 USDT');
    expect(within(unlinked).queryByTestId('admin-nft-unlink')).toBeNull();
    expect(within(linked).getByTestId('admin-nft-artist-user')).toHaveTextContent('Linked to user #12 · ann@example.com');
    expect(within(linked).getByTestId('admin-nft-artist-unpaid')).toHaveTextContent(EN.royalties.nothingUnpaid);
    expect(within(linked).queryByTestId('admin-nft-link')).toBeNull();
  });

  it('checks the link form, then links the artist to the user named', async () => {
    renderScreen(<NftPanel />, { token: 'admin-token' });
    await waitFor(() => expect(screen.getAllByTestId('admin-nft-artist-royalties')).toHaveLength(2));
    fireEvent.click(within(screen.getAllByTestId('admin-nft-artist-royalties')[0]).getByTestId('admin-nft-link'));
    const form = await screen.findByTestId('admin-nft-link-form');
    expect(form).toHaveTextContent('Link Lumen Atelier to a user');
    fireEvent.click(within(form).getByTestId('admin-nft-link-submit'));
    expect(await within(form).findByTestId('admin-nft-link-user-error')).toHaveTextContent(EN.errors.required);
    const input = within(form).getByTestId('admin-nft-link-user').querySelector('input') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'ann@' } });
    expect(await within(form).findByTestId('admin-nft-link-user-error')).toHaveTextContent(EN.errors.account);
    fireEvent.click(within(form).getByTestId('admin-nft-link-by-id'));
    fireEvent.change(input, { target: { value: '12x' } });
    expect(await within(form).findByTestId('admin-nft-link-user-error')).toHaveTextContent(EN.errors.userId);
    expect(links).toHaveLength(0);
    fireEvent.change(input, { target: { value: '12' } });
    fireEvent.click(within(form).getByTestId('admin-nft-link-submit'));
    await waitFor(() => expect(links).toHaveLength(1));
    expect(Object.fromEntries(links[0])).toMatchObject({ artist_id: '1', user_id: '12' });
  });

  it('unlinks an artist after a confirmation', async () => {
    renderScreen(<NftPanel />, { token: 'admin-token' });
    await waitFor(() => expect(screen.getAllByTestId('admin-nft-artist-royalties')).toHaveLength(2));
    fireEvent.click(within(screen.getAllByTestId('admin-nft-artist-royalties')[1]).getByTestId('admin-nft-unlink'));
    expect(await screen.findByTestId('admin-nft-unlink-confirm')).toHaveTextContent('Unlink Kai Moreau?');
    const confirm = await waitFor(() => {
      const b = [...document.querySelectorAll<HTMLElement>('.adm-dialog-button-bold')].find((x) => x.textContent === EN.royalties.unlink);
      expect(b).toBeDefined();
      return b as HTMLElement;
    });
    fireEvent.click(confirm);
    await waitFor(() => expect(unlinks).toHaveLength(1));
    expect(Object.fromEntries(unlinks[0])).toMatchObject({ artist_id: '2' });
  });
});
