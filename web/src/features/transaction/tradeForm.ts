/**
 * Rules of the spot order form (docs/api.md, POST /api/coin/trade): amounts
 * from a percentage of the available balance, field checks against the
 * market's tick, lot and minimum, the funds check, and the estimated total.
 * Pure and exact on decimal strings.
 */
import { ceilToStep, cmp, divTrunc, floorToStep, isMultipleOf, isPositive, mul, percentOf, placesOf, truncate } from './decimal';

export type Side = 'buy' | 'sell';
export type OrderKind = 'limit' | 'market';

/** A field problem: the locale key of the message and its values; null when fine. */
export type FieldError = { key: string; values?: Record<string, string> } | null;

/** Cleans what the user typed into a decimal with at most `places` decimals ("1,5" → "1.5"). */
export function sanitizeDecimalInput(raw: string, places: number): string {
  let text = raw.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const dot = text.indexOf('.');
  if (dot >= 0) text = text.slice(0, dot + 1) + text.slice(dot + 1).replace(/\./g, '');
  if (text.startsWith('.')) text = `0${text}`;
  text = text.replace(/^0+(?=\d)/, '');
  if (places <= 0) return text.split('.')[0];
  const [int, frac] = text.split('.');
  return frac === undefined ? int : `${int}.${frac.slice(0, places)}`;
}

export interface PercentArgs {
  side: Side;
  kind: OrderKind;
  /** 25, 50, 75 or 100. */
  pct: number;
  /** Available balance: the quote coin for a buy, the base coin for a sell. */
  available: string;
  /** Limit price (limit buy only). */
  price: string;
  lot: string;
  /** Decimals of the quote coin (a market buy's amount is quote). */
  quotePlaces: number;
}

/**
 * The amount field for `pct` % of the available balance, cut down to what can
 * be ordered: a sell or limit buy to the lot, a market buy (quote to spend) to
 * the quote coin's decimals. Null when a limit buy has no valid price yet.
 */
export function amountForPercent({ side, kind, pct, available, price, lot, quotePlaces }: PercentArgs): string | null {
  const part = isPositive(available) ? percentOf(available, pct) : '0';
  if (side === 'sell') return floorToStep(part, lot);
  if (kind === 'market') return truncate(part, quotePlaces);
  if (!isPositive(price)) return null;
  const qty = divTrunc(part, price, placesOf(lot)) ?? '0';
  return floorToStep(qty, lot);
}

export function checkPrice(price: string, tick: string): FieldError {
  if (price.trim() === '') return { key: 'trade.errPriceRequired' };
  if (!isPositive(price)) return { key: 'trade.errPricePositive' };
  if (!isMultipleOf(price, tick)) return { key: 'trade.errTick', values: { tick } };
  return null;
}

export interface AmountArgs {
  side: Side;
  kind: OrderKind;
  amount: string;
  lot: string;
  minQty: string;
  quotePlaces: number;
}

export function checkAmount({ side, kind, amount, lot, minQty, quotePlaces }: AmountArgs): FieldError {
  if (amount.trim() === '') return { key: kind === 'market' && side === 'buy' ? 'trade.errTotalRequired' : 'trade.errAmountRequired' };
  if (!isPositive(amount)) return { key: 'trade.errAmountPositive' };
  if (kind === 'market' && side === 'buy') {
    if (placesOf(amount) > quotePlaces) return { key: 'trade.errPlaces', values: { places: String(quotePlaces) } };
    return null;
  }
  if (!isMultipleOf(amount, lot)) return { key: 'trade.errLot', values: { lot } };
  if (cmp(amount, minQty) < 0) return { key: 'trade.errMinQty', values: { min: minQty } };
  return null;
}

export interface CostArgs {
  side: Side;
  kind: OrderKind;
  price: string;
  amount: string;
}

