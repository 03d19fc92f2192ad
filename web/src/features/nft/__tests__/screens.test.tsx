/**
 * The auction screens as a bidder reads them: a bid arriving on the socket
 * moves the current bid, the next minimum and the end at once (and says the
 * end moved), and the bid form refuses a bid under the next minimum with
 * the spec's words.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../../app/store';
import { loadSession } from '../../../lib/session';
import { addEnglish, fakeServer, okAnswer } from '../../../test/screens';
import type { ItemDetail } from '../api';
import nftEn from '../locales/en.json';
import ArtworkDetailPage from '../pages/ArtworkDetailPage';
import BidPage from '../pages/BidPage';

const handlers = new Map<string, (payload: unknown) => void>();
const subscribed: unknown[] = [];

vi.mock('../../../lib/socket', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/socket')>()),
  useRealtime: () => undefined,
  ensureSocket: () => undefined,
  subscribeChannel: (sub: unknown) => {
    subscribed.push(sub);
    return () => undefined;
  },
  onSocketEvent: (event: string, handler: (payload: unknown) => void) => {
    handlers.set(event, handler);
    return () => handlers.delete(event);
  },
  onReconnect: () => () => undefined,
}));

const EN = nftEn.nft;
const NOW = Date.now();
const ENDS = NOW + 600_000;

const DETAIL: ItemDetail = {
  item: {
    id: 14,
    name: 'Sunset Grid',
    type: 'image',
    cover: '/media/nft/demo-art-4.webp',
    media: '/media/nft/demo-art-4.webp',
    rarity: 'epic',
    rarity_level: 2,
    artist_id: 1,
    artist_name: 'Lumen Atelier',
    collection_id: 1,
    collection_name: 'Neon Horizons',
    currency: 3,
    currency_name: 'USDT',
    listing_id: 9,
    mode: 'auction',
    price: '50',
    current_bid: '60',
    last_price: null,
    step: '5',
    margin: '10',
    starts_at: NOW - 60_000,
    ends_at: ENDS,
    bids: 2,
    sale_status: 1,
    favourites: 0,
    collected: false,
    resale: false,
    owner: 'platform',
    listing_status: null,
  },
  intro: 'A synthwave sun.',
  artist: { id: 1, name: 'Lumen Atelier', avatar: '/media/nft/demo-art-2.webp' },
  collection: { id: 1, name: 'Neon Horizons' },
  history: [],
  auction: {
    listing_id: 9,
    status: 1,
    current_bid: '60',
    min_bid: '65',
    step: '5',
    margin: '10',
    bidders: 2,
    joined: 2,
    bids: 2,
    starts_at: NOW - 60_000,
    ends_at: ENDS,
    leader_is_me: false,
    joined_me: true,
    my_bid: '55',
    extend_window_ms: 300_000,
    extend_to_ms: 300_000,
  },
  payment: null,
  server_time: NOW,
};

const COINS = [{ id: 3, name: 'USDT', subName: 'Tether', decimals: 6, image: '', status: 1, kind: 'coin', price_usdt: '1', networks: [], withdraw_min: '0', withdraw_fee: '0' }];

function renderAt(path: string, node: React.ReactNode) {
  const store = makeStore({ ...loadSession(), lang: 'en', token: 'user-token', user: { id: 5 } as never });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>
    </Provider>,
  );
}

describe('an auction', { timeout: 20_000 }, () => {
  beforeAll(() => addEnglish(nftEn));

  beforeEach(() => {
    handlers.clear();
    subscribed.length = 0;
    fakeServer((url) => {
      if (url.startsWith('/api/bind_box/getBoxDetail')) return okAnswer(DETAIL);
      if (url.startsWith('/api/bind_box/getBindBoxQuotationLog')) return okAnswer({ data: [], page: 1, limit: 10, total: 0, pages: 0 });
      if (url.startsWith('/api/currency/user_currency_list')) return okAnswer(COINS);
      return undefined;
    });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows a bid from the socket at once, and says when a late bid moved the end', async () => {
    renderAt('/pages/nft/artworkDetail?id=14', <ArtworkDetailPage />);
    expect(await screen.findByTestId('nft-current-bid')).toHaveTextContent('60 USDT');
    // The step and the deposit are amounts of the auction's coin, and say which.
    expect(screen.getByTestId('nft-step')).toHaveTextContent(/^5 USDT$/);
    expect(screen.getByTestId('nft-deposit-figure')).toHaveTextContent(/^10 USDT$/);
    expect(screen.getByTestId('nft-bids')).toHaveTextContent(/^2 \(2 bidders\)$/);
    expect(subscribed).toContainEqual({ channel: 'nft', symbol: '9' });
    const bid = handlers.get('nft_bid');
    expect(bid).toBeDefined();
    act(() => bid?.({ listing_id: 9, item_id: 14, price: '70', bidder: 'd***@x.io', bids: 3, bidders: 3, joined: 3, ends_at: ENDS + 120_000, status: 1 }));
    // The store takes it at once; the screen on the next frame (RTK batches cache patches).
    await waitFor(() => expect(screen.getByTestId('nft-current-bid')).toHaveTextContent('70 USDT'));
    expect(screen.getByTestId('nft-min-bid')).toHaveTextContent('75 USDT');
    expect(screen.getByTestId('nft-bids')).toHaveTextContent('3 (3 bidders)');
    expect(screen.getByTestId('nft-extended')).toHaveTextContent(EN.auction.extended.split('{{')[0].trim());
    // Another listing's bid changes nothing.
    act(() => bid?.({ listing_id: 10, item_id: 15, price: 9_900_000_000, bidder: 'd***@x.io', bids: 9, bidders: 3, ends_at: ENDS, status: 1 }));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByTestId('nft-current-bid')).toHaveTextContent('70 USDT');
  });

  it('refuses a bid under the next minimum with the spec\'s words', async () => {
    renderAt('/pages/nft/purchase?id=14', <BidPage />);
    const box = (await screen.findByTestId('nft-bid-price')).querySelector('input') as HTMLInputElement;
    fireEvent.change(box, { target: { value: '61' } });
    expect(await screen.findByTestId('nft-bid-price-error')).toHaveTextContent('The bid must be greater than the current bid');
    expect(screen.getByTestId('nft-bid-price-error')).toHaveAttribute('data-key', 'low');
    fireEvent.change(box, { target: { value: '65' } });
    expect(screen.queryByTestId('nft-bid-price-error')).toBeNull();
  });
});
