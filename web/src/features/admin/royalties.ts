/**
 * Pure rules of the admin's artists and royalties (components/NftRoyalties.tsx
 * and the link form in NftForms.tsx): an artist linked to a user account is
 * paid each resale's royalty in the sale; what an unlinked artist accrues is
 * held and paid, once, to the user they are linked to next
 * (src/nft/royalties.rs). The link names the user by id or by e-mail or
 * mobile number, checked here as the server checks it.
 *
 * Amounts stay decimal strings (lib/format.ts).
 */
import { compareDecimal } from '../../lib/format';
import { isEmail } from '../../lib/validators';
import type { NftIssue } from './nft';

/** An amount of one coin. */
export interface CoinAmount {
  currency: number;
  currency_name: string;
  amount: string;
}

/** `GET /admin/api/nft/royalties`: an artist, their link and what they accrued. */
export interface AdminArtistRoyalties {
  id: number;
  name: string;
  avatar: string;
  /** The user the royalties are paid to; null when not linked. */
  user_id: number | null;
  /** That user's e-mail, else mobile number. */
  user_account: string | null;
  /** Accrued while not linked and not paid yet, per coin. */
  unpaid: CoinAmount[];
}

/** `POST /admin/api/nft/artist/link`: the artist, and what this call paid (empty on a repeat). */
export interface LinkAnswer {
  artist: AdminArtistRoyalties;
  paid: CoinAmount[];
}

/** How the link form names the user. */
export const LINK_BY = ['id', 'account'] as const;
export type LinkBy = (typeof LINK_BY)[number];

export interface LinkDraft {
  by: LinkBy;
  value: string;
}

export const EMPTY_LINK: LinkDraft = { by: 'account', value: '' };

/** What the form's one field lacks (a key under `admin.nft.errors`), or null. */
export function linkIssue(d: LinkDraft): NftIssue | null {
  const v = d.value.trim();
  if (v === '') return { key: 'required' };
  if (d.by === 'id') return /^[1-9]\d{0,17}$/.test(v) ? null : { key: 'userId' };
  if (v.includes('@')) return isEmail(v) ? null : { key: 'account' };
  return /^\d{5,15}$/.test(v) ? null : { key: 'account' };
}

/** What the link call takes (call it when `linkIssue` found nothing). */
export function linkParams(artistId: number, d: LinkDraft): Record<string, string | number> {
  const v = d.value.trim();
  return d.by === 'id' ? { artist_id: artistId, user_id: v } : { artist_id: artistId, account: v };
}

/** The accrued amounts worth showing (above zero). */
export function owed(a: AdminArtistRoyalties): CoinAmount[] {
  return a.unpaid.filter((u) => compareDecimal(u.amount, '0') === 1);
}

/** Whether the artist is linked to a user. */
export function isLinked(a: AdminArtistRoyalties): boolean {
  return a.user_id !== null;
}

/** Amounts as one line ("6.17 USDT, 5 ETH"), each written by `format`. */
export function amountsLine(list: CoinAmount[], format: (v: string) => string): string {
  return list.map((p) => `${format(p.amount)} ${p.currency_name}`).join(', ');
}
