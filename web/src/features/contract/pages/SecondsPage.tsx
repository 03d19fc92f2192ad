/**
 * Seconds options (`/pages/transaction/index?symbol=BTC/USDT`): live price and
 * line, a duration with its payout ratio, rise or fall, a stake within the
 * duration's bounds; after a confirmation the option counts down to its expiry
 * and the result dialog opens when the server settles it.
 */
import { Button, Dialog, Input } from 'antd-mobile';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { OfflineNote, useOfflineAction } from '../../../components/OfflineNote';
import { PageShell } from '../../../components/PageShell';
import { EmptyState, ErrorState } from '../../../components/StateBlocks';
import { useCoinPlaces } from '../../../shared/funds/api';
import { formatCoin, formatDecimal, PLACEHOLDER, signed } from '../../../lib/format';
import { loginRouteFor } from '../../../lib/navigation';
import { selectToken } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import {
  contractApi,
  useGetContractMarketsQuery,
  useGetOptionBalanceQuery,
  useGetOptionDurationsQuery,
  useLazyGetOptionResultQuery,
  useOptionSubmitMutation,
  type OptionOrder,
} from '../api';
import { learnServerTime, serverNow } from '../clock';
import { MarketBar } from '../components/MarketBar';
import { OptionChart } from '../components/OptionChart';
import { OptionLists } from '../components/OptionLists';
import { OptionResultDialog } from '../components/OptionResultDialog';
import { TransferDialog } from '../components/TransferDialog';
import { useSocketEvent } from '../live';
import { compareDecimal, isAmount, optionFee, optionProfit, ratioPercent } from '../logic';
import { CONTRACT_ROUTES } from '../paths';
import '../contract.css';

/** How long after expiry the page asks the server itself, if no socket event came. */
const POLL_AFTER_MS = 2500;

