import { describe, expect, it } from 'vitest';
import {
  charLength,
  checkAccount,
  checkCode,
  checkConfirm,
  checkEmail,
  checkMobile,
  checkNickname,
  checkPassword,
  checkPayPassword,
  checkSignature,
  hasNoSpecialChars,
  inRange,
  isAlphanumeric,
  isAmount,
  isChinese,
  isCode,
  isDate,
  isDigits,
  isEmail,
  isEmpty,
  isIdCard,
  isJson,
  isLandline,
  isLetters,
  isMobile,
  isMobileFor,
  isNickname,
  isNumber,
  isPassword,
  isPayPassword,
  isPlate,
  isSignature,
  isUrl,
  lengthBetween,
} from '../validators';

describe('shared validators', () => {
  it('accepts e-mail addresses and rejects malformed ones', () => {
    expect(isEmail('demo@bourse.local')).toBe(true);
    expect(isEmail('first.last+tag@sub.example.co')).toBe(true);
    expect(isEmail('no-at-sign.com')).toBe(false);
    expect(isEmail('a@b')).toBe(false);
    expect(isEmail('a b@c.com')).toBe(false);
  });

  it('knows mainland mobile numbers: 11 digits starting 1 then 3-9', () => {
    expect(isMobile('13812345678')).toBe(true);
    expect(isMobile('19912345678')).toBe(true);
    expect(isMobile('12812345678')).toBe(false);
    expect(isMobile('1381234567')).toBe(false);
    expect(isMobile('138123456789')).toBe(false);
    expect(isMobileFor('86', '13812345678')).toBe(true);
    expect(isMobileFor('1', '4155552671')).toBe(true);
    expect(isMobileFor('1', '12ab')).toBe(false);
  });

  it('checks urls, dates, numbers and digits', () => {
    expect(isUrl('https://bourse.example/x?y=1')).toBe(true);
    expect(isUrl('ftp://x')).toBe(false);
    expect(isDate('2024-02-29')).toBe(true);
    expect(isDate('2023-02-29')).toBe(false);
    expect(isDate('2024/12/01')).toBe(true);
    expect(isNumber('-12.5')).toBe(true);
    expect(isNumber('1e5')).toBe(false);
    expect(isDigits('0123')).toBe(true);
    expect(isDigits('12.3')).toBe(false);
  });

  it('validates 18-character ID numbers with their check character', () => {
    expect(isIdCard('11010519491231002X')).toBe(true);
    expect(isIdCard('110105194912310021')).toBe(false);
    expect(isIdCard('11010519491231002')).toBe(false);
  });

  it('validates plates', () => {
    expect(isPlate('京A12345')).toBe(true);
    expect(isPlate('粤BD12345')).toBe(true);
    expect(isPlate('A12345')).toBe(false);
  });

  it('accepts positive amounts with at most 10 decimals', () => {
    expect(isAmount('0.1')).toBe(true);
    expect(isAmount('100')).toBe(true);
    expect(isAmount('1.0123456789')).toBe(true);
    expect(isAmount('1.01234567891')).toBe(false);
    expect(isAmount('0')).toBe(false);
    expect(isAmount('-1')).toBe(false);
    expect(isAmount('01')).toBe(false);
  });

  it('checks scripts and character classes', () => {
    expect(isChinese('中文')).toBe(true);
    expect(isChinese('中a')).toBe(false);
    expect(isLetters('abcXYZ')).toBe(true);
    expect(isLetters('abc1')).toBe(false);
    expect(isAlphanumeric('abc123')).toBe(true);
    expect(isAlphanumeric('abc-123')).toBe(false);
    expect(hasNoSpecialChars('Hello 世界 123')).toBe(true);
    expect(hasNoSpecialChars('hi!')).toBe(false);
  });

  it('checks ranges, lengths, emptiness, JSON and landlines', () => {
    expect(inRange('5', 1, 10)).toBe(true);
    expect(inRange('11', 1, 10)).toBe(false);
    expect(lengthBetween('中文字', 2, 3)).toBe(true);
    expect(charLength('😀ab')).toBe(3);
    expect(isEmpty('  ')).toBe(true);
    expect(isEmpty('x')).toBe(false);
    expect(isJson('{"a":1}')).toBe(true);
    expect(isJson('{a:1}')).toBe(false);
    expect(isLandline('010-12345678')).toBe(true);
    expect(isLandline('12345')).toBe(false);
  });

  it('checks codes of N digits, 6 by default', () => {
    expect(isCode('123456')).toBe(true);
    expect(isCode('12345')).toBe(false);
    expect(isCode('1234', 4)).toBe(true);
    expect(isCode('12a456')).toBe(false);
  });

  it('wants passwords longer than 6 (7 to 32) and 6-digit payment passwords', () => {
    expect(isPassword('123456')).toBe(false);
    expect(isPassword('1234567')).toBe(true);
    expect(isPassword('x'.repeat(32))).toBe(true);
    expect(isPassword('x'.repeat(33))).toBe(false);
    expect(isPayPassword('123456')).toBe(true);
    expect(isPayPassword('12345a')).toBe(false);
  });

  it('allows nicknames of 2-10 and signatures of 2-30 letters of any script, digits and spaces', () => {
    expect(isNickname('Li')).toBe(true);
    expect(isNickname('王小明')).toBe(true);
    expect(isNickname('สมชาย')).toBe(true);
    expect(isNickname('a')).toBe(false);
    expect(isNickname('abcdefghijk')).toBe(false);
    expect(isNickname('bad!name')).toBe(false);
    expect(isSignature('Trading since 2019')).toBe(true);
    expect(isSignature('x'.repeat(31))).toBe(false);
  });

  it('answers locale keys of messages from the check helpers', () => {
    expect(checkEmail('')).toBe('validation.emailRequired');
    expect(checkEmail('bad')).toBe('validation.email');
    expect(checkEmail('a@b.co')).toBeNull();
    expect(checkMobile('86', '123')).toBe('validation.mobile');
    expect(checkAccount('13812345678')).toBeNull();
    expect(checkAccount('someone@x.io')).toBeNull();
    expect(checkAccount('abc')).toBe('validation.account');
    expect(checkCode('12')).toBe('validation.code');
    expect(checkPassword('short')).toBe('validation.password');
    expect(checkConfirm('abcdefg', 'abcdefh')).toBe('validation.passwordMismatch');
    expect(checkConfirm('abcdefg', 'abcdefg')).toBeNull();
    expect(checkPayPassword('1234567')).toBe('validation.payPassword');
    expect(checkNickname('ok name')).toBeNull();
    expect(checkSignature('x')).toBe('validation.signature');
  });
});
