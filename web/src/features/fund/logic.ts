/**
 * Pure logic of the funds screens: exact decimal arithmetic on amount strings,
 * amount validation against a coin's decimals, the "receive" of a withdrawal,
 * and the grouping of wallet balances into the Assets tabs. No React, no store:
 * everything here is unit-tested in __tests__/logic.test.ts.
 */
import { addDecimal, decimalPlaces, subtractDecimal } from '../../lib/decimal';
import { compareDecimal, parseDecimal } from '../../lib/format';
import type { BalanceRow, WalletList } from '../../shared/funds/api';
import USER_ACCOUNTS from './accounts.json';

// ---- exact decimals (lib/decimal.ts adds and subtracts) ----

/** Sum of decimal strings; invalid entries count as zero. */
export function sumDecimals(values: string[]): string {
  return values.reduce((acc, v) => addDecimal(acc, v) ?? acc, '0');
}

/** Cuts a decimal toward zero to `places` decimals, trailing zeros removed ("1.239", 2 → "1.23"). */
export function truncateDecimal(value: string, places: number): string {
  const p = parseDecimal(value);
  if (!p) return '0';
  const frac = p.frac.slice(0, Math.max(places, 0)).replace(/0+$/, '');
  const body = frac ? `${p.int}.${frac}` : p.int;
  return p.negative && /[1-9]/.test(body) ? `-${body}` : body;
}

// ---- amount input ----

/** A validation message: the locale key and its values. */
export interface AmountIssue {
  key: string;
  values?: Record<string, string | number>;
}

export interface AmountRules {
  /** Most decimals the coin accepts. */
  decimals: number;
  /** Smallest accepted amount, inclusive. */
  min?: string;
  /** Largest accepted amount (the available balance), inclusive. */
  max?: string;
}

const PLAIN_AMOUNT = /^\d+(\.\d+)?$/;

/**
 * Checks an amount before it is sent: required, a plain positive decimal, at
 * most the coin's decimals, at least `min`, at most `max`. Null when fine.
 */
export function checkAmount(value: string, rules: AmountRules): AmountIssue | null {
  const text = value.trim();
  if (text === '') return { key: 'fund.validation.amountRequired' };
  if (!PLAIN_AMOUNT.test(text)) return { key: 'fund.validation.amountInvalid' };
  if (compareDecimal(text, '0') !== 1) return { key: 'fund.validation.amountPositive' };
  if (decimalPlaces(text.replace(/0+$/, '')) > rules.decimals) {
    return { key: 'fund.validation.amountDecimals', values: { decimals: rules.decimals } };
  }
  if (rules.min !== undefined && compareDecimal(text, rules.min) === -1) {
    return { key: 'fund.validation.amountMin', values: { min: rules.min } };
  }
  if (rules.max !== undefined && compareDecimal(text, rules.max) === 1) {
    return { key: 'fund.validation.amountMax', values: { max: rules.max } };
  }
  return null;
}

/**
 * What a withdrawal pays out: amount − fee, exactly; "0" when the fee eats it
 * all, null when the amount is not a decimal yet.
 */
export function receiveAfterFee(amount: string, fee: string): string | null {
  if (!PLAIN_AMOUNT.test(amount.trim())) return null;
  const rest = subtractDecimal(amount.trim(), fee);
  if (rest === null) return null;
  return rest.startsWith('-') ? '0' : rest;
}

// ---- the coin a page is about ----

/**
 * The coin id an address names (`?currency=3`), or null when it names none:
 * missing, empty, or not a positive whole number. Such a page offers the
 * choice of a coin rather than failing.
 */