export default function SecondsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const token = useAppSelector(selectToken);
  const markets = useGetContractMarketsQuery();
  const durations = useGetOptionDurationsQuery();
  const balance = useGetOptionBalanceQuery({ token }, { skip: !token });
  const [submit, { isLoading: submitting }] = useOptionSubmitMutation();
  const [fetchResult] = useLazyGetOptionResultQuery();

  const list = useMemo(() => (markets.data ?? []).filter((m) => m.open_microtrade), [markets.data]);
  const symbol = params.get('symbol') ?? 'BTC/USDT';
  const market = list.find((m) => m.symbol === symbol) ?? list[0];

  const [seconds, setSeconds] = useState<number | null>(null);
  const [side, setSide] = useState<1 | 2>(1);
  const [amount, setAmount] = useState('');
  const [transferOpen, setTransferOpen] = useState(false);
  const [result, setResult] = useState<OptionOrder | null>(null);
  const [version, setVersion] = useState(0);
  /** Options bought here whose result is still awaited. */
  const watched = useRef(new Map<number, OptionOrder>());

  const duration = durations.data?.find((d) => d.seconds === seconds) ?? durations.data?.[0];
  const payable = balance.data?.[0];
  const coin = payable?.name || 'USDT';
  const places = useCoinPlaces()(payable?.currency_id ?? coin);
  const money = (value: string) => formatCoin(value, places);

  const settled = useCallback(
    (order: OptionOrder) => {
      if (!watched.current.has(order.id)) {
        setVersion((v) => v + 1);
        return;
      }
      watched.current.delete(order.id);
      setResult(order);
      setVersion((v) => v + 1);
      dispatch(contractApi.util.invalidateTags(['OptionBalance']));
    },
    [dispatch],
  );

  useSocketEvent('closed_microorder', (payload: { data?: OptionOrder }) => {
    if (payload?.data?.id) settled(payload.data);
  });

  // Fallback when the socket is down: ask for the result shortly after expiry.
  useEffect(() => {
    const timer = setInterval(async () => {
      for (const order of watched.current.values()) {
        if (serverNow() < order.expires_at + POLL_AFTER_MS) continue;
        try {
          const fresh = await fetchResult(order.id).unwrap();
          if (fresh.status === 1) settled(fresh);
        } catch {
          // Try again on the next tick.
        }
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [fetchResult, settled]);

  const offline = useOfflineAction();

  const buy = async () => {
    if (!token) {
      navigate(loginRouteFor(`${CONTRACT_ROUTES.options}?symbol=${encodeURIComponent(symbol)}`));
      return;
    }
    if (!market || !duration || !payable) return;
    // Offline nothing is sent: the note says so, the amount and duration stay.
    if (offline.refuse()) return;
    const value = amount.trim();
    if (!isAmount(value)) {
      showToast(t('contract.enterAmount'));
      return;
    }
    if (compareDecimal(value, duration.min_amount) === -1 || compareDecimal(value, duration.max_amount) === 1) {
      showToast(t('contract.amountRange', { min: money(duration.min_amount), max: money(duration.max_amount) }));
      return;
    }
    const fee = optionFee(value, duration.fee_rate);
    if (compareDecimal(payable.available, value) === -1) {
      showToast(t('contract.insufficient'));
      setTransferOpen(true);
      return;
    }
    const ok = await Dialog.confirm({
      title: t('contract.confirmTitle'),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
      content: (
        <div className="ct-confirm" data-testid="ct-option-confirm">
          <div>
            <span>{t('contract.market')}</span>
            <b>{market.symbol}</b>
          </div>
          <div>
            <span>{t('contract.direction')}</span>
            <b className={side === 1 ? 'up' : 'down'}>{side === 1 ? t('contract.rise') : t('contract.fall')}</b>
          </div>
          <div>
            <span>{t('contract.duration')}</span>
            <b>{t('contract.secondsValue', { count: duration.seconds })}</b>
          </div>
          <div>
            <span>{t('contract.amount')}</span>
            <b>
              {formatDecimal(value)} {coin}
            </b>
          </div>
          <div>
            <span>{t('contract.fee')}</span>
            <b>
              {money(fee)} {coin}
            </b>
          </div>
          <div>
            <span>{t('contract.expectedProfit')}</span>
            <b className="up">
              {signed(money(optionProfit(value, duration.profit_ratio)))} {coin}
            </b>
          </div>
        </div>
      ),
    });
    if (!ok || offline.refuse()) return;
    try {
      const order = await submit({
        match_id: market.match_id,
        currency_id: payable.currency_id,
        type: side,
        seconds: duration.seconds,
        number: value,
      }).unwrap();
      learnServerTime(order.opened_at);
      watched.current.set(order.id, order);
      setVersion((v) => v + 1);
      showToast(t('contract.optionBought'), 'success');
    } catch (e) {
      // The server's message was shown, or a call that found no connection is
      // said under the button; the amount stays.
      offline.failed(e);
    }
  };

  let body;
  if (markets.isLoading || durations.isLoading) body = <LoadingBlock />;
  else if ((markets.isError && !markets.data) || (durations.isError && !durations.data))
    body = (
      <ErrorState
        onRetry={() => {
          markets.refetch();
          durations.refetch();
        }}
      />
    );
  else if (!market || !duration) body = <EmptyState title={t('contract.noMarkets')} />;
  else {
    const low = Boolean(token && payable && compareDecimal(payable.available, duration.min_amount) === -1);
    const typed = isAmount(amount);
    body = (
      <>
        <MarketBar markets={list} current={market} onPick={(m) => setParams({ symbol: m.symbol }, { replace: true })} />
        <OptionChart
          key={market.symbol}
          matchId={market.match_id}
          symbol={market.symbol}
          price={market.now_price}
          time={market.time}
          tick={market.tick}
          seconds={duration.seconds}
        />
        <div className="card" data-testid="ct-option-form">
          <div className="ct-label">
            <span>{t('contract.duration')}</span>
            <span>{t('contract.payoutRatio')}</span>
          </div>
          <div className="ct-durations">
            {durations.data?.map((d) => (
              <button
                key={d.seconds}
                type="button"
                className={d.seconds === duration.seconds ? 'on' : ''}
                onClick={() => setSeconds(d.seconds)}
                data-testid={`ct-duration-${d.seconds}`}
              >
                <b>{d.seconds}s</b>
                <span>{ratioPercent(d.profit_ratio)}</span>
              </button>
            ))}
          </div>
          <div className="ct-side">
            <button type="button" className={`rise ${side === 1 ? 'on' : ''}`} onClick={() => setSide(1)} data-testid="ct-rise">
              {t('contract.rise')}
            </button>
            <button type="button" className={`fall ${side === 2 ? 'on' : ''}`} onClick={() => setSide(2)} data-testid="ct-fall">
              {t('contract.fall')}
            </button>
          </div>
          <div className="ct-field">
            <div className="ct-label">
              <span>{t('contract.amount')}</span>
              <span>{t('contract.amountBounds', { min: money(duration.min_amount), max: money(duration.max_amount) })}</span>
            </div>
            <div className="ct-input">
              <Input
                data-testid="ct-option-amount"
                value={amount}
                onChange={setAmount}
                inputMode="decimal"
                placeholder={t('contract.amountPlaceholder')}
                clearable
              />
              <span className="ct-input-unit">{coin}</span>
            </div>
          </div>
          <div className="ct-summary">
            <div>
              <span>{`${t('contract.fee')}(${coin})`}</span>
              <b>{typed ? money(optionFee(amount.trim(), duration.fee_rate)) : PLACEHOLDER}</b>
            </div>
            <div>
              <span>{`${t('contract.expectedProfit')}(${coin})`}</span>
              <b className="up">{typed ? signed(money(optionProfit(amount.trim(), duration.profit_ratio))) : PLACEHOLDER}</b>
            </div>
          </div>
          {token ? (
            <div className={`ct-balance ${low ? 'low' : ''}`}>
              <span className="ellipsis">
                {t('contract.optionsAvailable')} <b data-testid="ct-option-balance" data-live>{payable ? money(payable.available) : PLACEHOLDER}</b> {coin}
              </span>
              <button type="button" className="ct-link" onClick={() => setTransferOpen(true)} data-testid="ct-option-transfer">
                {t('contract.transferIn')}
              </button>
            </div>
          ) : null}
          {token ? (
            <>
              <Button block className={`ct-submit ${side === 1 ? 'rise' : 'fall'}`} loading={submitting} onClick={buy} data-testid="ct-option-submit">
                {side === 1 ? t('contract.buyRise') : t('contract.buyFall')}
              </Button>
              <OfflineNote shown={offline.refused} />
            </>
          ) : (
            <div className="ct-visitor">
              <p>{t('contract.visitorHint')}</p>
              <Button block color="primary" onClick={buy} data-testid="ct-login">
                {t('contract.login')}
              </Button>
            </div>
          )}
        </div>
        {token ? (
          <>
            <OptionLists version={version} />
            <div className="ct-more">
              <Button size="small" fill="none" color="primary" onClick={() => navigate(CONTRACT_ROUTES.optionsOrder)} data-testid="ct-all-options">
                {t('contract.allOptions')}
              </Button>
            </div>
          </>
        ) : null}
        {token && payable ? (
          <TransferDialog
            visible={transferOpen}
            onClose={() => setTransferOpen(false)}
            toField={4}
            currencyId={payable.currency_id}
            coin={coin}
          />
        ) : null}
      </>
    );
  }

  return (
    <PageShell backTo={CONTRACT_ROUTES.contract} className="ct-page">
      <div data-testid="options-page">{body}</div>
      <OptionResultDialog order={result} onClose={() => setResult(null)} />
    </PageShell>
  );
}
