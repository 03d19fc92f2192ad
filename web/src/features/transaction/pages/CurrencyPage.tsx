/**
 * Spot trade (`?symbol=BTC/USDT&side=buy`): the order form beside the live
 * book (tap a level to fill the price), then the open orders of this market
 * with cancel, kept live by the `order` event. Visitors see the market and
 * a login button; placing needs login.
 */
import { Button, Popup } from 'antd-mobile';
import { DownFill, HistogramOutline, UnorderedListOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { ChangePill } from '../../../shared/market/ChangePill';
import { normaliseSymbol, useGetQuotationsQuery, useMarketRow, type MarketRow } from '../../../shared/market/api';
import { detailRoute, MARKET_ROUTES, ordersRoute, tradeRoute } from '../../../shared/market/routes';
import { PageShell } from '../../../components/PageShell';
import { OfflineNote, StaleNote, useOfflineAction } from '../../../components/OfflineNote';
import { EmptyState, ErrorState } from '../../../components/StateBlocks';
import { decimalsOf, formatPrice, PLACEHOLDER, toFixed } from '../../../lib/format';
import { loginRouteFor } from '../../../lib/navigation';
import { selectToken } from '../../../lib/session';
import { useRealtime } from '../../../lib/socket';
import { showToast } from '../../../lib/toast';
import { useCancelOrderMutation, useGetDepthQuery, useGetOpenOrdersQuery, useGetSpotBalanceQuery } from '../api';
import { OrderCard } from '../components/OrderCard';
import { OrderBookStack } from '../components/OrderBook';
import { TradeForm } from '../components/TradeForm';
import type { CoinOrder } from '../streams';
import type { OrderKind, Side } from '../tradeForm';
import '../../../shared/market/styles.css';

/** Levels a side beside the form: five 44 px rows (a finger's size) keep the book as tall as the form. */
const BOOK_ROWS = 5;

function PairPicker({ current, onClose, visible }: { current: string; visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data } = useGetQuotationsQuery();
  const rows = (data ?? []).filter((r) => r.open_transaction);
  return (
    <Popup visible={visible} onMaskClick={onClose} position="left" bodyClassName="pair-popup">
      <h2 className="pair-popup-title">{t('trade.pickMarket')}</h2>
      {rows.map((r) => (
        <button
          type="button"
          key={r.match_id}
          className={`pair-popup-row ${r.symbol === current ? 'active' : ''}`}
          onClick={() => {
            onClose();
            navigate(tradeRoute(r.symbol), { replace: true });
          }}
        >
          <b className="ellipsis">{r.symbol}</b>
          <span>{formatPrice(r.now_price, r.tick)}</span>
          <ChangePill change={r.change} size="small" />
        </button>
      ))}
    </Popup>
  );
}

function OpenOrders({ row, loggedIn }: { row: MarketRow; loggedIn: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { data, isLoading, isError, refetch } = useGetOpenOrdersQuery(
    { match_id: row.match_id, symbol: row.symbol },
    { skip: !loggedIn },
  );
  const [cancel] = useCancelOrderMutation();
  const [cancelling, setCancelling] = useState<number | null>(null);
  const offline = useOfflineAction();

  const onCancel = async (order: CoinOrder) => {
    if (offline.refuse()) return;
    setCancelling(order.id);
    try {
      await cancel(order.id).unwrap();
      showToast(t('trade.cancelled'), 'success');
    } catch (e) {
      // The base query showed the server's message; no connection is said above the list.
      offline.failed(e);
    } finally {
      setCancelling(null);
    }
  };

  let body;
  if (!loggedIn) {
    body = (
      <div className="market-login-card compact">
        <p>{t('trade.loginForOrders')}</p>
        <Button size="small" color="primary" shape="rounded" onClick={() => navigate(loginRouteFor(location.pathname + location.search))}>
          {t('market.login')}
        </Button>
      </div>
    );
  } else if (isLoading) body = <LoadingBlock lines={3} title={false} />;
  // A failed refetch keeps the orders last known (and the count beside the title)
  // with a note; they reload by themselves once the link is back.
  else if (!data) body = <ErrorState onRetry={refetch} />;
  else if (data.length === 0) body = <EmptyState title={t('trade.noOpenOrders')} />;
  else {
    body = data.map((o) => (
      <OrderCard key={o.id} order={o} tick={row.tick} lot={row.lot} onCancel={onCancel} cancelling={cancelling === o.id} />
    ));
  }

  return (
    <section className="open-orders" data-testid="open-orders">
      <div className="open-orders-head">
        <h2>
          {t('trade.openOrders')}
          {loggedIn && data ? <span className="count">({data.length})</span> : null}
        </h2>
        <button type="button" className="link-button" onClick={() => navigate(ordersRoute(row.symbol))} data-testid="all-orders">
          <UnorderedListOutline /> {t('trade.allOrders')}
        </button>
      </div>
      <OfflineNote shown={offline.refused} />
      {loggedIn && isError && data ? <StaleNote /> : null}
      <div data-live>{body}</div>
    </section>
  );
}

function Trade({ row }: { row: MarketRow }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const token = useAppSelector(selectToken);
  const loggedIn = !!token;
  const side: Side = params.get('side') === 'sell' ? 'sell' : 'buy';
  const [kind, setKind] = useState<OrderKind>('limit');
  const [price, setPrice] = useState('');
  const [pickerOpen, setPickerOpen] = useState(false);
  const { data: depth } = useGetDepthQuery(row.symbol);
  const { data: quoteBalance } = useGetSpotBalanceQuery(row.legal_id, { skip: !loggedIn });
  const { data: baseBalance } = useGetSpotBalanceQuery(row.currency_id, { skip: !loggedIn });

  // A new market starts with its last price in the price field.
  const [pricedFor, setPricedFor] = useState<string | null>(null);
  if (pricedFor !== row.symbol) {
    setPricedFor(row.symbol);
    const last = toFixed(row.now_price, decimalsOf(row.tick));
    setPrice(last === PLACEHOLDER ? '' : last);
  }

  const onSide = (next: Side) => {
    const nextParams = new URLSearchParams(params);
    nextParams.set('side', next);
    setParams(nextParams, { replace: true });
  };
  const pick = (value: string) => {
    setKind('limit');
    setPrice(value);
  };

  return (
    <>
      <div className="trade-top">
        {/* The market is the page's title; tapping it picks another. */}
        <h1 className="trade-pair">
          <button type="button" className="pair-button" onClick={() => setPickerOpen(true)} data-testid="pair-button">
            <b>{row.symbol}</b>
            <DownFill fontSize={10} />
          </button>
        </h1>
        <ChangePill change={row.change} size="small" />
        <button
          type="button"
          className="icon-button trade-chart-link"
          onClick={() => navigate(detailRoute(row.symbol))}
          aria-label={t('trade.chart')}
        >
          <HistogramOutline fontSize={20} />
        </button>
      </div>
      <div className="trade-grid">
        <TradeForm
          row={row}
          side={side}
          onSide={onSide}
          kind={kind}
          onKind={setKind}
          price={price}
          onPrice={setPrice}
          loggedIn={loggedIn}
          quoteBalance={quoteBalance}
          baseBalance={baseBalance}
        />
        <OrderBookStack
          depth={depth}
          step={row.tick}
          tick={row.tick}
          lot={row.lot}
          rows={BOOK_ROWS}
          onPick={pick}
          lastPrice={row.now_price}
          change={row.change}
          quote={row.legal_name}
          base={row.currency_name}
        />
      </div>
      <OpenOrders row={row} loggedIn={loggedIn} />
      <PairPicker current={row.symbol} visible={pickerOpen} onClose={() => setPickerOpen(false)} />
    </>
  );
}

export default function CurrencyPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const symbol = normaliseSymbol(params.get('symbol') || 'BTC/USDT');
  const { row, isLoading, isError, refetch } = useMarketRow(symbol);
  useRealtime();

  let body;
  if (isLoading) body = <LoadingBlock lines={8} />;
  // Markets already shown stay (a failed refetch while offline); they reload once the link is back.
  else if (isError && !row) body = <ErrorState onRetry={refetch} />;
  else if (!row) body = <EmptyState title={t('trade.notFound')} description={symbol} />;
  else if (!row.open_transaction) body = <EmptyState title={t('trade.closed')} description={symbol} />;
  else body = <Trade row={row} />;

  return (
    <PageShell backTo={MARKET_ROUTES.market} className="trade-page">
      {body}
    </PageShell>
  );
}
