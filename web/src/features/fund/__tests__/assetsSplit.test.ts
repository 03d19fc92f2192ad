import { describe, expect, it } from 'vitest';
import type { BalanceRow, WalletList } from '../../../shared/funds/api';
import { addDecimal } from '../../../lib/decimal';
import { ACCOUNTS, ASSET_TABS, HOLDING_ACCOUNTS, assetTabs, balancesForTab, sharesOf, splitByTab, tabTotal } from '../logic';

function row(name: string, kind: string, available: string, value_usdt: string, frozen = '0', currency_id = 1): BalanceRow {
  return { currency_id, name, image: '', kind, available, frozen, value_usdt };
}

const sum = (values: string[]) => values.reduce((acc, v) => addDecimal(acc, v) ?? acc, '0');

/**
 * A user with money in every account a user can hold money in, as wallet/list
 * answers: the figures of the report that found Assets not adding up (crypto
 * 3,200, futures 999.33, mining 500, a dual investment of 100, an NFT auction
 * deposit of 10) and something in each other account.
 */
function everyAccount(): WalletList {
  const held: Record<string, BalanceRow[]> = {
    legal: [row('USDT', 'coin', '12.5', '12.5', '0', 3)],
    change: [row('USDT', 'coin', '3000', '3000', '0', 3), row('BTC', 'coin', '0.003', '200', '0', 1), row('AAPL', 'stock', '0.2', '45.6', '0', 101)],
    lever: [row('USDT', 'coin', '900', '999.33', '99.33', 3)],
    micro: [row('USDT', 'coin', '7', '7', '0', 3)],
    mining: [row('USDT', 'coin', '500', '500', '0', 3)],
    launchpad: [row('NEW', 'coin', '0', '33.33', '66.66', 9)],
    dual: [row('USDT', 'coin', '0', '100', '100', 3)],
    nft_escrow: [row('USDT', 'coin', '0', '10', '10', 3)],
  };
  const accounts = HOLDING_ACCOUNTS.map((a) => {
    const balances = held[a.name];
    if (!balances) throw new Error(`the fixture holds nothing in ${a.name}: add it`);
    return { account: a.id, name: a.name, total_usdt: sum(balances.map((b) => b.value_usdt)), balances };
  });
  return { total_usdt: sum(accounts.map((a) => a.total_usdt)), accounts };
}

describe('Assets adds up', () => {
  it('shows every account a user can hold money in as a tab', () => {
    const tabs = assetTabs(everyAccount());
    for (const a of HOLDING_ACCOUNTS) expect(tabs.some((t) => t.account === a.id), a.name).toBe(true);
    // Each is one of the fixed tabs, with a title of its own.
    for (const a of HOLDING_ACCOUNTS) expect(ASSET_TABS.some((t) => t.account === a.id), a.name).toBe(true);
  });

  it('splits the whole total over the tabs, every account counted once', () => {
    const wallet = everyAccount();
    const parts = splitByTab(wallet);
    expect(sum(parts.map((p) => p.value))).toBe(wallet.total_usdt);
    expect(wallet.total_usdt).toBe('4907.76');
    expect(parts.find((p) => p.key === 'dual')?.value).toBe('100');
    expect(parts.find((p) => p.key === 'nft')?.value).toBe('10');
    // The tabs' own totals say the same.
    expect(sum(assetTabs(wallet).map((t) => tabTotal(balancesForTab(wallet, t.key))))).toBe(wallet.total_usdt);
  });

  it('gives shares that add up to exactly 100%', () => {
    const shares = sharesOf(splitByTab(everyAccount()).map((p) => p.value));
    expect(sum(shares)).toBe('100');
    expect(sharesOf(['1', '1', '1'])).toEqual(['33.34', '33.33', '33.33']);
    expect(sharesOf(['3200', '999.33', '500', '100', '10'])).toEqual(['66.54', '20.78', '10.39', '2.08', '0.21']);
    expect(sharesOf(['1', '0'])).toEqual(['100.00', '0.00']);
    expect(sharesOf(['0'])).toEqual(['0.00']);
  });

  it('gives an account newer than the page a tab of its own, so its money still shows', () => {
    const wallet = everyAccount();
    const newer = { account: 77, name: 'loans', total_usdt: '5', balances: [row('USDT', 'coin', '5', '5', '0', 3)] };
    const more = { total_usdt: addDecimal(wallet.total_usdt, '5') ?? '', accounts: [...wallet.accounts, newer] };
    const tab = assetTabs(more).find((t) => t.account === 77);
    expect(tab).toEqual({ key: 'loans', account: 77, kind: null, label: 'fund.accounts.loans' });
    expect(sum(splitByTab(more).map((p) => p.value))).toBe(more.total_usdt);
  });

  it('transfers only between the transferable accounts', () => {
    expect(ACCOUNTS.map((a) => a.id)).toEqual(HOLDING_ACCOUNTS.filter((a) => a.transferable).map((a) => a.id));
  });

  it('has a title for every tab and account in every language', () => {
    const locales = import.meta.glob<{ fund: { tabs: Record<string, string>; accounts: Record<string, string> } }>('../locales/*.json', {
      eager: true,
      import: 'default',
    });
    expect(Object.keys(locales)).toHaveLength(9);
    for (const [lang, messages] of Object.entries(locales)) {
      const fund = messages.fund;
      for (const t of ASSET_TABS) expect(fund.tabs[t.key], `${lang} fund.tabs.${t.key}`).toBeTruthy();
      for (const a of HOLDING_ACCOUNTS) expect(fund.accounts[a.name], `${lang} fund.accounts.${a.name}`).toBeTruthy();
    }
  });
});
