/**
 * How the copy-trading figures read (lib/format.ts decides the rules; this
 * picks the precision): money in the contracts' coin at its display
 * precision, prices at the tick of their market. Hooks because both come
 * from cached lists (the coins, the markets).
 */
import { useCallback } from 'react';
import { useCoinPlaces } from '../../shared/funds/api';
import { useGetQuotationsQuery } from '../../shared/market/api';
import { formatCoin, formatPrice, signed } from '../../lib/format';
import { COPY_COIN } from './logic';

export interface CopyFigures {
  coin: string;
  money: (value: string | null | undefined) => string;
  /** Money with "+" above zero (profits). */
  profit: (value: string | null | undefined) => string;
  price: (symbol: string, value: string | null | undefined) => string;
}

/** Every market's tick as one string ("BTC/USDT=0.01|…"), so a live ticker does not re-render the page. */
function ticksOf(rows: { symbol: string; tick: string }[] | undefined): string {
  return (rows ?? []).map((r) => `${r.symbol}=${r.tick}`).join('|');
}

export function useCopyFigures(): CopyFigures {
  const places = useCoinPlaces()(COPY_COIN);
  const { ticks } = useGetQuotationsQuery(undefined, { selectFromResult: (r) => ({ ticks: ticksOf(r.data) }) });
  const tickOf = useCallback(
    (symbol: string) => {
      const hit = ticks.split('|').find((t) => t.startsWith(`${symbol}=`));
      return hit ? hit.slice(symbol.length + 1) : undefined;
    },
    [ticks],
  );
  const money = (value: string | null | undefined) => formatCoin(value, places);
  return {
    coin: COPY_COIN,
    money,
    profit: (value) => signed(money(value)),
    price: (symbol, value) => formatPrice(value, tickOf(symbol)),
  };
}
