/**
 * The user's spot orders (login needed): open orders with cancel, and all
 * orders paged (GET /api/coin/list, type current or all), for one market or
 * all of them. Fills and cancels show live through the `order` event.
 */
import { Tabs } from 'antd-mobile';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useGetQuotationsQuery, normaliseSymbol } from '../../../shared/market/api';
import { tradeRoute } from '../../../shared/market/routes';
import { PagedList } from '../../../components/PagedList';
import { PageShell } from '../../../components/PageShell';
import { PAGE_LIMIT } from '../../../lib/constants';
import { onSocketEvent, useRealtime } from '../../../lib/socket';
import { showToast } from '../../../lib/toast';
import { useCancelOrderMutation, useLazyGetOrderPageQuery } from '../api';
import { OrderCard } from '../components/OrderCard';
import type { CoinOrder } from '../streams';
import '../../../shared/market/styles.css';

type ListType = 'current' | 'all';

export default function CurrencyOrderPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const symbol = normaliseSymbol(params.get('symbol'));
  const type: ListType = params.get('type') === 'current' ? 'current' : 'all';
  const [onlyThis, setOnlyThis] = useState(true);
  const { data: markets } = useGetQuotationsQuery();
  const market = markets?.find((m) => m.symbol === symbol);
  const matchId = onlyThis && market ? market.match_id : undefined;
  const [fetchOrders] = useLazyGetOrderPageQuery();
  const [cancel] = useCancelOrderMutation();
  const mapAll = useRef<((fn: (o: CoinOrder) => CoinOrder) => void) | null>(null);
  useRealtime();

  // Fills and cancels update the rows already shown.
  useEffect(
    () =>
      onSocketEvent<CoinOrder>('order', (order) => {
        if (order && typeof order.id === 'number') mapAll.current?.((o) => (o.id === order.id ? order : o));
      }),
    [],
  );

  const fetchPage = useCallback(
    (page: number) => fetchOrders({ type, match_id: matchId, page, limit: PAGE_LIMIT }).unwrap(),
    [fetchOrders, type, matchId],
  );

  const onCancel = async (order: CoinOrder) => {
    try {
      const done = await cancel(order.id).unwrap();
      mapAll.current?.((o) => (o.id === done.id ? done : o));
      showToast(t('trade.cancelled'), 'success');
    } catch {
      // The base query showed the server's message.
    }
  };

  const tickOf = (o: CoinOrder) => markets?.find((m) => m.symbol === o.symbol);

  return (
    <PageShell backTo={symbol ? tradeRoute(symbol) : tradeRoute('BTC/USDT')} className="orders-page">
      <h1 className="orders-title">{t('trade.spotOrders')}</h1>
      <Tabs
        activeKey={type}
        onChange={(k) => {
          const next = new URLSearchParams(params);
          next.set('type', k);
          setParams(next, { replace: true });
        }}
        className="market-tabs orders-tabs"
      >
        <Tabs.Tab key="current" title={t('trade.openOrders')} />
        <Tabs.Tab key="all" title={t('trade.allOrders')} />
      </Tabs>
      {market ? (
        <div className="orders-filter">
          <button type="button" className={onlyThis ? 'active' : ''} onClick={() => setOnlyThis(true)}>
            {market.symbol}
          </button>
          <button type="button" className={!onlyThis ? 'active' : ''} onClick={() => setOnlyThis(false)} data-testid="orders-all-markets">
            {t('trade.allMarkets')}
          </button>
        </div>
      ) : null}
      <PagedList<CoinOrder>
        resetKey={`${type}|${matchId ?? 'all'}`}
        fetchPage={fetchPage}
        itemKey={(o) => o.id}
        emptyTitle={t(type === 'current' ? 'trade.noOpenOrders' : 'trade.noOrders')}
        mapAllRef={mapAll}
        renderItem={(o) => (
          <OrderCard order={o} tick={tickOf(o)?.tick} lot={tickOf(o)?.lot} onCancel={onCancel} detailed />
        )}
      />
    </PageShell>
  );
}
