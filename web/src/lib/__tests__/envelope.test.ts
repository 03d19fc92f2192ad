import { describe, expect, it } from 'vitest';
import { interpretEnvelope } from '../envelope';

describe('envelope interpretation', () => {
  it('treats type ok as success and returns the message', () => {
    expect(interpretEnvelope({ type: 'ok', message: 'tok123' }, 200)).toEqual({ kind: 'ok', data: 'tok123' });
    expect(interpretEnvelope({ type: 'ok', message: { id: 1 } }, 200)).toEqual({ kind: 'ok', data: { id: 1 } });
    expect(interpretEnvelope({ type: 'ok', message: null }, 200)).toEqual({ kind: 'ok', data: null });
  });

  it('treats code 1 as success, returning message (or data when there is none)', () => {
    expect(interpretEnvelope({ code: 1, message: 'done' }, 200)).toEqual({ kind: 'ok', data: 'done' });
    expect(interpretEnvelope({ code: 1, msg: 'success', data: [1, 2] }, 200)).toEqual({ kind: 'ok', data: [1, 2] });
    expect(interpretEnvelope({ code: '1', message: 'x' }, 200)).toEqual({ kind: 'ok', data: 'x' });
  });

  it('maps type 999 to unauthenticated with the server text', () => {
    expect(interpretEnvelope({ type: '999', message: '请先登录' }, 401)).toEqual({
      kind: 'unauthenticated',
      message: '请先登录',
    });
    expect(interpretEnvelope({ type: 999, message: 'expired' }, 401).kind).toBe('unauthenticated');
  });

  it('maps type 998 to verification required', () => {
    expect(interpretEnvelope({ type: '998', message: 'verify first' }, 403)).toEqual({
      kind: 'verify',
      message: 'verify first',
    });
  });

  it('maps other answers to an error with the server message', () => {
    expect(interpretEnvelope({ type: 'error', message: 'wrong code' }, 422)).toEqual({
      kind: 'error',
      message: 'wrong code',
    });
    expect(interpretEnvelope({ code: -1, msg: 'bad period', data: [] }, 200)).toEqual({
      kind: 'error',
      message: 'bad period',
    });
    expect(interpretEnvelope({ type: 'error', message: { detail: 1 } }, 500)).toEqual({ kind: 'error', message: null });
  });

  it('handles bodies that are not envelopes', () => {
    expect(interpretEnvelope(null, 502)).toEqual({ kind: 'error', message: null });
    expect(interpretEnvelope(null, 401)).toEqual({ kind: 'unauthenticated', message: null });
    expect(interpretEnvelope(['x'], 200)).toEqual({ kind: 'error', message: null });
  });
});
