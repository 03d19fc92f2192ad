/**
 * The caller's dual-investment orders (invest/mine), newest first, filtered
 * by state (in the address): what each invested, its two outcomes, and once
 * settled the settlement price, the payout and the index samples averaged; a
 * failed one says why. Refetched live on `dual_order` (api.ts).
 */
import { Button, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { PageHeading } from '../../../components/PageHeading';
import { PageShell } from '../../../components/PageShell';
import { EmptyState, ErrorState } from '../../../components/StateBlocks';
import { useRealtime } from '../../../lib/socket';
import { useGetDualOrdersQuery } from '../api';
import { OrderCard } from '../components/OrderCard';
import { LoadMore } from '../components/Parts';
import { isOrderFilter, ORDER_FILTERS, statusOfFilter, type OrderFilter } from '../logic';
import { INVEST_ROUTES } from '../paths';
import '../invest.css';

const PAGE = 20;

export default function MinePage() {
  const { t } = useTranslation();
  useRealtime();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const param = params.get('status');
  const filter: OrderFilter = isOrderFilter(param) ? param : 'all';
  const [limit, setLimit] = useState(PAGE);
  const list = useGetDualOrdersQuery({ status: statusOfFilter(filter), limit });
  const rows = list.data?.data ?? [];

  let body;
  if (list.isLoading) body = <LoadingBlock lines={6} />;
  else if (list.isError && !list.data) body = <ErrorState onRetry={list.refetch} />;
  else if (rows.length === 0)
    body = (
      <div className="dual-empty">
        <EmptyState title={t(filter === 'all' ? 'invest.emptyOrders' : 'invest.emptyFilter')} />
        {filter === 'all' ? (
          <Button color="primary" fill="outline" shape="rounded" onClick={() => navigate(INVEST_ROUTES.list)} data-testid="dual-browse">
            {t('invest.browse')}
          </Button>
        ) : null}
      </div>
    );
  else
    body = (
      <div data-testid="dual-order-list">
        {rows.map((o) => (
          <OrderCard key={o.id} o={o} />
        ))}
        <LoadMore shown={rows.length} total={list.data?.total ?? 0} busy={list.isFetching} onMore={() => setLimit((n) => n + PAGE)} />
      </div>
    );

  return (
    <PageShell backTo={INVEST_ROUTES.list} className="dual-page">
      <PageHeading title={t('invest.mine')} subtitle={t('invest.mineSubtitle')} />
      <Tabs
        activeKey={filter}
        onChange={(k) => {
          if (!isOrderFilter(k)) return;
          setLimit(PAGE);
          setParams(k === 'all' ? {} : { status: k }, { replace: true });
        }}
        className="dual-tabs"
        data-testid="dual-order-filter"
      >
        {ORDER_FILTERS.map((f) => (
          <Tabs.Tab key={f} title={<span data-testid={`dual-filter-${f}`}>{t(`invest.filter.${f}`)}</span>} />
        ))}
      </Tabs>
      <div className="dual-tab-body">{body}</div>
    </PageShell>
  );
}
