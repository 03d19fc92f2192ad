/**
 * How the dual-investment figures read (lib/format.ts decides the rules;
 * this picks the precision): prices at the tick of the coin's market (the
 * linked and index prices are USDT per coin), amounts invested exactly
 * (`formatDecimal`: a whole number of shares of the unit the product states),
 * payouts and balances at the coin's display precision (a payout of
 * 100.24657534 USDT reads "100.24 USDT", cut toward zero as the ledger's
 * own rounding is).
 */
import { formatCoin, formatDecimal, formatPrice } from '../../lib/format';
import { useCoinPlaces } from '../../shared/funds/api';
import { useTickOf } from '../../shared/market/api';

export interface DualFigures {
  /** A price of `coin` in the quote, at its market's tick. */
  price: (coin: string, quote: string, value: string | null | undefined) => string;
  /** An amount invested or paid out, exactly. */
  exact: (value: string | null | undefined) => string;
  /** A balance at the coin's display precision. */
  balance: (value: string | null | undefined, coin: string) => string;
}

export function useDualFigures(): DualFigures {
  const places = useCoinPlaces();
  const tickOf = useTickOf();
  return {
    price: (coin, quote, value) => formatPrice(value, tickOf(`${coin}/${quote}`)),
    exact: (value) => formatDecimal(value),
    balance: (value, coin) => formatCoin(value, places(coin)),
  };
}
