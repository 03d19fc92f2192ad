/**
 * How the IEO figures read (lib/format.ts decides the rules; this picks the
 * precision). Token amounts, prices and the cost frozen are read exactly
 * (`formatDecimal`): they are what the user asked and paid. Balances take
 * the coin's display precision (`formatCoin`). The decimals a typed amount
 * may have come from the coin list.
 */
import { useCallback } from 'react';
import { formatCoin, formatDecimal } from '../../lib/format';
import { useCoinOf, useCoinPlaces } from '../../shared/funds/api';

/** Decimals assumed for a coin the coin list does not name (the server checks again). */
const UNKNOWN_DECIMALS = 8;

export interface IeoFigures {
  /** An amount that must read exactly: tokens, prices, the cost. */
  exact: (value: string | null | undefined) => string;
  /** A balance of a coin at its display precision. */
  balance: (value: string | null | undefined, coin: string | number) => string;
  /** Most decimals an amount of the coin may have. */
  decimalsOf: (coin: string | number) => number;
}

export function useIeoFigures(): IeoFigures {
  const coinOf = useCoinOf();
  const places = useCoinPlaces();
  const decimalsOf = useCallback((coin: string | number) => coinOf(coin)?.decimals ?? UNKNOWN_DECIMALS, [coinOf]);
  return {
    exact: (value) => formatDecimal(value),
    balance: (value, coin) => formatCoin(value, places(coin)),
    decimalsOf,
  };
}
