/**
 * How the figures of a contract or an option read (lib/format.ts decides the
 * rules; this picks the precision for one order): prices at the tick of the
 * order's market, money at the display precision of the coin it is paid in.
 * Hooks because both come from cached lists (the markets, the coins).
 */
import { useCoinOf } from '../../shared/funds/api';
import { coinPlaces, formatCoin, formatPrice, splitSymbol } from '../../lib/format';
import { useTickOf } from './api';

export interface Figures {
  /** A label with the coin the money is in: "Fee(USDT)" (the bare label while the coin is unknown). */
  unit: (label: string) => string;
  price: (value: string | null | undefined) => string;
  money: (value: string | null | undefined) => string;
}

function useFigures(symbol: string, coinKey: string | number): Figures {
  const tick = useTickOf()(symbol);
  const coin = useCoinOf()(coinKey);
  const places = coin ? coinPlaces(coin) : undefined;
  const name = coin?.name ?? (typeof coinKey === 'string' ? coinKey : '');
  return {
    unit: (label) => (name ? `${label}(${name})` : label),
    price: (value) => formatPrice(value, tick),
    money: (value) => formatCoin(value, places),
  };
}

/** A contract: margin, fees and profit are in the market's quote coin. */
export function useContractFigures(symbol: string): Figures {
  return useFigures(symbol, splitSymbol(symbol).quote);
}

/** A seconds option: stake, fee and payout are in the stake coin (`currency_id`). */
export function useOptionFigures(order: { symbol: string; currency_id: number }): Figures {
  return useFigures(order.symbol, order.currency_id);
}
