/**
 * Shared validators of every form (product spec, section 5). The `is*`
 * predicates answer yes or no; the `check*` helpers answer null when the value
 * is fine, else the locale key of the message to show under the field.
 */
import { CODE_LENGTH } from './constants';

const EMAIL_RE = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
const MOBILE_RE = /^1[3-9]\d{9}$/;
const URL_RE = /^https?:\/\/[^\s/$.?#][^\s]*$/i;
const DATE_RE = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/;
const NUMBER_RE = /^[+-]?(\d+(\.\d+)?|\.\d+)$/;
const DIGITS_RE = /^\d+$/;
const ID_RE = /^[1-9]\d{5}(18|19|20)\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])\d{3}[\dXx]$/;
const PLATE_RE = /^[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼使领][A-Z][A-HJ-NP-Z0-9]{4,5}[A-HJ-NP-Z0-9挂学警港澳]$/;
const AMOUNT_RE = /^(0|[1-9]\d*)(\.\d{1,10})?$/;
const CHINESE_RE = /^[\u4e00-\u9fa5]+$/;
const LETTERS_RE = /^[A-Za-z]+$/;
const ALNUM_RE = /^[A-Za-z0-9]+$/;
const NO_SPECIAL_RE = /^[\p{L}\p{M}\p{N}\s]+$/u;
const LANDLINE_RE = /^(0\d{2,3}-?)?[1-9]\d{6,7}(-\d{1,6})?$/;
const NAME_CHARS_RE = /^[\p{L}\p{M}\p{N} ]+$/u;

/** Characters as a person counts them (code points, so 中文 is 2). */
export function charLength(value: string): number {
  return [...value].length;
}

/** True for null, undefined, or a string of only white space. */
export function isEmpty(value: string | null | undefined): boolean {
  return value === null || value === undefined || value.trim() === '';
}

export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_RE.test(value);
}

/** Mainland China mobile number: 11 digits, 1 then 3-9. */
export function isMobile(value: string): boolean {
  return MOBILE_RE.test(value);
}

/** A mobile number for a calling code: mainland rule for 86, else 5 to 15 digits. */
export function isMobileFor(areaCode: string, value: string): boolean {
  return areaCode === '86' ? isMobile(value) : /^\d{5,15}$/.test(value);
}

export function isUrl(value: string): boolean {
  return URL_RE.test(value);
}

/** A real calendar date written YYYY-MM-DD or YYYY/MM/DD. */
export function isDate(value: string): boolean {
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** A decimal number, optionally signed. */
export function isNumber(value: string): boolean {
  return NUMBER_RE.test(value);
}

export function isDigits(value: string): boolean {
  return DIGITS_RE.test(value);
}

/** 18-character mainland ID number with a valid check character. */
export function isIdCard(value: string): boolean {
  if (!ID_RE.test(value)) return false;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const checks = '10X98765432';
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(value[i]) * weights[i];
  return checks[sum % 11] === value[17].toUpperCase();
}

/** Mainland vehicle plate, ordinary or new-energy. */
export function isPlate(value: string): boolean {
  return PLATE_RE.test(value);
}

/** A positive amount with at most 10 decimals. */
export function isAmount(value: string): boolean {
  return AMOUNT_RE.test(value) && /[1-9]/.test(value);
}

export function isChinese(value: string): boolean {
  return CHINESE_RE.test(value);
}

export function isLetters(value: string): boolean {
  return LETTERS_RE.test(value);
}

export function isAlphanumeric(value: string): boolean {
  return ALNUM_RE.test(value);
}

/** Letters of any script, digits and spaces only. */
export function hasNoSpecialChars(value: string): boolean {
  return NO_SPECIAL_RE.test(value);
}

/** A number within [min, max] inclusive. */
export function inRange(value: string, min: number, max: number): boolean {
  if (!isNumber(value)) return false;
  const n = Number(value);
  return n >= min && n <= max;
}

/** Length in characters within [min, max] inclusive. */
export function lengthBetween(value: string, min: number, max: number): boolean {
  const len = charLength(value);
  return len >= min && len <= max;
}

export function isJson(value: string): boolean {
  try {
    JSON.parse(value);
    return true;
  } catch {
    return false;
  }
}

/** Landline number with optional area prefix and extension ("010-12345678"). */
export function isLandline(value: string): boolean {
  return LANDLINE_RE.test(value);
}

/** A verification code of exactly `length` digits (6 by default). */
export function isCode(value: string, length = CODE_LENGTH): boolean {
  return value.length === length && isDigits(value);
}

/** Login password: longer than 6 characters, 7 to 32. */
export function isPassword(value: string): boolean {
  return value.length > 6 && value.length <= 32;
}

/** Payment password: exactly 6 digits. */
export function isPayPassword(value: string): boolean {
  return isCode(value, 6);
}

/** Nickname: 2 to 10 letters of any script, digits or spaces. */
export function isNickname(value: string): boolean {
  return lengthBetween(value, 2, 10) && NAME_CHARS_RE.test(value) && value.trim() !== '';
}

/** Signature: 2 to 30 letters of any script, digits or spaces. */
export function isSignature(value: string): boolean {
  return lengthBetween(value, 2, 30) && NAME_CHARS_RE.test(value) && value.trim() !== '';
}

/** Locale key of a validation message, or null when the value is fine. */
export type Check = string | null;

export function checkEmail(value: string): Check {
  if (isEmpty(value)) return 'validation.emailRequired';
  return isEmail(value.trim()) ? null : 'validation.email';
}

export function checkMobile(areaCode: string, value: string): Check {
  if (isEmpty(value)) return 'validation.mobileRequired';
  return isMobileFor(areaCode, value.trim()) ? null : 'validation.mobile';
}

/** Login account: an e-mail or a mobile number (any calling code). */
export function checkAccount(value: string): Check {
  const v = value.trim();
  if (v === '') return 'validation.accountRequired';
  if (v.includes('@')) return isEmail(v) ? null : 'validation.email';
  return /^\d{5,15}$/.test(v) ? null : 'validation.account';
}

export function checkCode(value: string, length = CODE_LENGTH): Check {
  if (isEmpty(value)) return 'validation.codeRequired';
  return isCode(value.trim(), length) ? null : 'validation.code';
}

export function checkPassword(value: string): Check {
  if (value === '') return 'validation.passwordRequired';
  return isPassword(value) ? null : 'validation.password';
}

export function checkConfirm(password: string, confirm: string): Check {
  if (confirm === '') return 'validation.confirmRequired';
  return password === confirm ? null : 'validation.passwordMismatch';
}

export function checkPayPassword(value: string): Check {
  if (value === '') return 'validation.passwordRequired';
  return isPayPassword(value) ? null : 'validation.payPassword';
}

export function checkNickname(value: string): Check {
  return isNickname(value) ? null : 'validation.nickname';
}

export function checkSignature(value: string): Check {
  return isSignature(value) ? null : 'validation.signature';
}

/** Optional invite code: empty, or letters and digits. */
export function checkInviteCode(value: string): Check {
  if (isEmpty(value)) return null;
  return isAlphanumeric(value.trim()) && value.trim().length <= 32 ? null : 'validation.inviteCode';
}
