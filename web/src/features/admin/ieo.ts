/**
 * Pure rules of the admin's token sales (components/IeoSales.tsx): the checks
 * of the new-sale form — the server's own (src/earn/ieo.rs `NewProject::check`),
 * told in the admin's language before anything is posted — the form as
 * `POST /admin/api/ieo/project` takes it, and what a sale's card shows.
 *
 * Amounts stay decimal strings (lib/format.ts), never floats; times are typed
 * in `datetime-local` boxes (the admin's own clock) and posted as ms.
 */
import { compareDecimal } from '../../lib/format';
import { charLength } from '../../lib/validators';
import type { Project } from '../../shared/ieo/types';
import { amountIssue, type Issue } from './earn';
import { textsParams, type TextLang, type Texts } from './texts';

/** The server's bounds. */
export const SALE_NAME_MIN = 2;
export const SALE_NAME_MAX = 40;
export const INTRO_MAX = 500;
export const CYCLES_MAX = 120;
export const SALE_DAYS_MAX = 3650;
export const LINK_MAX = 200;

/** The new-sale form's values, as typed: coins by id, times as `datetime-local` text. */
export interface SaleDraft {
  name: string;
  intro: string;
  /** The intro in the other languages (English is `intro`). */
  intros: Texts;
  token: string;
  pay_currency: string;
  price: string;
  supply: string;
  user_cap: string;
  min_amount: string;
  starts_at: string;
  ends_at: string;
  lock_days: string;
  cycle_days: string;
  cycles: string;
  whitepaper: string;
  website: string;
}

export type SaleField = Exclude<keyof SaleDraft, 'intros'>;

export const EMPTY_SALE: SaleDraft = {
  name: '',
  intro: '',
  intros: {},
  token: '',
  pay_currency: '',
  price: '',
  supply: '',
  user_cap: '',
  min_amount: '',
  starts_at: '',
  ends_at: '',
  lock_days: '0',
  cycle_days: '0',
  cycles: '1',
  whitepaper: '',
  website: '',
};

