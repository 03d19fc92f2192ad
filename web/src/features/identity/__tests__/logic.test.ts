import { describe, expect, it } from 'vitest';
import type { RealState } from '../../../shared/funds/api';
import {
  checkAba,
  checkBankField,
  checkCardNumber,
  checkDocumentNumber,
  checkLabel,
  checkOptionalAddress,
  checkPhone,
  checkRealName,
  checkSwift,
  checkWalletAddress,
  levelAction,
} from '../logic';

function state(partial: Partial<RealState> & { l1?: 0 | 1 | 2 | 3; l2?: 0 | 1 | 2 | 3 }): RealState {
  return {
    level: partial.l1 === 2 ? (partial.l2 === 2 ? 2 : 1) : 0,
    level1: { state: partial.l1 ?? 0 },
    level2: { state: partial.l2 ?? 0 },
    email_bound: partial.email_bound ?? true,
    mobile_bound: partial.mobile_bound ?? true,
  };
}

describe('what each verification level offers', () => {
  it('is locked until e-mail and phone are bound', () => {
    expect(levelAction(state({ mobile_bound: false }), 1)).toBe('locked');
    expect(levelAction(state({ email_bound: false }), 1)).toBe('locked');
    expect(levelAction(state({}), 1)).toBe('start');
  });

  it('waits while verifying, is done when verified, offers a retry when failed', () => {
    expect(levelAction(state({ l1: 1 }), 1)).toBe('wait');
    expect(levelAction(state({ l1: 2 }), 1)).toBe('done');
    expect(levelAction(state({ l1: 3 }), 1)).toBe('retry');
  });

  it('opens level 2 only once level 1 is verified', () => {
    expect(levelAction(state({ l1: 1 }), 2)).toBe('locked');
    expect(levelAction(state({ l1: 2 }), 2)).toBe('start');
    expect(levelAction(state({ l1: 2, l2: 3 }), 2)).toBe('retry');
  });
});

describe('identity form checks', () => {
  it('wants a real name as on the document', () => {
    expect(checkRealName('')).toBe('identity.validation.nameRequired');
    expect(checkRealName('A')).toBe('identity.validation.name');
    expect(checkRealName('张三')).toBeNull();
    expect(checkRealName("Anne-Marie O'Neil")).toBeNull();
    expect(checkRealName('<script>')).toBe('identity.validation.name');
  });

  it('wants a document number of letters, digits and hyphens', () => {
    expect(checkDocumentNumber(' ')).toBe('identity.validation.idNumberRequired');
    expect(checkDocumentNumber('E1234567')).toBeNull();
    expect(checkDocumentNumber('12 34')).toBe('identity.validation.idNumber');
  });

  it('accepts no address or a plausible one', () => {
    expect(checkOptionalAddress('')).toBeNull();
    expect(checkOptionalAddress('0x52908400098527886E0F7030069857D2E4169EE7')).toBeNull();
    expect(checkOptionalAddress('short')).toBe('identity.validation.address');
  });
});

describe('address and bank card checks', () => {
  it('requires the withdrawal address and its label', () => {
    expect(checkWalletAddress('')).toBe('identity.validation.addressRequired');
    expect(checkWalletAddress('TQ9fW3mYbourseE2eWithdrawAddr01')).toBeNull();
    expect(checkWalletAddress('bad address!')).toBe('identity.validation.address');
    expect(checkLabel('')).toBe('identity.validation.labelRequired');
    expect(checkLabel('x'.repeat(31))).toBe('identity.validation.label');
  });

  it('requires every bank field and a phone number', () => {
    expect(checkBankField('  ')).toBe('identity.validation.fieldRequired');
    expect(checkBankField('Bourse Bank')).toBeNull();
    expect(checkBankField('x'.repeat(101))).toBe('identity.validation.fieldLong');
    expect(checkPhone('+86 138 0013 8000')).toBeNull();
    expect(checkPhone('12')).toBe('identity.validation.phone');
  });

  it('checks each bank field by what it holds, as the server does', () => {
    expect(checkBankField('<script>alert(1)</script>')).toBe('identity.validation.markup');
    expect(checkLabel('<b>mine</b>')).toBe('identity.validation.markup');
    expect(checkCardNumber('6222 0202-0011 2233 445')).toBeNull();
    expect(checkCardNumber('6222<b>0000')).toBe('identity.validation.cardNumber');
    expect(checkCardNumber('1234567')).toBe('identity.validation.cardNumber');
    expect(checkCardNumber('')).toBe('identity.validation.fieldRequired');
    expect(checkAba('021000021')).toBeNull();
    expect(checkAba('02100002')).toBe('identity.validation.aba');
    expect(checkSwift('bourcnsh')).toBeNull();
    expect(checkSwift('BOURCNSHXXX')).toBeNull();
    expect(checkSwift('B0URCNSH')).toBe('identity.validation.swift');
    expect(checkSwift('BOURCNSHXX')).toBe('identity.validation.swift');
  });
});
