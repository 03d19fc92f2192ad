import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useRequestId } from '../requestId';

describe('idempotency keys of money requests', () => {
  it('reuses the key for a retry of the same request', () => {
    const { result } = renderHook(() => useRequestId());
    const a = result.current.keyFor({ currency_id: 3, number: '50' });
    expect(result.current.keyFor({ currency_id: 3, number: '50' })).toBe(a);
  });

  it('gives a new key when the values change or after a success', () => {
    const { result } = renderHook(() => useRequestId());
    const a = result.current.keyFor({ number: '50' });
    const b = result.current.keyFor({ number: '51' });
    expect(b).not.toBe(a);
    result.current.done();
    expect(result.current.keyFor({ number: '51' })).not.toBe(b);
  });
});
