/**
 * Pure rules of the admin's lock-up mining screens (components/EarnPanel.tsx):
 * the percent the screens show versus the share the server takes, the checks
 * of the product and funding forms (the server's own rules, told in the
 * admin's language before anything is posted), a product's state and a
 * reserve's coverage.
 *
 * Everything works on decimal strings (lib/format.ts), never floats: a rate
 * typed "0.3" % must reach the server as exactly "0.003".
 */
import { compareDecimal, decimalsOf, parseDecimal } from '../../lib/format';
import { charLength, isAmount } from '../../lib/validators';
import { isLockCategory } from '../../shared/lock/routes';
import type { LockProduct } from '../../shared/lock/types';
import type { LockProductParams, LockTerms } from './api';
import { textsParams, type Texts } from './texts';

/** The server's bounds (src/earn/mod.rs, `Terms::check`). */
export const NAME_MAX = 40;
/** A day's rate is at most 10 % of the principal. */
export const RATE_MAX_PERCENT = '10';
export const DAYS_MAX = 3650;
/**
 * Shares travel with at most 6 decimals (millionths), so a percent has at
 * most 4.
 */
export const PERCENT_PLACES = 4;

/** A percent as typed: a plain non-negative decimal with at most 4 decimals ("0.3", "12", "0.0001"). */
const PERCENT_RE = /^(0|[1-9]\d*)(\.\d{1,4})?$/;

/** True when `value` is a percent the form accepts. */
export function isPercent(value: string): boolean {
  return PERCENT_RE.test(value.trim());
}

/**
 * A percent as the share of the principal the server takes, exactly: the
 * decimal point moves two places left ("0.30" → "0.003", "12.5" → "0.125",
 * "100" → "1", "0" → "0"). Null for anything that is not a non-negative
 * decimal.
 */
export function percentToShare(percent: string): string | null {
  const p = parseDecimal(percent.trim());
  if (!p || p.negative) return null;
  const scale = p.frac.length + 2;
  const digits = (p.int + p.frac).padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale).replace(/^0+(?=\d)/, '');
  const frac = digits.slice(digits.length - scale).replace(/0+$/, '');
  return frac ? `${int}.${frac}` : int;
}

/**
 * A share as the percent the screens show, exactly ("0.003" → "0.3",
 * "1" → "100"); the inverse of `percentToShare`. Null for anything that is
 * not a non-negative decimal.
 */
export function shareToPercent(share: string): string | null {
  const p = parseDecimal(share.trim());
  if (!p || p.negative) return null;
  const frac = p.frac.padEnd(2, '0');
  const int = `${p.int}${frac.slice(0, 2)}`.replace(/^0+(?=\d)/, '');
  const rest = frac.slice(2).replace(/0+$/, '');
  return rest ? `${int}.${rest}` : int;
}

/** A message of a form check: a locale key under `admin.earn.errors` and its values. */
export interface Issue {
  key: string;
  values?: Record<string, string | number>;
}

/**
 * An amount of a coin as typed: positive, with at most the coin's decimals
 * (what the ledger takes; null while the coin is unknown). Null when fine.
 */
export function amountIssue(value: string, decimals: number | null): Issue | null {
  const v = value.trim();
  if (v === '') return { key: 'required' };
  if (!isAmount(v)) return { key: 'amount' };
  if (decimals !== null && decimalsOf(v) > decimals) return { key: 'decimals', values: { places: decimals } };
  return null;
}

/** The product form's values, as typed: rates and penalty in percent. */
export interface ProductDraft extends LockTerms {
  /** The name in the other languages (English is `name`). */
  names: Texts;
  enabled: boolean;
  /** Place in the lists, smaller first; empty for none. */
  sort: string;
}

export type ProductField = Exclude<keyof ProductDraft, 'enabled' | 'names'>;

export const EMPTY_DRAFT: ProductDraft = {
  category: 'lock',
  name: '',
  names: {},
  currency: '',
  rate_min: '',
  rate_max: '',
  days: '',
  min_amount: '',
  user_cap: '',
  total_cap: '',
  penalty: '0',
  enabled: true,
  sort: '',
};

/** A product's terms as the form starts editing them (the list's percent kept as percent). */
export function draftOf(p: LockProduct): ProductDraft {
  const plain = (v: string) => {
    // "0.50000000" as "0.5": what the admin would type.
    const parsed = parseDecimal(v);
    if (!parsed) return v;
    const frac = parsed.frac.replace(/0+$/, '');
    return `${parsed.int}${frac ? `.${frac}` : ''}`;
  };
  return {
    category: p.category,
    name: p.name,
    names: { ...(p.names ?? {}) },
    currency: String(p.currency_id),
    rate_min: plain(p.rate_min),
    rate_max: plain(p.rate_max),
    days: String(p.days),
    min_amount: plain(p.min_amount),
    user_cap: plain(p.user_cap),
    total_cap: plain(p.total_cap),
    penalty: plain(p.penalty_rate),
    enabled: p.enabled,
    sort: '',
  };
}

const str = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));

