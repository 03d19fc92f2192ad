import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LockReserve } from '../../../shared/lock/types';
import { addEnglish, fakeServer, okAnswer, renderScreen } from '../../../test/screens';
import { EarnPanel } from '../components/EarnPanel';
import adminEn from '../locales/en.json';
import { ETH_PRODUCT } from './fixtures';

const EN = adminEn.admin.earn;

const PRODUCT = { ...ETH_PRODUCT, names: { zh: 'ETH 30天锁仓' } };

const RESERVES: LockReserve[] = [
  { currency_id: 1, currency: 'BTC', reserve: '2', promised: '0', coverage: null },
  { currency_id: 2, currency: 'ETH', reserve: '1', promised: '1.2', coverage: '83.33' },
];

const COINS = [{ id: 2, name: 'ETH', subName: 'Ethereum', decimals: 8, image: '', status: 1, kind: 'coin', price_usdt: '3500', networks: [], withdraw_min: '0', withdraw_fee: '0' }];

// The sheets and dialogs animate (frames in jsdom): a form flow takes a few seconds under a busy run.
describe('the Earn panel', { timeout: 30_000 }, () => {
  const posts: URLSearchParams[] = [];
  const funds: URLSearchParams[] = [];
  let refuse = false;

  beforeAll(() => {
    addEnglish(adminEn);
  });

  beforeEach(() => {
    posts.length = 0;
    funds.length = 0;
    refuse = false;
    fakeServer((url, init) => {
      if (url.startsWith('/admin/api/earn/lock/products')) return okAnswer([PRODUCT]);
      if (url.startsWith('/admin/api/earn/lock/product')) {
        posts.push(new URLSearchParams(String(init?.body ?? '')));
        return refuse ? new Response(JSON.stringify({ type: 'error', message: 'Amount too large' }), { status: 400 }) : okAnswer(PRODUCT);
      }
      if (url.startsWith('/admin/api/earn/reserves/fund')) {
        funds.push(new URLSearchParams(String(init?.body ?? '')));
        return refuse ? new Response(JSON.stringify({ type: 'error', message: 'Try again' }), { status: 500 }) : okAnswer(RESERVES);
      }
      if (url.startsWith('/admin/api/earn/reserves')) return okAnswer(RESERVES);
      if (url.startsWith('/api/currency/user_currency_list')) return okAnswer(COINS);
      return undefined;
    });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function renderPanel() {
    renderScreen(<EarnPanel />, { token: 'admin-token' });
  }

  it('shows the reserves, with a coverage below 100 % in warning colours', async () => {
    renderPanel();
    const rows = await screen.findAllByTestId('admin-earn-reserve');
    expect(rows.map((r) => r.dataset.currency)).toEqual(['BTC', 'ETH']);
    expect(within(rows[0]).getByText(EN.noPromise)).toBeInTheDocument();
    const coverage = within(rows[1]).getByTestId('admin-earn-coverage');
    expect(coverage).toHaveAttribute('data-low', 'true');
    expect(coverage).toHaveTextContent('83.33%');
  });

  it('lists a product with its range in percent and why it is closed', async () => {
    renderPanel();
    const card = await screen.findByTestId('admin-earn-product');
    expect(within(card).getByTestId('admin-earn-product-range')).toHaveTextContent('0.30% – 0.50%');
    expect(card).toHaveAttribute('data-state', 'uncovered');
    expect(within(card).getByText(EN.state.uncovered)).toBeInTheDocument();
  });

  it('checks the edited terms before posting, then posts shares', async () => {
    renderPanel();
    const card = await screen.findByTestId('admin-earn-product');
    fireEvent.click(within(card).getByTestId('admin-earn-edit'));
    const editor = await screen.findByTestId('admin-earn-product-editor');
    const input = (field: string) => within(editor).getByTestId(`admin-earn-${field}`).querySelector('input') as HTMLInputElement;
    await waitFor(() => expect(input('rate_min').value).toBe('0.3'));

    fireEvent.change(input('rate_min'), { target: { value: '0.6' } });
    fireEvent.click(within(editor).getByTestId('admin-earn-product-submit'));
    expect(await within(editor).findByText(EN.errors.rateOrder)).toBeInTheDocument();
    expect(posts).toHaveLength(0);

    fireEvent.change(input('rate_min'), { target: { value: '0.07' } });
    fireEvent.click(within(editor).getByTestId('admin-earn-product-submit'));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(Object.fromEntries(posts[0])).toMatchObject({
      id: '7',
      category: 'defi',
      currency: '2',
      rate_min: '0.0007',
      rate_max: '0.005',
      penalty: '0.005',
      days: '30',
      enabled: '1',
    });
    expect(posts[0].has('sort')).toBe(false);
  });

  it('edits the name in the other languages: the stored ones first, each filled one posted', async () => {
    renderPanel();
    const card = await screen.findByTestId('admin-earn-product');
    fireEvent.click(within(card).getByTestId('admin-earn-edit'));
    const editor = await screen.findByTestId('admin-earn-product-editor');
    const names = await within(editor).findByTestId('admin-earn-names');
    const box = () => within(names).getByTestId('admin-earn-names-input').querySelector('input') as HTMLInputElement;
    // Chinese is chosen first and holds the stored name; one of eight filled.
    await waitFor(() => expect(box().value).toBe('ETH 30天锁仓'));
    expect(within(names).getByTestId('admin-earn-names-count')).toHaveTextContent('1 of 8');
    fireEvent.click(within(names).getByTestId('admin-earn-names-fra'));
    expect(box().value).toBe('');
    fireEvent.change(box(), { target: { value: 'x'.repeat(41) } });
    fireEvent.click(within(editor).getByTestId('admin-earn-product-submit'));
    expect(await within(editor).findByText('The Français text is too long: at most 40 characters')).toBeInTheDocument();
    expect(posts).toHaveLength(0);
    fireEvent.change(box(), { target: { value: 'Blocage ETH 30 jours' } });
    expect(within(names).getByTestId('admin-earn-names-fra')).toHaveClass('filled');
    fireEvent.click(within(editor).getByTestId('admin-earn-product-submit'));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(Object.fromEntries(posts[0])).toMatchObject({ name: PRODUCT.name, name_zh: 'ETH 30天锁仓', name_fra: 'Blocage ETH 30 jours' });
    expect(posts[0].has('name_kor')).toBe(false);
  });

  it('keeps the form as typed when the server refuses', async () => {
    refuse = true;
    renderPanel();
    const card = await screen.findByTestId('admin-earn-product');
    fireEvent.click(within(card).getByTestId('admin-earn-edit'));
    const editor = await screen.findByTestId('admin-earn-product-editor');
    // The fields come once the coin list has loaded (the editor shows a placeholder until then).
    const total = (await within(editor).findByTestId('admin-earn-total_cap')).querySelector('input') as HTMLInputElement;
    await waitFor(() => expect(total.value).toBe('1000'));
    fireEvent.change(total, { target: { value: '99999999999' } });
    fireEvent.click(within(editor).getByTestId('admin-earn-product-submit'));
    await waitFor(() => expect(posts).toHaveLength(1));
    // Still open, still as typed.
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByTestId('admin-earn-product-editor')).toBeInTheDocument();
    expect(total.value).toBe('99999999999');
  });

  /** Opens the fund form, picks ETH, types `amount`, submits and confirms. */
  async function fundEth(amount: string) {
    fireEvent.click(await screen.findByTestId('admin-earn-fund'));
    const editor = await screen.findByTestId('admin-earn-fund-editor');
    fireEvent.click(await within(editor).findByTestId('admin-earn-fund-coin'));
    const item = await screen.findByText('ETH', { selector: '.adm-picker-view-column-item-label' });
    fireEvent.click(item);
    fireEvent.click(screen.getByText(i18next.t('common.confirm'), { selector: '.adm-picker-header-button' }));
    await waitFor(() => expect(within(editor).getByTestId('admin-earn-fund-coin')).toHaveTextContent('ETH'));
    fireEvent.change(within(editor).getByTestId('admin-earn-fund-amount').querySelector('input') as HTMLInputElement, { target: { value: amount } });
    await submitFund(editor);
    return editor;
  }

  async function submitFund(editor: HTMLElement) {
    // Each confirmation is a new dialog at the end of the page; an earlier one may still be fading out, or
    // go just as the new one comes (so their number may not change): the new one's button is one not seen before.
    const buttons = () => [...document.querySelectorAll<HTMLElement>('.adm-dialog-button-bold')].filter((b) => b.textContent === EN.fund.submit);
    const before = new Set(buttons());
    // The button is disabled while the previous funding is in flight (a refusal is still being read).
    const submit = within(editor).getByTestId('admin-earn-fund-submit');
    await waitFor(() => expect(submit).not.toBeDisabled(), { timeout: 3000 });
    fireEvent.click(submit);
    let fresh: HTMLElement | undefined;
    await waitFor(
      () => {
        fresh = buttons().find((b) => !before.has(b));
        expect(fresh).toBeDefined();
      },
      { timeout: 3000 },
    );
    fireEvent.click(fresh as HTMLElement);
  }

  it('funds with one key per form: the same on a retry, a fresh one after a success', async () => {
    renderPanel();
    refuse = true;
    const editor = await fundEth('1');
    await waitFor(() => expect(funds).toHaveLength(1), { timeout: 3000 });
    expect(Object.fromEntries(funds[0])).toMatchObject({ currency: '2', amount: '1' });
    const first = funds[0].get('request_id');
    expect(first).toMatch(/^[0-9a-f]{32}$/);

    // Refused: the form stays; sent again, it carries the same key.
    refuse = false;
    await submitFund(editor);
    await waitFor(() => expect(funds).toHaveLength(2), { timeout: 3000 });
    expect(funds[1].get('request_id')).toBe(first);
    await waitFor(() => expect(screen.queryByTestId('admin-earn-fund-editor')).toBeNull());

    // A new form, a new key.
    await fundEth('2');
    await waitFor(() => expect(funds).toHaveLength(3), { timeout: 3000 });
    expect(funds[2].get('request_id')).not.toBe(first);
  });
});
