/**
 * How the copy-trading figures read (lib/format.ts decides the rules; this
 * picks the precision): money in the contracts' coin at its display
 * precision, prices at the tick of their market. Hooks because both come
 * from cached lists (the coins, the markets).
 */
import { useCoinPlaces } from '../../shared/funds/api';
import { useTickOf } from '../../shared/market/api';
import { formatCoin, formatPrice, signed } from '../../lib/format';
import { COPY_COIN } from './logic';

export interface CopyFigures {
  coin: string;
  money: (value: string | null | undefined) => string;
  /** Money with "+" above zero (profits). */
  profit: (value: string | null | undefined) => string;
  price: (symbol: string, value: string | null | undefined) => string;
}

export function useCopyFigures(): CopyFigures {
  const places = useCoinPlaces()(COPY_COIN);
  const tickOf = useTickOf();
  const money = (value: string | null | undefined) => formatCoin(value, places);
  return {
    coin: COPY_COIN,
    money,
    profit: (value) => signed(money(value)),
    price: (symbol, value) => formatPrice(value, tickOf(symbol)),
  };
}
