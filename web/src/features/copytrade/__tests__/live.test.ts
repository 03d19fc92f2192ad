import { describe, expect, it } from 'vitest';
import { applyLiveMarks, asOfText, receiptProfit, type LiveFigures } from '../logic';

const open = (id: number, over: Partial<LiveFigures> = {}): LiveFigures => ({ id, status: 1, mark_price: '100', unrealised: '0', ...over });

describe('an open copy, live', () => {
  it('takes the mark and unrealised profit of the lever_trade positions it names', () => {
    const receipts = [open(1), open(2), open(3, { status: 3, mark_price: null, unrealised: null })];
    const changed = applyLiveMarks(receipts, {
      positions: [
        { id: 2, symbol: 'BTC/USDT', type: 1, profit: '-12.5', risk_rate: '80.00', mark_price: '98.75' },
        // A position of the user's that is no copy of this list, and a closed copy: left alone.
        { id: 9, profit: '4', mark_price: '1' },
        { id: 3, profit: '4', mark_price: '1' },
      ],
    });
    expect(changed).toBe(1);
    expect(receipts[0]).toEqual(open(1));
    expect(receipts[1]).toMatchObject({ mark_price: '98.75', unrealised: '-12.5' });
    expect(receipts[2]).toMatchObject({ mark_price: null, unrealised: null });
  });

  it('counts only what moved, and ignores what is not a list of positions', () => {
    const receipts = [open(1, { mark_price: '101', unrealised: '1' })];
    expect(applyLiveMarks(receipts, { positions: [{ id: 1, profit: '1', mark_price: '101' }] })).toBe(0);
    for (const junk of [null, undefined, 'x', {}, { positions: 'x' }, { positions: [null, { id: '1', profit: '2', mark_price: '3' }, { id: 1, profit: 2 }] }]) {
      expect(applyLiveMarks(receipts, junk)).toBe(0);
    }
    expect(receipts[0]).toMatchObject({ mark_price: '101', unrealised: '1' });
  });

  it('shows unrealised profit while open and the realised profit once closed', () => {
    expect(receiptProfit({ status: 1, profit: null, unrealised: '-3.2' })).toEqual({ kind: 'unrealised', value: '-3.2' });
    expect(receiptProfit({ status: 1, profit: null, unrealised: null })).toEqual({ kind: 'unrealised', value: null });
    expect(receiptProfit({ status: 3, profit: '7.1', unrealised: '5' })).toEqual({ kind: 'realised', value: '7.1' });
  });
});

describe('the figures\' "as of"', () => {
  const at = new Date(2026, 10, 28, 9, 5).getTime();
  it('is the time on the day it is read, the date and time on another', () => {
    expect(asOfText(at, new Date(2026, 10, 28, 23, 59).getTime())).toBe('09:05');
    expect(asOfText(at, new Date(2026, 10, 29, 0, 1).getTime())).toBe('2026-11-28 09:05');
    expect(asOfText(0, at)).toBeNull();
    expect(asOfText(null, at)).toBeNull();
  });
});
