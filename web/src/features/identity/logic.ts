/**
 * Pure rules of the identity forms: what each verification level may do next,
 * and the field checks of the verification, address and bank card forms.
 * Answers are locale keys (null when fine), like lib/validators.ts.
 */
import type { RealLevelState, RealState } from '../../shared/funds/api';

export type LevelAction = 'start' | 'wait' | 'done' | 'retry' | 'locked';

/**
 * What a level's card offers: start (not verified), wait (verifying), done
 * (verified), retry (failed), or locked (the bindings or level 1 come first).
 */
export function levelAction(state: RealState, level: 1 | 2): LevelAction {
  const current: RealLevelState = (level === 1 ? state.level1 : state.level2).state;
  if (current === 1) return 'wait';
  if (current === 2) return 'done';
  const ready = state.email_bound && state.mobile_bound && (level === 1 || state.level1.state === 2);
  if (!ready) return 'locked';
  return current === 3 ? 'retry' : 'start';
}

export function checkRequired(value: string | undefined, key: string): string | null {
  return value === undefined || value.trim() === '' ? key : null;
}

/** Full name as on the document: 2 to 50 characters of letters, spaces, dots, apostrophes and hyphens. */
export function checkRealName(value: string): string | null {
  const v = value.trim();
  if (v === '') return 'identity.validation.nameRequired';
  if ([...v].length < 2 || [...v].length > 50 || !/^[\p{L}\p{M}][\p{L}\p{M} .'·-]*$/u.test(v)) return 'identity.validation.name';
  return null;
}

/** Document number: 4 to 32 letters, digits or hyphens. */
export function checkDocumentNumber(value: string): string | null {
  const v = value.trim();
  if (v === '') return 'identity.validation.idNumberRequired';
  return /^[A-Za-z0-9-]{4,32}$/.test(v) ? null : 'identity.validation.idNumber';
}

/** Optional crypto address: empty, or 20 to 128 letters and digits. */
export function checkOptionalAddress(value: string): string | null {
  const v = value.trim();
  if (v === '') return null;
  return /^[A-Za-z0-9]{20,128}$/.test(v) ? null : 'identity.validation.address';
}

/** Withdrawal address: 10 to 128 letters, digits and the separators some chains use (: _ -). */
export function checkWalletAddress(value: string): string | null {
  const v = value.trim();
  if (v === '') return 'identity.validation.addressRequired';
  return /^[A-Za-z0-9:_-]{10,128}$/.test(v) ? null : 'identity.validation.address';
}

/** A label of 1 to 30 characters. */
export function checkLabel(value: string): string | null {
  const v = value.trim();
  if (v === '') return 'identity.validation.labelRequired';
  if ([...v].length > 30) return 'identity.validation.label';
  return MARKUP.test(v) ? 'identity.validation.markup' : null;
}

/** Markup or control characters, which no stored text may hold (the server refuses them too). */
const MARKUP = /[<>\p{Cc}]/u;

/** A bank card's free-text field: required, at most 100 characters, no markup. */
export function checkBankField(value: string): string | null {
  const v = value.trim();
  if (v === '') return 'identity.validation.fieldRequired';
  if ([...v].length > 100) return 'identity.validation.fieldLong';
  return MARKUP.test(v) ? 'identity.validation.markup' : null;
}

/** Digits once the spaces and dashes people type between groups are gone, or null. */
function digitsOf(value: string): string | null {
  const d = value.trim().replace(/[\s-]/g, '');
  return /^\d+$/.test(d) ? d : null;
}

/** A bank card number: 8 to 19 digits. */
export function checkCardNumber(value: string): string | null {
  if (value.trim() === '') return 'identity.validation.fieldRequired';
  const d = digitsOf(value);
  return d !== null && d.length >= 8 && d.length <= 19 ? null : 'identity.validation.cardNumber';
}

/** An ABA routing number: 9 digits. */
export function checkAba(value: string): string | null {
  if (value.trim() === '') return 'identity.validation.fieldRequired';
  return digitsOf(value)?.length === 9 ? null : 'identity.validation.aba';
}

/** A SWIFT (BIC) code: 6 letters, 2 letters or digits, optionally 3 more. */
export function checkSwift(value: string): string | null {
  const v = value.trim().toUpperCase();
  if (v === '') return 'identity.validation.fieldRequired';
  return /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(v) ? null : 'identity.validation.swift';
}

/** A phone number with an optional + and separators: 5 to 20 digits. */
export function checkPhone(value: string): string | null {
  const v = value.trim();
  if (v === '') return 'identity.validation.fieldRequired';
  const digits = v.replace(/[\s()-]/g, '');
  return /^\+?\d{5,20}$/.test(digits) ? null : 'identity.validation.phone';
}
