import { describe, expect, it } from 'vitest';
import type { BalanceRow, WalletList } from '../../../shared/funds/api';
import {
  availableOf,
  balancesForTab,
  checkAmount,
  coinParam,
  coinView,
  isAssetTab,
  isSmallBalance,
  reasonKey,
  receiveAfterFee,
  splitByTab,
  sumDecimals,
  tabTotal,
  truncateDecimal,
  visibleBalances,
} from '../logic';

function row(name: string, kind: string, available: string, value_usdt: string, frozen = '0', currency_id = 1): BalanceRow {
  return { currency_id, name, image: '', kind, available, frozen, value_usdt };
}

const wallet: WalletList = {
  total_usdt: '77100.5',
  accounts: [
    { account: 1, name: 'legal', total_usdt: '0', balances: [row('USDT', 'coin', '0', '0', '0', 3), row('AAPL', 'stock', '0', '0', '0', 101)] },
    {
      account: 2,
      name: 'change',
      total_usdt: '77050.5',
      balances: [
        row('BTC', 'coin', '1', '67000', '0', 1),
        row('ETH', 'coin', '0', '0', '0', 2),
        row('USDT', 'coin', '10000', '10000', '0', 3),
        row('TRX', 'coin', '2', '0.24', '0', 4),
        row('AAPL', 'stock', '0.2', '45.6', '0', 101),
        row('TSLA', 'stock', '0', '0', '0', 102),
      ],
    },
    { account: 3, name: 'lever', total_usdt: '50', balances: [row('USDT', 'coin', '50', '50', '0', 3), row('TSLA', 'stock', '0.01', '3.45', '0', 102)] },
    { account: 4, name: 'micro', total_usdt: '0', balances: [row('USDT', 'coin', '0', '0', '0', 3)] },
  ],
};

describe('exact decimals', () => {
  it('sums a list, ignoring what is not a number', () => {
    expect(sumDecimals(['67000', '10000', '0.24', 'oops'])).toBe('77000.24');
  });

  it('cuts toward zero, never rounding up', () => {
    expect(truncateDecimal('1.239', 2)).toBe('1.23');
    expect(truncateDecimal('100.000', 6)).toBe('100');
    expect(truncateDecimal('0.00000099', 6)).toBe('0');
  });
});

describe('amount input and validation', () => {
  it('asks for an amount, a number, and a positive one', () => {
    expect(checkAmount('', { decimals: 6 })?.key).toBe('fund.validation.amountRequired');
    expect(checkAmount('1e5', { decimals: 6 })?.key).toBe('fund.validation.amountInvalid');
    expect(checkAmount('-1', { decimals: 6 })?.key).toBe('fund.validation.amountInvalid');
    expect(checkAmount('0.000', { decimals: 6 })?.key).toBe('fund.validation.amountPositive');
  });

  it('accepts at most the coin decimals (trailing zeros do not count)', () => {
    expect(checkAmount('100.123456', { decimals: 6 })).toBeNull();
    expect(checkAmount('100.1234560', { decimals: 6 })).toBeNull();
    expect(checkAmount('100.1234567', { decimals: 6 })).toEqual({ key: 'fund.validation.amountDecimals', values: { decimals: 6 } });
    expect(checkAmount('0.1', { decimals: 0 })?.key).toBe('fund.validation.amountDecimals');
  });

  it('checks the minimum and the available balance inclusively', () => {
    const rules = { decimals: 6, min: '10', max: '9950' };
    expect(checkAmount('9.999999', rules)).toEqual({ key: 'fund.validation.amountMin', values: { min: '10' } });
    expect(checkAmount('10', rules)).toBeNull();
    expect(checkAmount('9950', rules)).toBeNull();
    expect(checkAmount('9950.000001', rules)).toEqual({ key: 'fund.validation.amountMax', values: { max: '9950' } });
  });
});

describe('receive = amount − fee', () => {
  it('is exact on decimal strings', () => {
    expect(receiveAfterFee('20', '1')).toBe('19');
    expect(receiveAfterFee('0.0015', '0.0005')).toBe('0.001');
    expect(receiveAfterFee('0.3', '0.1')).toBe('0.2');
  });

  it('is zero when the fee eats it all, unknown while the amount is not a number', () => {
    expect(receiveAfterFee('0.5', '1')).toBe('0');
    expect(receiveAfterFee('', '1')).toBeNull();
    expect(receiveAfterFee('1.', '1')).toBeNull();
  });
});

