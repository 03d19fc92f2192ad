/**
 * The IEO screens as a user reads them in states the demo data does not
 * hold: an oversubscribed sale (over 100 %, allocated pro rata) and a
 * subscription that was allocated, credited and is being released, with the
 * user's own calculation line.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addEnglish, fakeServer, okAnswer, renderScreen } from '../../../test/screens';
import type { IeoOrder, Project } from '../api';
import { Progress } from '../components/Parts';
import ieoEn from '../locales/en.json';
import OrdersPage from '../pages/OrdersPage';

vi.mock('../../../lib/socket', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/socket')>()),
  useRealtime: () => undefined,
  ensureSocket: () => undefined,
}));

const EN = ieoEn.ieo;

const PROJECT: Project = {
  id: 1,
  name: 'Bourse Token (BRS)',
  intro: '',
  token_id: 20,
  token: 'BRS',
  pay_currency_id: 3,
  pay_currency: 'USDT',
  price: '0.1',
  supply: '1000000',
  user_cap: '50000',
  min_amount: '10',
  subscribed: '2500000',
  subscribers: 42,
  remaining: '0',
  oversubscribed: '250.00',
  starts_at: 0,
  ends_at: 1,
  lock_ends_at: 2,
  cycle_days: 30,
  cycles: 4,
  whitepaper: '',
  website: '',
  status: 1,
  allocation_ratio: null,
  server_time: 0,
};

const ORDER: IeoOrder = {
  id: 9,
  project_id: 1,
  name: 'Bourse Token (BRS)',
  token: 'BRS',
  pay_currency: 'USDT',
  price: '0.1',
  amount: '1000',
  cost: '100',
  allocated: '400',
  paid: '40',
  refund: '60',
  locked: '300',
  released: '100',
  next_release_at: new Date(2027, 0, 15, 8, 0).getTime(),
  status: 2,
  calculation: '1000 × 1000000 / 2500000 = 400',
  created_at: new Date(2026, 10, 26, 9, 0).getTime(),
};

describe('the IEO screens', () => {
  beforeAll(() => {
    addEnglish(ieoEn);
  });

  beforeEach(() => {
    fakeServer((url) => {
      if (url.startsWith('/api/user/project/order')) return okAnswer({ data: [ORDER], page: 1, limit: 20, total: 1, pages: 1 });
      if (url.startsWith('/api/currency/user_currency_list')) return okAnswer([]);
      return undefined;
    });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows an oversubscribed sale above 100 %, its bar full, and says allocation is pro rata', () => {
    renderScreen(<Progress p={PROJECT} exact={(v) => v} />);
    expect(screen.getByTestId('ieo-progress-percent')).toHaveTextContent('250.00%');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByTestId('ieo-oversubscribed')).toHaveTextContent(EN.oversubscribedNote);
  });

  it('once ended, names the share every subscription was granted', () => {
    renderScreen(<Progress p={{ ...PROJECT, status: 2, allocation_ratio: '40.00' }} exact={(v) => v} />);
    expect(screen.getByTestId('ieo-oversubscribed')).toHaveTextContent('40.00% of what it asked (pro rata)');
  });

  it('lists a credited subscription with its allocation, refund, locked, released, next release and calculation', async () => {
    renderScreen(<OrdersPage />);
    const card = await screen.findByTestId('ieo-order');
    expect(card).toHaveAttribute('data-state', 'credited');
    expect(within(card).getByTestId('ieo-order-state')).toHaveTextContent(EN.orderState.credited);
    expect(within(card).getByTestId('ieo-order-amount')).toHaveTextContent('1,000 BRS');
    expect(within(card).getByTestId('ieo-order-cost')).toHaveTextContent('100 USDT');
    expect(within(card).getByTestId('ieo-order-cost')).not.toHaveTextContent(EN.frozenNow);
    expect(within(card).getByTestId('ieo-order-allocated')).toHaveTextContent('400 BRS');
    expect(within(card).getByTestId('ieo-order-refund')).toHaveTextContent('60 USDT');
    expect(within(card).getByTestId('ieo-order-next')).toHaveTextContent('2027-01-15 08:00');
    expect(within(card).getByTestId('ieo-order-calc')).toHaveTextContent('1000 × 1000000 / 2500000 = 400');
    expect(within(card).getByText(EN.orderHint.credited)).toBeInTheDocument();
  });
});
