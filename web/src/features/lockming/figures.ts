/**
 * How the lock-up mining figures read (lib/format.ts decides the rules; this
 * picks the precision): an amount of a product's coin at the coin's display
 * precision, exact digits while the coin list loads. A hook because the
 * precision comes from the cached coin list.
 */
import { useCallback } from 'react';
import { formatCoin, signed } from '../../lib/format';
import { useCoinOf, useCoinPlaces } from '../../shared/funds/api';

export interface LockFigures {
  /** An amount of `coin` ("1,000.00"). */
  money: (value: string | null | undefined, coin: string) => string;
  /** With "+" above zero (income). */
  income: (value: string | null | undefined, coin: string) => string;
  /** The coin's picture, when the coin list has one. */
  image: (coin: string) => string | undefined;
}

export function useLockFigures(): LockFigures {
  const places = useCoinPlaces();
  const coinOf = useCoinOf();
  const money = useCallback((value: string | null | undefined, coin: string) => formatCoin(value, places(coin)), [places]);
  const income = useCallback((value: string | null | undefined, coin: string) => signed(money(value, coin)), [money]);
  const image = useCallback((coin: string) => coinOf(coin)?.image || undefined, [coinOf]);
  return { money, income, image };
}