/** What the order takes from the balance: quote for a buy (price × amount, or the budget), base for a sell. */
export function orderCost({ side, kind, price, amount }: CostArgs): string {
  if (side === 'sell') return amount;
  return kind === 'market' ? amount : mul(price, amount);
}

export function checkFunds(args: CostArgs & { available: string | undefined }): FieldError {
  if (args.available === undefined) return null;
  return cmp(orderCost(args), args.available) > 0 ? { key: 'trade.errInsufficient' } : null;
}

/**
 * The estimated total in the quote coin: exact for a limit order or a market
 * buy (its budget), approximate at the last price for a market sell. Null when
 * the fields do not make a number yet.
 */
export function estimateTotal(args: CostArgs & { lastPrice: string; quotePlaces: number }): { value: string; approx: boolean } | null {
  const { side, kind, price, amount, lastPrice, quotePlaces } = args;
  if (!isPositive(amount)) return null;
  if (kind === 'limit') return isPositive(price) ? { value: truncate(mul(price, amount), quotePlaces), approx: false } : null;
  if (side === 'buy') return { value: truncate(amount, quotePlaces), approx: false };
  return isPositive(lastPrice) ? { value: truncate(mul(lastPrice, amount), quotePlaces), approx: true } : null;
}

/** One unit of the last decimal place: 2 → "0.01", 0 → "1". */
function unitOf(places: number): string {
  return places <= 0 ? '1' : `0.${'0'.repeat(places - 1)}1`;
}

/**
 * The least a market buy may spend: the minimum amount at the last price,
 * rounded up to the quote coin's decimals (the server checks it against the
 * best offer and names its own figure when they differ).
 */
export function minMarketTotal(minQty: string, lastPrice: string, quotePlaces: number): string | null {
  if (!isPositive(minQty) || !isPositive(lastPrice)) return null;
  return ceilToStep(mul(minQty, lastPrice), unitOf(quotePlaces));
}

/** A market buy's budget against the minimum, shown in `places` decimals (the price's) with its coin. */
export function checkMinTotal(args: { side: Side; kind: OrderKind; amount: string; minQty: string; lastPrice: string; places: number; unit: string }): FieldError {
  if (args.side !== 'buy' || args.kind !== 'market' || !isPositive(args.amount)) return null;
  const min = minMarketTotal(args.minQty, args.lastPrice, args.places);
  return min !== null && cmp(args.amount, min) < 0 ? { key: 'trade.errMinTotal', values: { min: `${min} ${args.unit}` } } : null;
}

export interface FormErrors {
  price: FieldError;
  amount: FieldError;
  /** The error that stops a submit, shown again when the button is tapped. */
  stopping: FieldError;
}

/**
 * Which error each field shows, and which one stops the order. The amount
 * field shows its own problem first, then the minimum, then the funds; a
 * required-field message waits for a submit, anything else shows as soon as
 * something is typed.
 */
export function formErrors(args: {
  price: string;
  amount: string;
  priceError: FieldError;
  amountError: FieldError;
  minTotalError: FieldError;
  fundsError: FieldError;
  submitted: boolean;
}): FormErrors {
  const { price, amount, priceError, amountError, minTotalError, fundsError, submitted } = args;
  const amountProblem = amountError ?? minTotalError ?? fundsError;
  return {
    price: submitted || price !== '' ? priceError : null,
    amount: submitted || amount !== '' ? amountProblem : null,
    stopping: priceError ?? amountProblem,
  };
}

/** What an order's answer means to the person who placed it. */
export type PlacedOutcome = 'filled' | 'placed' | 'partly' | 'nothing';

/** A market order that filled nothing was not placed; one filled in part says so. */
export function placedOutcome(order: { order_type: number; status: number; deal_amount: string }): PlacedOutcome {
  if (order.status === 1) return 'filled';
  if (order.order_type === 1 && order.status === 2) return isPositive(order.deal_amount) ? 'partly' : 'nothing';
  return 'placed';
}
