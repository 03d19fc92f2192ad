import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setNumberLocale } from '../../../lib/format';
import { DecimalField } from '../components/DecimalField';

const NNBSP = '\u202f';

afterEach(() => setNumberLocale('en-US'));

function field(value: string) {
  render(<DecimalField label="Price" unit="USDT" value={value} onChange={() => undefined} places={2} step="0.01" testId="price" />);
  return screen.getByTestId('price') as HTMLInputElement;
}

describe('a price field of the order form', () => {
  it('reads like the book beside it, at the tick, grouped', () => {
    expect(field('66367.3').value).toBe('66,367.30');
  });

  it('reads the French way in French', () => {
    setNumberLocale('fr-FR');
    expect(field('66367.3').value).toBe(`66${NNBSP}367,30`);
  });

  it('holds the plain digits while a person types', () => {
    const input = field('66367.3');
    fireEvent.focus(input);
    expect(input.value).toBe('66367.3');
    fireEvent.blur(input);
    expect(input.value).toBe('66,367.30');
  });

  it('leaves an empty or half-typed value as it is', () => {
    expect(field('').value).toBe('');
  });
});
