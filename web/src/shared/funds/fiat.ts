/**
 * The fiat the user chose in Settings (kept on the device with its rate), with
 * the rate taken fresh from GET /api/wallet/getRateCurrency once that answered;
 * the stored rate is shown meanwhile and when the call fails.
 */
import { useAppSelector } from '../../app/hooks';
import { useGetRateCurrencyQuery } from '../../lib/api';
import type { FiatChoice } from '../../lib/format';
import { selectFiat } from '../../lib/session';

export function useFiat(): FiatChoice {
  const stored = useAppSelector(selectFiat);
  const { data } = useGetRateCurrencyQuery(undefined, { skip: stored.currency_code === 'USD' });
  const live = data?.find((r) => r.currency_code === stored.currency_code);
  return live ? { currency_code: live.currency_code, symbol: live.symbol, rate: live.rate } : stored;
}
