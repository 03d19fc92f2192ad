/**
 * The dual-investment orders as a user reads them once settled (the demo
 * products settle days later): the settlement price, the payout, the
 * outcome that happened marked, the index samples averaged; and a failed
 * order with its reason.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addEnglish, fakeServer, okAnswer, renderScreen } from '../../../test/screens';
import type { DualOrder } from '../api';
import { OrderCard } from '../components/OrderCard';
import investEn from '../locales/en.json';

vi.mock('../../../lib/socket', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/socket')>()),
  useRealtime: () => undefined,
  ensureSocket: () => undefined,
}));

const EN = investEn.invest;

const SAMPLES = [
  { at: new Date(2026, 10, 28, 7, 30).getTime(), price: '68400.10' },
  { at: new Date(2026, 10, 28, 7, 45).getTime(), price: '68500.30' },
  { at: new Date(2026, 10, 28, 8, 0).getTime(), price: '68600.20' },
];

const SETTLED: DualOrder = {
  id: 5,
  product_id: 1,
  currency: 'BTC',
  quote: 'USDT',
  kind: 'call',
  shares: 1,
  amount: '0.01',
  invest_currency: 'BTC',
  apr: '36.50',
  linked_price: '68300',
  days: 1,
  matures_at: new Date(2026, 10, 28, 8, 0).getTime(),
  status: 2,
  if_below: { amount: '0.01001', currency: 'BTC' },
  if_above: { amount: '683.683', currency: 'USDT' },
  settlement_price: '68500.2',
  payout: { amount: '683.683', currency: 'USDT' },
  reason: null,
  samples: SAMPLES,
  created_at: new Date(2026, 10, 26, 9, 0).getTime(),
  settled_at: new Date(2026, 10, 28, 8, 0).getTime(),
};

describe('a dual-investment order', () => {
  beforeAll(() => {
    addEnglish(investEn);
  });

  beforeEach(() => {
    fakeServer((url) => {
      if (url.startsWith('/api/currency/quotation_new')) return okAnswer([{ quotation: [] }]);
      if (url.startsWith('/api/currency/user_currency_list')) return okAnswer([]);
      return undefined;
    });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('once completed, shows the settlement price, the payout, the outcome that happened and the samples averaged', () => {
    renderScreen(<OrderCard o={SETTLED} />);
    const card = screen.getByTestId('dual-order');
    expect(card).toHaveAttribute('data-state', 'completed');
    expect(within(card).getByTestId('dual-order-state')).toHaveTextContent(EN.orderState.completed);
    expect(within(card).getByTestId('dual-order-settlement')).toHaveTextContent('68,500.2');
    expect(within(card).getByTestId('dual-order-payout')).toHaveTextContent('683.683 USDT');
    // A call settling at or above the linked price: the "above" outcome happened.
    expect(within(card).getByTestId('dual-outcome-above')).toHaveClass('hit');
    expect(within(card).getByTestId('dual-outcome-below')).toHaveClass('miss');
    expect(within(card).getByTestId('dual-outcome-above')).toHaveTextContent('Settles ≥ 68,300');
    expect(within(card).getByTestId('dual-outcome-below')).toHaveTextContent('Settles < 68,300');
    const samples = within(card).getByTestId('dual-samples');
    expect(samples).toHaveTextContent('Average of 3 index samples');
    fireEvent.click(within(samples).getByText('Average of 3 index samples'));
    expect(within(samples).getAllByRole('listitem')).toHaveLength(3);
    expect(samples).toHaveTextContent('68,400.1');
  });

  it('when failed, says why', () => {
    renderScreen(<OrderCard o={{ ...SETTLED, status: 3, settlement_price: null, payout: null, samples: [], reason: 'Index unavailable', settled_at: null }} />);
    const card = screen.getByTestId('dual-order');
    expect(card).toHaveAttribute('data-state', 'failed');
    expect(within(card).getByTestId('dual-order-reason')).toHaveTextContent('Failed: Index unavailable');
    expect(within(card).queryByTestId('dual-samples')).toBeNull();
  });

  it('puts the linked price itself on the coin side for a put', () => {
    renderScreen(<OrderCard o={{ ...SETTLED, kind: 'put', status: 0, settlement_price: null, payout: null, samples: [], settled_at: null }} />);
    const card = screen.getByTestId('dual-order');
    expect(within(card).getByTestId('dual-outcome-below')).toHaveTextContent('Settles ≤ 68,300');
    expect(within(card).getByTestId('dual-outcome-above')).toHaveTextContent('Settles > 68,300');
    expect(within(card).getByTestId('dual-order-state')).toHaveTextContent(EN.orderState.purchased);
  });
});