export function coinParam(params: URLSearchParams): number | null {
  const raw = params.get('currency')?.trim() ?? '';
  if (!/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** What a page about one coin shows: the page itself, or the choice of a coin. */
export type CoinView = { page: true } | { page: false; notFound: boolean };

/**
 * What a page about one coin shows, from its address and the coin list
 * (undefined until it has loaded). A coin the list holds gets its page; an
 * address naming no coin gets the choice of one; an address naming a coin that
 * does not exist (an id the loaded list lacks, or not an id at all) gets the
 * choice too, saying the coin was not found. Until the list has loaded (or
 * when it failed to load) a named coin's page shows, with its own loading and
 * error states.
 */
export function coinView(params: URLSearchParams, coins: readonly { id: number }[] | undefined): CoinView {
  const named = (params.get('currency')?.trim() ?? '') !== '';
  const id = coinParam(params);
  if (id === null) return { page: false, notFound: named };
  if (!coins || coins.some((c) => c.id === id)) return { page: true };
  return { page: false, notFound: true };
}

// ---- accounts and tabs ----

/** An account a user can hold money in. */
export interface HoldingAccount {
  id: number;
  /** The server's name (`change`, `dual`…), also the key of its label `fund.accounts.<name>`. */
  name: string;
  /** Whether users move money in and out of it themselves (`wallet/change`). */
  transferable: boolean;
}

/**
 * Every account a user can hold money in, in the server's order. The list is
 * the ledger's table (actors::ledger::accounts::ACCOUNTS): a server test
 * (src/funds/labels.rs) holds accounts.json equal to its user rows.
 */
export const HOLDING_ACCOUNTS: readonly HoldingAccount[] = USER_ACCOUNTS;

/** The server name of a user account (`change` for a code the list lacks). */
export function accountNameOf(id: number): string {
  return HOLDING_ACCOUNTS.find((a) => a.id === id)?.name ?? 'change';
}

/** Whether `id` is an account a user can hold money in (records can be asked of it). */
export function isHoldingAccount(id: number): boolean {
  return HOLDING_ACCOUNTS.some((a) => a.id === id);
}

/** The four accounts users transfer between, with the names the server accepts for them. */
export const ACCOUNTS = [
  { id: 1, name: 'legal' },
  { id: 2, name: 'change' },
  { id: 3, name: 'lever' },
  { id: 4, name: 'micro' },
] as const;

export type AccountId = (typeof ACCOUNTS)[number]['id'];

export function isAccountId(value: number): value is AccountId {
  return ACCOUNTS.some((a) => a.id === value);
}

/**
 * One Assets tab: the account it shows, which kind of coin (crypto and stock
 * split the spot account), and the locale key of its title.
 */
export interface AssetTabDef {
  key: string;
  account: number;
  kind: 'coin' | 'stock' | null;
  label: string;
}

const tab = (key: string, account: number, kind: AssetTabDef['kind'] = null): AssetTabDef => ({ key, account, kind, label: `fund.tabs.${key}` });

/**
 * The Assets tabs in their order. Every account a user can hold money in is
 * one of them (spot is two: crypto and stock), so the tabs add up to the
 * total. Mining is the principal locked in lock-up mining: its tab shows the
 * lock-up summary and records rather than balances. Launchpad holds the
 * tokens of a sale still locked, dual the dual investments running, nft the
 * auction deposits.
 */
export const ASSET_TABS: readonly AssetTabDef[] = [
  tab('crypto', 2, 'coin'),
  tab('fiat', 1),
  tab('futures', 3),
  tab('options', 4),
  tab('stock', 2, 'stock'),
  tab('mining', 6),
  tab('launchpad', 12),
  tab('dual', 13),
  tab('nft', 8),
];

export type AssetTab = string;

/**
 * The tabs for a wallet: the fixed ones, then one per account the server
 * lists that none of them shows (an account newer than this page), titled by
 * its account label. So no account's money is ever left out of the page.
 */
export function assetTabs(list: WalletList | undefined): AssetTabDef[] {
  const extra = (list?.accounts ?? [])
    .filter((a) => !ASSET_TABS.some((t) => t.account === a.account))
    .map((a) => ({ key: a.name, account: a.account, kind: null, label: `fund.accounts.${a.name}` }));
  return [...ASSET_TABS, ...extra];
}

export function isAssetTab(value: string | null, list?: WalletList): value is AssetTab {
  return assetTabs(list).some((t) => t.key === value);
}

export function tabOf(key: AssetTab, list?: WalletList): AssetTabDef {
  return assetTabs(list).find((t) => t.key === key) ?? ASSET_TABS[0];
}

function holdsSomething(row: BalanceRow): boolean {
  return compareDecimal(addDecimal(row.available, row.frozen) ?? '0', '0') === 1;
}

/**
 * The balances one tab shows, most valuable first (ties keep the server's
 * order). Crypto and stock split the spot account by the coin's kind (crypto
 * takes every kind but stock, so nothing of spot falls between them); the
 * other tabs show their account's coins, and a stock only when something of
 * it is there.
 */
export function balancesForTab(list: WalletList | undefined, key: AssetTab): BalanceRow[] {
  const tab = tabOf(key, list);
  const account = list?.accounts.find((a) => a.account === tab.account);
  if (!account) return [];
  const rows =
    tab.kind === 'stock'
      ? account.balances.filter((b) => b.kind === 'stock')
      : tab.kind === 'coin'
        ? account.balances.filter((b) => b.kind !== 'stock')
        : account.balances.filter((b) => b.kind === 'coin' || holdsSomething(b));
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => (compareDecimal(b.row.value_usdt, a.row.value_usdt) ?? 0) || a.index - b.index)
    .map((x) => x.row);
}

/** Balances worth less than this (USDT) count as small. */
export const SMALL_BALANCE_USDT = '1';

/** True for a balance worth less than 1 USDT in all (available and frozen). */
export function isSmallBalance(row: BalanceRow): boolean {
  if (!holdsSomething(row)) return true;
  return compareDecimal(row.value_usdt, SMALL_BALANCE_USDT) === -1;
}

/** The rows to show when "hide small balances" is on (or all of them when it is off). */
export function visibleBalances(rows: BalanceRow[], hideSmall: boolean): BalanceRow[] {
  return hideSmall ? rows.filter((r) => !isSmallBalance(r)) : rows;
}

/** Total value (USDT) of the rows of a tab. */
export function tabTotal(rows: BalanceRow[]): string {
  return sumDecimals(rows.map((r) => r.value_usdt));
}

/** One tab's part of the whole, for the asset split. */
export interface SplitPart {
  key: AssetTab;
  /** Locale key of the tab's title. */
  label: string;
  /** USDT, decimal string. */
  value: string;
}

/** Value of each tab, for the asset split chart; tabs worth nothing are left out. */
export function splitByTab(list: WalletList | undefined): SplitPart[] {
  return assetTabs(list)
    .map((t) => ({ key: t.key, label: t.label, value: tabTotal(balancesForTab(list, t.key)) }))
    .filter((x) => compareDecimal(x.value, '0') === 1);
}

/** A decimal string as a whole number of 10^-places. */
function scaled(value: string, places: number): bigint {
  const p = parseDecimal(value);
  if (!p) return 0n;
  const n = BigInt(p.int + p.frac.padEnd(places, '0').slice(0, places));
  return p.negative ? -n : n;
}

/**
 * Each part's share of their sum in hundredths of a percent, as "12.34"
 * strings that add up to exactly "100.00": each share is cut to the
 * hundredth and the hundredths left over go to the largest remainders (the
 * largest part first on a tie). Exact on the decimal strings.
 */
export function sharesOf(values: string[]): string[] {
  const places = Math.max(0, ...values.map((v) => parseDecimal(v)?.frac.length ?? 0));
  const units = values.map((v) => {
    const n = scaled(v, places);
    return n > 0n ? n : 0n;
  });
  const sum = units.reduce((a, b) => a + b, 0n);
  if (sum === 0n) return values.map(() => '0.00');
  const WHOLE = 10_000n;
  const cut = units.map((u) => (u * WHOLE) / sum);
  let left = WHOLE - cut.reduce((a, b) => a + b, 0n);
  const order = units
    .map((u, i) => ({ i, rest: (u * WHOLE) % sum, u }))
    .sort((a, b) => (a.rest === b.rest ? (a.u === b.u ? a.i - b.i : a.u > b.u ? -1 : 1) : a.rest > b.rest ? -1 : 1));
  for (const o of order) {
    if (left === 0n) break;
    if (o.rest === 0n) continue;
    cut[o.i] += 1n;
    left -= 1n;
  }
  return cut.map((c) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`);
}

/** The available amount of one coin in one account ("0" when absent). */
export function availableOf(list: WalletList | undefined, account: number, currencyId: number): string {
  const row = list?.accounts.find((a) => a.account === account)?.balances.find((b) => b.currency_id === currencyId);
  return row?.available ?? '0';
}

// ---- ledger reasons ----

/**
 * Locale key of a ledger reason. Every reason the server posts has one in all
 * nine languages (a server test reads the ledger's list against the locale
 * files); a reason newer than this page reads as sent.
 */
export function reasonKey(reason: string): string {
  return `fund.reason.${reason}`;
}
