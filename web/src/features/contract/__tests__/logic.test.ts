import { describe, expect, it } from 'vitest';
import {
  addDecimal,
  compareDecimal,
  contractQuote,
  elapsedShare,
  formatCountdown,
  fromUnits,
  isAmount,
  optionFee,
  optionProfit,
  outcomeOf,
  ratioPercent,
  remainingMs,
  riskTone,
  subDecimal,
  toUnits,
} from '../logic';

describe('contract quote', () => {
  it('computes notional, margin and fee of one lot of 0.01 BTC at 10x exactly', () => {
    const q = contractQuote('67037.39', 1, '0.01', 10, '0.0005');
    expect(q).toEqual({ notional: '670.3739', margin: '67.03739', fee: '0.33518695', cost: '67.37257695' });
  });

  it('matches what the server charged for the same position', () => {
    // Server answer of lever/submit: caution_money 67.03739, trade_fee 0.33518695.
    const q = contractQuote('67037.39', '1', '0.01', '10', '0.0005');
    expect(q?.margin).toBe('67.03739');
    expect(q?.fee).toBe('0.33518695');
  });

  it('rounds margin and fee up to 10^-8 and never uses floats', () => {
    const q = contractQuote('0.1', 3, '0.1', 7, '0.0003');
    // notional 0.03; margin 0.03 / 7 = 0.004285714285… → 0.00428572; fee 0.000009
    expect(q?.notional).toBe('0.03');
    expect(q?.margin).toBe('0.00428572');
    expect(q?.fee).toBe('0.000009');
  });

  it('keeps big notionals exact', () => {
    const q = contractQuote('123456789.12345678', 500, '0.01', 100, '0.0005');
    expect(q?.notional).toBe('617283945.6172839');
    expect(q?.margin).toBe('6172839.45617284');
  });

  it('refuses missing or non-positive inputs', () => {
    expect(contractQuote('', 1, '0.01', 10, '0.0005')).toBeNull();
    expect(contractQuote('100', 0, '0.01', 10, '0.0005')).toBeNull();
    expect(contractQuote('100', 1, null, 10, '0.0005')).toBeNull();
    expect(contractQuote('abc', 1, '0.01', 10, '0.0005')).toBeNull();
  });
});

describe('decimal helpers', () => {
  it('adds, subtracts and compares decimal strings exactly', () => {
    expect(addDecimal('0.1', '0.2')).toBe('0.3');
    expect(subDecimal('1000', '67.37257695')).toBe('932.62742305');
    expect(subDecimal('1', '2.5')).toBe('-1.5');
    expect(compareDecimal('67.37', '67.370')).toBe(0);
    expect(compareDecimal('9.99', '10')).toBe(-1);
    expect(compareDecimal('x', '10')).toBeNull();
  });

  it('round-trips units', () => {
    expect(fromUnits(toUnits('-0.00000001') ?? 0n)).toBe('-0.00000001');
    expect(fromUnits(toUnits('12.50') ?? 0n)).toBe('12.5');
  });

  it('accepts only positive decimal amounts', () => {
    expect(isAmount('10')).toBe(true);
    expect(isAmount('10.25')).toBe(true);
    expect(isAmount('0')).toBe(false);
    expect(isAmount('-1')).toBe(false);
    expect(isAmount('1e3')).toBe(false);
    expect(isAmount('')).toBe(false);
  });
});

describe('seconds options', () => {
  it('computes the fee and the expected profit of a stake', () => {
    expect(optionFee('10', '0.002')).toBe('0.02');
    expect(optionProfit('10', '0.8')).toBe('8');
    expect(optionProfit('33.33', '0.85')).toBe('28.3305');
    expect(optionFee('abc', '0.002')).toBe('--');
  });

  it('shows payout ratios as percentages', () => {
    expect(ratioPercent('0.8')).toBe('80%');
    expect(ratioPercent('0.85')).toBe('85%');
    expect(ratioPercent('0.0005')).toBe('0.05%');
  });

  it('formats a countdown rounding the last fraction of a second up', () => {
    expect(formatCountdown(30_000)).toBe('00:30');
    expect(formatCountdown(29_001)).toBe('00:30');
    expect(formatCountdown(200)).toBe('00:01');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-5)).toBe('00:00');
    expect(formatCountdown(300_000)).toBe('05:00');
    expect(formatCountdown(3_723_000)).toBe('1:02:03');
  });

  it('never counts below zero and tracks the elapsed share', () => {
    expect(remainingMs(1_000, 2_000)).toBe(0);
    expect(remainingMs(5_000, 2_000)).toBe(3_000);
    expect(elapsedShare(0, 30_000, 15_000)).toBe(0.5);
    expect(elapsedShare(0, 30_000, 40_000)).toBe(1);
  });

  it('names the outcome codes', () => {
    expect(outcomeOf(1)).toBe('win');
    expect(outcomeOf(2)).toBe('lose');
    expect(outcomeOf(3)).toBe('tie');
    expect(outcomeOf(0)).toBe('open');
  });
});

describe('risk rate tone', () => {
  it('reads a fresh position as safe, losses as worth watching, and near liquidation as danger', () => {
    expect(riskTone('99.99')).toBe('safe');
    expect(riskTone('140')).toBe('safe');
    expect(riskTone('79.5')).toBe('watch');
    expect(riskTone('20.01', 10)).toBe('watch');
    expect(riskTone('20', 10)).toBe('danger');
    expect(riskTone('5')).toBe('danger');
    expect(riskTone(undefined)).toBeNull();
    expect(riskTone('--')).toBeNull();
  });
});
