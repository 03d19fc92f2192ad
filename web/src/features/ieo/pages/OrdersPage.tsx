/**
 * The caller's subscriptions (ieo/order), newest first: what was asked, at
 * what price and cost, and once the sale ended what was granted (with the
 * caller's own pro-rata line), refunded, locked and released, and the next
 * release. Refetched live on `ieo_order` (api.ts).
 */
import { Button, Tag } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { PageHeading } from '../../../components/PageHeading';
import { PageShell } from '../../../components/PageShell';
import { EmptyState, ErrorState } from '../../../components/StateBlocks';
import { formatDateTime, PLACEHOLDER } from '../../../lib/format';
import { useRealtime } from '../../../lib/socket';
import { useGetMyOrdersQuery, type IeoOrder } from '../api';
import { LoadMore, Line } from '../components/Parts';
import { useIeoFigures } from '../figures';
import { orderState } from '../logic';
import { IEO_ROUTES, subscribeRoute } from '../paths';
import '../ieo.css';

const PAGE = 20;
const STATE_COLOR = { subscribed: 'warning', allocated: 'primary', credited: 'success', released: 'default' } as const;

function OrderCard({ o }: { o: IeoOrder }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { exact } = useIeoFigures();
  const state = orderState(o.status);
  const tokens = (v: string | null) => (v === null ? t('ieo.afterEnd') : `${exact(v)} ${o.token}`);
  const pay = (v: string | null) => (v === null ? t('ieo.afterEnd') : `${exact(v)} ${o.pay_currency}`);
  return (
    <article className="ieo-card ieo-order" data-testid="ieo-order" data-id={o.id} data-state={state}>
      <div className="ieo-order-head">
        <button type="button" className="ieo-order-title ellipsis" onClick={() => navigate(subscribeRoute(o.project_id))} data-testid="ieo-order-name">
          {o.name}
        </button>
        <Tag color={STATE_COLOR[state]} fill="outline" data-testid="ieo-order-state">
          {t(`ieo.orderState.${state}`)}
        </Tag>
      </div>
      <span className="hint">{formatDateTime(o.created_at)}</span>
      <div className="ieo-lines">
        <Line label={t('ieo.asked')} testId="ieo-order-amount" strong>
          {exact(o.amount)} {o.token}
        </Line>
        <Line label={t('ieo.price')}>
          {exact(o.price)} {o.pay_currency}
        </Line>
        <Line label={t('ieo.cost')} testId="ieo-order-cost">
          {exact(o.cost)} {o.pay_currency}
          {o.status === 0 ? <span className="ieo-sub">{t('ieo.frozenNow')}</span> : null}
        </Line>
        <Line label={t('ieo.allocated')} testId="ieo-order-allocated">
          {tokens(o.allocated)}
        </Line>
        {o.paid !== null ? <Line label={t('ieo.paid')}>{pay(o.paid)}</Line> : null}
        <Line label={t('ieo.refund')} testId="ieo-order-refund">
          {pay(o.refund)}
        </Line>
        <Line label={t('ieo.locked')}>{`${exact(o.locked)} ${o.token}`}</Line>
        <Line label={t('ieo.released')}>{`${exact(o.released)} ${o.token}`}</Line>
        <Line label={t('ieo.nextRelease')} testId="ieo-order-next">
          {o.next_release_at !== null ? formatDateTime(o.next_release_at) : PLACEHOLDER}
        </Line>
      </div>
      {o.calculation ? (
        <div className="ieo-calc" data-testid="ieo-order-calc">
          <span className="ieo-figure-label">{t('ieo.calculation')}</span>
          <code>{o.calculation}</code>
        </div>
      ) : null}
      <p className="hint ieo-note">{t(`ieo.orderHint.${state}`)}</p>
    </article>
  );
}

export default function OrdersPage() {
  const { t } = useTranslation();
  useRealtime();
  const navigate = useNavigate();
  const [limit, setLimit] = useState(PAGE);
  const list = useGetMyOrdersQuery({ limit });
  const rows = list.data?.data ?? [];

  let body;
  if (list.isLoading) body = <LoadingBlock lines={6} />;
  else if (list.isError && !list.data) body = <ErrorState onRetry={list.refetch} />;
  else if (rows.length === 0)
    body = (
      <div className="ieo-empty">
        <EmptyState title={t('ieo.emptyOrders')} />
        <Button color="primary" fill="outline" shape="rounded" onClick={() => navigate(IEO_ROUTES.list)} data-testid="ieo-browse">
          {t('ieo.browse')}
        </Button>
      </div>
    );
  else
    body = (
      <div data-testid="ieo-order-list">
        {rows.map((o) => (
          <OrderCard key={o.id} o={o} />
        ))}
        <LoadMore shown={rows.length} total={list.data?.total ?? 0} busy={list.isFetching} onMore={() => setLimit((n) => n + PAGE)} />
      </div>
    );

  return (
    <PageShell backTo={IEO_ROUTES.list} className="ieo-page">
      <PageHeading title={t('ieo.mine')} subtitle={t('ieo.mineSubtitle')} />
      {body}
    </PageShell>
  );
}
