/**
 * Pure logic of the funds screens: exact decimal arithmetic on amount strings,
 * amount validation against a coin's decimals, the "receive" of a withdrawal,
 * and the grouping of wallet balances into the Assets tabs. No React, no store:
 * everything here is unit-tested in __tests__/logic.test.ts.
 */
import { addDecimal, decimalPlaces, subtractDecimal } from '../../lib/decimal';
import { compareDecimal, parseDecimal } from '../../lib/format';
import type { BalanceRow, WalletList } from '../../shared/funds/api';

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

/** The four asset accounts with the names the server accepts for them. */
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
 * The Assets tabs: which account and which kind of coin each shows. Mining
 * is the principal locked in lock-up mining (the wallet list's account 6):
 * it counts in the total and the split, and its tab shows the lock-up
 * summary and records rather than balances.
 */
export const ASSET_TABS = [
  { key: 'crypto', account: 2, kind: 'coin' },
  { key: 'fiat', account: 1, kind: null },
  { key: 'futures', account: 3, kind: null },
  { key: 'options', account: 4, kind: null },
  { key: 'stock', account: 2, kind: 'stock' },
  { key: 'mining', account: 6, kind: null },
] as const;

export type AssetTab = (typeof ASSET_TABS)[number]['key'];

export function isAssetTab(value: string | null): value is AssetTab {
  return ASSET_TABS.some((t) => t.key === value);
}

export function tabOf(key: AssetTab) {
  return ASSET_TABS.find((t) => t.key === key) ?? ASSET_TABS[0];
}

function holdsSomething(row: BalanceRow): boolean {
  return compareDecimal(addDecimal(row.available, row.frozen) ?? '0', '0') === 1;
}

/**
 * The balances one tab shows, most valuable first (ties keep the server's
 * order). Crypto and stock split the spot account by the coin's kind; the
 * fiat, futures and options tabs show their account's coins, and a stock only
 * when something of it was moved there.
 */
export function balancesForTab(list: WalletList | undefined, key: AssetTab): BalanceRow[] {
  const tab = tabOf(key);
  const account = list?.accounts.find((a) => a.account === tab.account);
  if (!account) return [];
  const rows = tab.kind
    ? account.balances.filter((b) => b.kind === tab.kind)
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

/** Value of each tab, for the asset split chart; tabs worth nothing are left out. */
export function splitByTab(list: WalletList | undefined): { key: AssetTab; value: string }[] {
  return ASSET_TABS.map((t) => ({ key: t.key, value: tabTotal(balancesForTab(list, t.key)) })).filter(
    (x) => compareDecimal(x.value, '0') === 1,
  );
}

/** The available amount of one coin in one account ("0" when absent). */
export function availableOf(list: WalletList | undefined, account: number, currencyId: number): string {
  const row = list?.accounts.find((a) => a.account === account)?.balances.find((b) => b.currency_id === currencyId);
  return row?.available ?? '0';
}

// ---- ledger reasons ----

const REASONS = [
  'deposit',
  'withdraw_freeze',
  'withdraw_release',
  'withdraw',
  'account_transfer',
  'conversion',
  'demo_funding',
  'trade',
  'order_freeze',
  'order_cancel',
  'contract_open',
  'contract_close',
  'contract_cancel',
  'contract_overnight',
  'option_open',
  'option_settle',
  'lock_subscribe',
  'lock_yield',
  'lock_matured',
  'lock_redeem',
] as const;

/** Locale key of a ledger reason, or null for a reason this version does not know (shown as sent). */
export function reasonKey(reason: string): string | null {
  return (REASONS as readonly string[]).includes(reason) ? `fund.reason.${reason}` : null;
}