/**
 * Every problem of the product form, by field (empty when it can be posted):
 * a known category, a name of 1 to 40 characters, a coin, a daily range of
 * percents with at most 4 decimals from 0 to 10 % with min ≤ max, whole days
 * from 1 to 3650, positive amounts with at most the coin's decimals and
 * min ≤ cap per user ≤ total quota, a penalty below 100 %, and an optional
 * whole sort position from 1. `decimals` is the coin's (null while unknown).
 */
export function productIssues(draft: Partial<Record<keyof ProductDraft, unknown>>, decimals: number | null): Partial<Record<ProductField, Issue>> {
  const d = Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, str(v).trim()])) as Record<keyof ProductDraft, string>;
  const out: Partial<Record<ProductField, Issue>> = {};

  if (!isLockCategory(d.category)) out.category = { key: 'category' };
  const nameLength = charLength(d.name ?? '');
  if (nameLength === 0) out.name = { key: 'required' };
  else if (nameLength > NAME_MAX) out.name = { key: 'nameLength', values: { max: NAME_MAX } };
  if (!d.currency) out.currency = { key: 'coin' };

  const rate = (field: 'rate_min' | 'rate_max') => {
    const v = d[field] ?? '';
    if (v === '') out[field] = { key: 'required' };
    else if (!isPercent(v)) out[field] = { key: 'percent', values: { places: PERCENT_PLACES } };
    else if (compareDecimal(v, RATE_MAX_PERCENT) === 1) out[field] = { key: 'rateTooHigh', values: { max: RATE_MAX_PERCENT } };
  };
  rate('rate_min');
  rate('rate_max');
  if (!out.rate_min && !out.rate_max && compareDecimal(d.rate_min, d.rate_max) === 1) out.rate_max = { key: 'rateOrder' };

  const days = d.days ?? '';
  if (days === '') out.days = { key: 'required' };
  else if (!/^[1-9]\d{0,3}$/.test(days) || Number(days) > DAYS_MAX) out.days = { key: 'days', values: { max: DAYS_MAX } };

  const amountOk: Partial<Record<ProductField, boolean>> = {};
  for (const field of ['min_amount', 'user_cap', 'total_cap'] as const) {
    const issue = amountIssue(d[field] ?? '', decimals);
    if (issue) out[field] = issue;
    amountOk[field] = !issue;
  }
  // Each pair is compared whenever both are amounts, so every broken step of the order shows at once.
  if (amountOk.min_amount && amountOk.user_cap && compareDecimal(d.min_amount, d.user_cap) === 1) out.user_cap = { key: 'userCapBelowMin' };
  if (amountOk.user_cap && amountOk.total_cap && compareDecimal(d.user_cap, d.total_cap) === 1) out.total_cap = { key: 'totalBelowUserCap' };

  const penalty = d.penalty ?? '';
  if (penalty === '') out.penalty = { key: 'required' };
  else if (!isPercent(penalty)) out.penalty = { key: 'percent', values: { places: PERCENT_PLACES } };
  else if (compareDecimal(penalty, '100') !== -1) out.penalty = { key: 'penalty' };

  const sort = d.sort ?? '';
  if (sort !== '' && !/^[1-9]\d{0,8}$/.test(sort)) out.sort = { key: 'sort' };
  return out;
}

/**
 * The form of `POST /admin/api/earn/lock/product` for a checked draft: the
 * percents as shares, `enabled` as "1"/"0", `id` when changing a product.
 * Call it only when `productIssues` found nothing.
 */
export function productParams(draft: ProductDraft, id?: number): LockProductParams {
  const share = (v: string) => percentToShare(v) ?? '';
  const sort = draft.sort.trim();
  return {
    ...(id === undefined ? {} : { id }),
    category: draft.category,
    name: draft.name.trim(),
    ...textsParams('name', draft.names),
    currency: draft.currency,
    rate_min: share(draft.rate_min),
    rate_max: share(draft.rate_max),
    days: draft.days.trim(),
    min_amount: draft.min_amount.trim(),
    user_cap: draft.user_cap.trim(),
    total_cap: draft.total_cap.trim(),
    penalty: share(draft.penalty),
    enabled: draft.enabled ? '1' : '0',
    ...(sort ? { sort } : {}),
  };
}

/**
 * How a product stands: taking subscriptions; closed because its quota
 * cannot take a minimum order; closed because its coin's reserve cannot
 * cover a minimum order's yield; or switched off by an admin.
 */
export type ProductState = 'open' | 'full' | 'uncovered' | 'disabled';

export function productState(p: Pick<LockProduct, 'open' | 'enabled' | 'remaining' | 'min_amount'>): ProductState {
  if (!p.enabled) return 'disabled';
  if (p.open) return 'open';
  return compareDecimal(p.remaining, p.min_amount) === -1 ? 'full' : 'uncovered';
}

/** True when a coverage (percent, null when nothing is promised) is below 100 %. */
export function coverageLow(coverage: string | null): boolean {
  return coverage !== null && compareDecimal(coverage, '100') === -1;
}

/**
 * A fresh one-time key of the funding form (32 hex digits): the server moves
 * nothing for a key it has seen, so a form sent twice funds once. Uses
 * `getRandomValues`, which works on plain http too (`randomUUID` does not).
 */
export function newRequestId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
