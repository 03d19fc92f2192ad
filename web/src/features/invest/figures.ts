/**
 * How the dual-investment figures read (lib/format.ts decides the rules;
 * this picks the precision): prices at the tick of the coin's market (the
 * linked and index prices are USDT per coin), amounts invested and paid out
 * exactly (`formatDecimal`: they are the terms of a contract), balances at
 * the coin's display precision.
 */
import { useCallback } from 'react';
import { formatCoin, formatDecimal, formatPrice } from '../../lib/format';
import { useCoinPlaces } from '../../shared/funds/api';
import { useGetQuotationsQuery } from '../../shared/market/api';

export interface DualFigures {
  /** A price of `coin` in the quote, at its market's tick. */
  price: (coin: string, quote: string, value: string | null | undefined) => string;
  /** An amount invested or paid out, exactly. */
  exact: (value: string | null | undefined) => string;
  /** A balance at the coin's display precision. */
  balance: (value: string | null | undefined, coin: string) => string;
}

/** Every market's tick as one string ("BTC/USDT=0.01|…"), so a live ticker does not re-render the page. */
function ticksOf(rows: { symbol: string; tick: string }[] | undefined): string {
  return (rows ?? []).map((r) => `${r.symbol}=${r.tick}`).join('|');
}

export function useDualFigures(): DualFigures {
  const places = useCoinPlaces();
  const { ticks } = useGetQuotationsQuery(undefined, { selectFromResult: (r) => ({ ticks: ticksOf(r.data) }) });
  const tickOf = useCallback(
    (symbol: string) => {
      const hit = ticks.split('|').find((t) => t.startsWith(`${symbol}=`));
      return hit ? hit.slice(symbol.length + 1) : undefined;
    },
    [ticks],
  );
  return {
    price: (coin, quote, value) => formatPrice(value, tickOf(`${coin}/${quote}`)),
    exact: (value) => formatDecimal(value),
    balance: (value, coin) => formatCoin(value, places(coin)),
  };
}