describe('balances by tab', () => {
  it('splits spot into crypto and stock by kind, most valuable first', () => {
    expect(balancesForTab(wallet, 'crypto').map((r) => r.name)).toEqual(['BTC', 'USDT', 'TRX', 'ETH']);
    expect(balancesForTab(wallet, 'stock').map((r) => r.name)).toEqual(['AAPL', 'TSLA']);
  });

  it('shows the other accounts’ coins, and a stock only when some was moved there', () => {
    expect(balancesForTab(wallet, 'fiat').map((r) => r.name)).toEqual(['USDT']);
    expect(balancesForTab(wallet, 'futures').map((r) => r.name)).toEqual(['USDT', 'TSLA']);
    expect(balancesForTab(wallet, 'options').map((r) => r.name)).toEqual(['USDT']);
    expect(balancesForTab(undefined, 'crypto')).toEqual([]);
  });

  it('totals a tab and splits the whole wallet by tab, leaving empty tabs out', () => {
    expect(tabTotal(balancesForTab(wallet, 'crypto'))).toBe('77000.24');
    expect(splitByTab(wallet)).toEqual([
      { key: 'crypto', label: 'fund.tabs.crypto', value: '77000.24' },
      { key: 'futures', label: 'fund.tabs.futures', value: '53.45' },
      { key: 'stock', label: 'fund.tabs.stock', value: '45.6' },
    ]);
  });

  it('finds the available amount of a coin in an account', () => {
    expect(availableOf(wallet, 3, 3)).toBe('50');
    expect(availableOf(wallet, 4, 1)).toBe('0');
  });
});

describe('hide small balances', () => {
  it('counts empty balances and those under 1 USDT as small', () => {
    expect(isSmallBalance(row('ETH', 'coin', '0', '0'))).toBe(true);
    expect(isSmallBalance(row('TRX', 'coin', '2', '0.24'))).toBe(true);
    expect(isSmallBalance(row('USDT', 'coin', '1', '1'))).toBe(false);
    // Frozen money counts: an order in flight is not a small balance.
    expect(isSmallBalance(row('BTC', 'coin', '0', '6700', '0.1'))).toBe(false);
  });

  it('filters only when asked', () => {
    const rows = balancesForTab(wallet, 'crypto');
    expect(visibleBalances(rows, false)).toHaveLength(4);
    expect(visibleBalances(rows, true).map((r) => r.name)).toEqual(['BTC', 'USDT']);
  });
});

describe('ledger reasons', () => {
  it('are looked up under fund.reason', () => {
    expect(reasonKey('deposit')).toBe('fund.reason.deposit');
    expect(reasonKey('nft_margin')).toBe('fund.reason.nft_margin');
  });
});

describe('the mining tab', () => {
  const withMining: WalletList = {
    ...wallet,
    total_usdt: '77200.5',
    accounts: [...wallet.accounts, { account: 6, name: 'mining', total_usdt: '100', balances: [row('USDT', 'coin', '100', '100', '0', 3), row('BTC', 'coin', '0', '0', '0', 1)] }],
  };

  it('is the mining account, counted in the split', () => {
    expect(isAssetTab('mining')).toBe(true);
    expect(balancesForTab(withMining, 'mining').map((r) => r.name)).toEqual(['USDT', 'BTC']);
    expect(splitByTab(withMining).find((x) => x.key === 'mining')).toEqual({ key: 'mining', label: 'fund.tabs.mining', value: '100' });
  });

  it('is left out of the split while nothing is locked (or the server lists no mining account)', () => {
    expect(splitByTab(wallet).some((x) => x.key === 'mining')).toBe(false);
    expect(balancesForTab(wallet, 'mining')).toEqual([]);
  });
});

describe('the coin a page is about', () => {
  const of = (query: string) => coinParam(new URLSearchParams(query));

  it('reads a positive whole id', () => {
    expect(of('currency=3')).toBe(3);
    expect(of('currency=12&type=2')).toBe(12);
  });

  it('names no coin when the id is missing or not an id', () => {
    expect(of('')).toBeNull();
    expect(of('currency=')).toBeNull();
    expect(of('currency=0')).toBeNull();
    expect(of('currency=-1')).toBeNull();
    expect(of('currency=1.5')).toBeNull();
    expect(of('currency=BTC')).toBeNull();
    expect(of('currency=99999999999999999999')).toBeNull();
  });
});

describe('what a page about one coin shows', () => {
  const coins = [{ id: 1 }, { id: 3 }];
  const view = (query: string, list: { id: number }[] | undefined = coins) => coinView(new URLSearchParams(query), list);
  const beforeTheList = (query: string) => coinView(new URLSearchParams(query), undefined);

  it('shows the page of a coin the list holds', () => {
    expect(view('currency=3')).toEqual({ page: true });
    expect(view('currency=1&type=3')).toEqual({ page: true });
  });

  it('offers the coins when the address names none', () => {
    expect(view('')).toEqual({ page: false, notFound: false });
    expect(view('currency=')).toEqual({ page: false, notFound: false });
    expect(view('type=3')).toEqual({ page: false, notFound: false });
  });

  it('offers the coins, saying so, when the named coin does not exist', () => {
    expect(view('currency=999')).toEqual({ page: false, notFound: true });
    expect(view('currency=BTC')).toEqual({ page: false, notFound: true });
    expect(view('currency=0')).toEqual({ page: false, notFound: true });
    expect(view('currency=2', [])).toEqual({ page: false, notFound: true });
  });

  it('shows the page until the list has loaded, so only a loaded list says a coin is missing', () => {
    expect(beforeTheList('currency=999')).toEqual({ page: true });
    expect(beforeTheList('currency=BTC')).toEqual({ page: false, notFound: true });
    expect(beforeTheList('')).toEqual({ page: false, notFound: false });
  });
});
