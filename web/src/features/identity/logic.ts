/**
 * Pure rules of the identity forms: what each verification level may do next,
 * and the field checks of the verification, address and bank card forms.
 * Answers are locale keys (null when fine), like lib/validators.ts.
 */
import type { RealLevelState, RealState } from '../../components/FundsApi';

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
  return [...v].length <= 30 ? null : 'identity.validation.label';
}

/** A bank card field: required, at most 100 characters. */
export function checkBankField(value: string): string | null {
  const v = value.trim();
  if (v === '') return 'identity.validation.fieldRequired';
  return [...v].length <= 100 ? null : 'identity.validation.fieldLong';
}

/** A phone number with an optional + and separators: 5 to 20 digits. */
export function checkPhone(value: string): string | null {
  const v = value.trim();
  if (v === '') return 'identity.validation.fieldRequired';
  const digits = v.replace(/[\s()-]/g, '');
  return /^\+?\d{5,20}$/.test(digits) ? null : 'identity.validation.phone';
}