/** What `POST /admin/api/ieo/project` takes. */
export interface SaleParams extends Partial<Record<`intro_${TextLang}`, string>> {
  name: string;
  intro?: string;
  token: string;
  pay_currency: string;
  price: string;
  supply: string;
  user_cap: string;
  min_amount: string;
  starts_at: number;
  ends_at: number;
  lock_days?: string;
  cycle_days?: string;
  cycles: string;
  whitepaper?: string;
  website?: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A time (ms) as a `datetime-local` value in the local clock ("2025-03-01T14:05"). */
export function toLocalInput(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value (local clock, seconds optional) as ms; null when it is not one. */
export function fromLocalInput(value: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => Number(x ?? 0));
  const date = new Date(y, mo - 1, d, h, mi, s);
  // "2025-02-30" rolls over to March: not a date.
  if (date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d) return null;
  return date.getTime();
}

/** An optional link: empty, or https, at most 200 characters, no spaces. */
export function linkOk(value: string): boolean {
  const v = value.trim();
  return v === '' || (/^https:\/\/\S+$/.test(v) && v.length <= LINK_MAX && v.length > 'https://'.length);
}

/** Whole days from `min` to 3650 typed as digits. */
const wholeIn = (v: string, min: number, max: number) => /^\d{1,5}$/.test(v) && Number(v) >= min && Number(v) <= max;

/**
 * Every problem of the new-sale form, by field (empty when it can be posted):
 * a name of 2 to 40 characters, an intro of at most 500, a token and a pay
 * currency that differ, a positive price (at most the pay currency's
 * decimals) and positive amounts (at most the token's) with min ≤ cap per
 * user ≤ supply, a start before the end, whole lock and cycle days, 1 to 120
 * cycles, https links. `tokenPlaces`/`payPlaces` are the coins' decimals
 * (null while unknown).
 */
export function saleIssues(
  draft: Partial<Record<SaleField, unknown>>,
  tokenPlaces: number | null,
  payPlaces: number | null,
): Partial<Record<SaleField, Issue>> {
  const text = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v)).trim();
  const d = Object.fromEntries((Object.keys(EMPTY_SALE) as SaleField[]).map((k) => [k, text(draft[k])])) as unknown as SaleDraft;
  const out: Partial<Record<SaleField, Issue>> = {};

  const name = charLength(d.name);
  if (name === 0) out.name = { key: 'required' };
  else if (name < SALE_NAME_MIN || name > SALE_NAME_MAX) out.name = { key: 'saleName', values: { min: SALE_NAME_MIN, max: SALE_NAME_MAX } };
  if (charLength(d.intro) > INTRO_MAX) out.intro = { key: 'nameLength', values: { max: INTRO_MAX } };

  if (!d.token) out.token = { key: 'coin' };
  if (!d.pay_currency) out.pay_currency = { key: 'coin' };
  else if (d.pay_currency === d.token) out.pay_currency = { key: 'sameCoin' };

  const price = amountIssue(d.price, payPlaces);
  if (price) out.price = price;
  const ok: Partial<Record<SaleField, boolean>> = {};
  for (const field of ['supply', 'user_cap', 'min_amount'] as const) {
    const issue = amountIssue(d[field], tokenPlaces);
    if (issue) out[field] = issue;
    ok[field] = !issue;
  }
  if (ok.min_amount && ok.user_cap && compareDecimal(d.min_amount, d.user_cap) === 1) out.min_amount = { key: 'minAboveCap' };
  if (ok.user_cap && ok.supply && compareDecimal(d.user_cap, d.supply) === 1) out.user_cap = { key: 'capAboveSupply' };

  const starts = fromLocalInput(d.starts_at);
  const ends = fromLocalInput(d.ends_at);
  if (d.starts_at === '') out.starts_at = { key: 'required' };
  else if (starts === null) out.starts_at = { key: 'time' };
  if (d.ends_at === '') out.ends_at = { key: 'required' };
  else if (ends === null) out.ends_at = { key: 'time' };
  else if (starts !== null && ends <= starts) out.ends_at = { key: 'endBeforeStart' };

  if (d.lock_days !== '' && !wholeIn(d.lock_days, 0, SALE_DAYS_MAX)) out.lock_days = { key: 'wholeDays', values: { max: SALE_DAYS_MAX } };
  if (d.cycle_days !== '' && !wholeIn(d.cycle_days, 0, SALE_DAYS_MAX)) out.cycle_days = { key: 'wholeDays', values: { max: SALE_DAYS_MAX } };
  if (d.cycles === '') out.cycles = { key: 'required' };
  else if (!wholeIn(d.cycles, 1, CYCLES_MAX)) out.cycles = { key: 'cycles', values: { max: CYCLES_MAX } };

  if (!linkOk(d.whitepaper)) out.whitepaper = { key: 'link' };
  if (!linkOk(d.website)) out.website = { key: 'link' };
  return out;
}

/**
 * The form of `POST /admin/api/ieo/project` for a checked draft (call it only
 * when `saleIssues` found nothing). Empty optional fields are left out, and
 * so are 0 lock or cycle days: the server takes days from 1 and reads a
 * missing one as none.
 */
export function saleParams(draft: SaleDraft): SaleParams {
  const optional = (key: 'intro' | 'lock_days' | 'cycle_days' | 'whitepaper' | 'website') => {
    const v = draft[key].trim();
    const none = v === '' || ((key === 'lock_days' || key === 'cycle_days') && Number(v) === 0);
    return none ? {} : { [key]: v };
  };
  return {
    name: draft.name.trim(),
    ...optional('intro'),
    ...textsParams('intro', draft.intros),
    token: draft.token,
    pay_currency: draft.pay_currency,
    price: draft.price.trim(),
    supply: draft.supply.trim(),
    user_cap: draft.user_cap.trim(),
    min_amount: draft.min_amount.trim(),
    starts_at: fromLocalInput(draft.starts_at) ?? 0,
    ends_at: fromLocalInput(draft.ends_at) ?? 0,
    ...optional('lock_days'),
    ...optional('cycle_days'),
    cycles: draft.cycles.trim(),
    ...optional('whitepaper'),
    ...optional('website'),
  };
}

/** A sale's state as its card names it. */
export type SaleState = 'warmup' | 'live' | 'ended' | 'credited';

const STATES: SaleState[] = ['warmup', 'live', 'ended', 'credited'];

export function saleState(p: Pick<Project, 'status'>): SaleState {
  return STATES[p.status] ?? 'ended';
}

/** True when the sale waits for the platform's review (ended, allocated, not yet credited). */
export function awaitsReview(p: Pick<Project, 'status'>): boolean {
  return p.status === 2;
}
