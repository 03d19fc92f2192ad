import { act, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { reportConnection, resetConnectionForTests } from '../../lib/connection';
import { CoinIcon } from '../CoinIcon';
import { RetryImage } from '../RetryImage';

/** The link drops and comes back. */
function dropAndReturn() {
  act(() => {
    reportConnection({ type: 'connected' });
    reportConnection({ type: 'dropped' });
    reportConnection({ type: 'connected' });
  });
}

describe('pictures that failed offline', () => {
  afterEach(() => resetConnectionForTests());

  it('are asked again, as a new element, when the link comes back', () => {
    const { container } = render(<RetryImage src="/upload/a.png" alt="" />);
    const first = container.querySelector('img');
    fireEvent.error(first!);
    dropAndReturn();
    const second = container.querySelector('img');
    expect(second).not.toBe(first);
    expect(second?.getAttribute('src')).toBe('/upload/a.png');
  });

  it('that loaded are left alone', () => {
    const { container } = render(<RetryImage src="/upload/a.png" alt="" />);
    const first = container.querySelector('img');
    fireEvent.load(first!);
    dropAndReturn();
    expect(container.querySelector('img')).toBe(first);
  });

  it("show a coin's initial meanwhile, then its picture again", () => {
    const { container } = render(<CoinIcon src="/upload/btc.png" name="BTC" />);
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('B');
    dropAndReturn();
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/upload/btc.png');
  });
});
