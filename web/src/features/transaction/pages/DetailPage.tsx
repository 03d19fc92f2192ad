/**
 * Market detail (`?symbol=BTC/USDT`): live header, candlestick chart with the
 * period switcher, order book and latest trades, the favourite star, and Buy /
 * Sell into the spot trade page.
 */
import { Button, Tabs } from 'antd-mobile';
import { StarFill, StarOutline } from 'antd-mobile-icons';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { LoadingBlock } from '../../../components/LoadingBlock';
import {
  normaliseSymbol,
  useAddFavouriteMutation,
  useGetFavouritesQuery,
  useMarketRow,
  useRemoveFavouriteMutation,
} from '../../../shared/market/api';
import { rememberView } from '../../../shared/market/recent';
import { MARKET_ROUTES, tradeRoute } from '../../../shared/market/routes';
import { PageShell } from '../../../components/PageShell';
import { EmptyState, ErrorState } from '../../../components/StateBlocks';
import { splitSymbol } from '../../../lib/format';
import { loginRouteFor } from '../../../lib/navigation';
import { selectToken } from '../../../lib/session';
import { useRealtime } from '../../../lib/socket';
import { showToast } from '../../../lib/toast';
import { useGetDepthQuery, useGetKlineQuery, useGetTradesQuery } from '../api';
import { groupingSteps } from '../book';
import { KlineChart } from '../components/KlineChart';
import { MarketHeader } from '../components/MarketHeader';
import { OrderBookColumns } from '../components/OrderBook';
import { PeriodTabs } from '../components/PeriodTabs';
import { TradeTape } from '../components/TradeTape';
import { DEFAULT_PERIOD, type Period } from '../kline';
import '../../../shared/market/styles.css';

const BOOK_ROWS = 12;

function FavouriteStar({ matchId }: { matchId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const token = useAppSelector(selectToken);
  const { data, isFetching } = useGetFavouritesQuery(undefined, { skip: !token });
  // Until the list is known a tap could undo what the user sees.
  const ready = !token || (!!data && !isFetching);
  const [add, addState] = useAddFavouriteMutation();
  const [remove, removeState] = useRemoveFavouriteMutation();
  const on = !!data?.some((r) => r.match_id === matchId);
  const busy = addState.isLoading || removeState.isLoading;

  const toggle = async () => {
    if (!token) {
      navigate(loginRouteFor(location.pathname + location.search));
      return;
    }
    if (busy || !ready) return;
    try {
      if (on) await remove(matchId).unwrap();
      else await add(matchId).unwrap();
      showToast(t(on ? 'trade.favRemoved' : 'trade.favAdded'), 'success');
    } catch {
      // The base query showed the server's message.
    }
  };

  return (
    <button
      type="button"
      className={`icon-button fav-star ${on ? 'on' : ''}`}
      onClick={toggle}
      aria-label={t(on ? 'trade.favRemove' : 'trade.favAdd')}
      aria-pressed={on}
      disabled={!ready || busy}
      data-ready={ready}
      data-testid="fav-toggle"
    >
      {on ? <StarFill fontSize={22} /> : <StarOutline fontSize={22} />}
    </button>
  );
}

function Chart({ symbol, tick }: { symbol: string; tick: string }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<Period>(DEFAULT_PERIOD);
  // currentData: a new period shows its own bars or the loading state, never the previous period's.
  const { currentData: data, isFetching, isError, refetch } = useGetKlineQuery({ symbol, period });
  return (
    <section className="detail-chart">
      <PeriodTabs value={period} onChange={setPeriod} />
      <div className="kline-box">
        <KlineChart bars={data ?? []} tick={tick} period={period} seriesKey={`${symbol}|${period}`} />
        {isError && !data ? (
          <div className="kline-overlay">
            <ErrorState onRetry={refetch} />
          </div>
        ) : data && data.length === 0 ? (
          <div className="kline-overlay">
            <p className="hint">{t('trade.chartEmpty')}</p>
          </div>
        ) : isFetching && !data ? (
          <div className="kline-overlay">
            <LoadingBlock lines={3} title={false} />
          </div>
        ) : null}
      </div>
    </section>
  );
}

function BookAndTrades({ symbol, tick, lot }: { symbol: string; tick: string; lot: string }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState('book');
  const steps = useMemo(() => groupingSteps(tick), [tick]);
  const [chosen, setStep] = useState(steps[0]);
  const step = steps.includes(chosen) ? chosen : steps[0];
  const { data: depth } = useGetDepthQuery(symbol);
  const { data: trades, isError: tradesFailed, refetch: refetchTrades } = useGetTradesQuery(symbol);
  const { base, quote } = splitSymbol(symbol);

  return (
    <section className="detail-book">
      <div className="detail-book-tabs">
        <Tabs activeKey={tab} onChange={setTab} className="market-tabs small">
          <Tabs.Tab key="book" title={t('trade.orderBook')} />
          <Tabs.Tab key="trades" title={t('trade.latestTrades')} />
        </Tabs>
        {tab === 'book' ? (
          <div className="book-steps" role="radiogroup" aria-label={t('trade.grouping')}>
            {steps.map((s) => (
              <button
                key={s}
                type="button"
                role="radio"
                aria-checked={s === step}
                className={s === step ? 'active' : ''}
                onClick={() => setStep(s)}
              >
                {s}
              </button>
            ))}
          </div>
        ) : null}
      </div>
      {tab === 'book' ? (
        <OrderBookColumns depth={depth} step={step} lot={lot} rows={BOOK_ROWS} base={base} />
      ) : (
        <TradeTape trades={trades} failed={tradesFailed} onRetry={refetchTrades} tick={tick} lot={lot} base={base} quote={quote} />
      )}
    </section>
  );
}

export default function DetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const symbol = normaliseSymbol(params.get('symbol'));
  const { row, isLoading, isError, refetch } = useMarketRow(symbol);
  useRealtime();

  const seen = row?.symbol;
  useEffect(() => {
    if (seen) rememberView(seen);
  }, [seen]);

  let body;
  if (isLoading) body = <LoadingBlock lines={8} />;
  // Markets already shown stay (a failed refetch while offline); they reload once the link is back.
  else if (isError && !row) body = <ErrorState onRetry={refetch} />;
  else if (!row) body = <EmptyState title={t('trade.notFound')} description={symbol || undefined} />;
  else {
    const { base } = splitSymbol(row.symbol);
    body = (
      <>
        <MarketHeader row={row} />
        <Chart symbol={row.symbol} tick={row.tick} />
        <BookAndTrades symbol={row.symbol} tick={row.tick} lot={row.lot} />
        {row.open_transaction ? (
          <div className="detail-actions">
            <Button className="buy-button" shape="rounded" onClick={() => navigate(tradeRoute(row.symbol, 'buy'))} data-testid="detail-buy">
              {t('trade.buyCoin', { coin: base })}
            </Button>
            <Button className="sell-button" shape="rounded" onClick={() => navigate(tradeRoute(row.symbol, 'sell'))} data-testid="detail-sell">
              {t('trade.sellCoin', { coin: base })}
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <PageShell backTo={MARKET_ROUTES.market} className="detail-page" right={row ? <FavouriteStar matchId={row.match_id} /> : null}>
      {body}
    </PageShell>
  );
}
