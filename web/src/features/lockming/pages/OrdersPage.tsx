/**
 * The caller's orders (lockming/order): in progress, and ended (redeemed
 * early or matured; two lists of the server merged, latest ending first).
 * The tab lives in the address. Live: `lock_accrued` (accruals, maturities)
 * refetches the orders (api.ts); a redemption refreshes them at once.
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
import { LOCK_ROUTES } from '../../../shared/lock/routes';
import { useGetLockOrdersQuery, type LockOrder } from '../api';
import { OrderCard } from '../components/OrderCard';
import { LoadMore } from '../components/Parts';
import { mergeEnded, ordersTab } from '../logic';
import '../lockming.css';

const PAGE = 20;

function List({ rows, total, busy, onMore, testId }: { rows: LockOrder[]; total: number; busy: boolean; onMore: () => void; testId: string }) {
  return (
    <div data-testid={testId}>
      {rows.map((o) => (
        <OrderCard key={o.id} order={o} />
      ))}
      <LoadMore shown={rows.length} total={total} busy={busy} onMore={onMore} />
    </div>
  );
}

function Empty({ ended }: { ended: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="lm-empty">
      <EmptyState title={t(ended ? 'lockming.orders.emptyEnded' : 'lockming.orders.emptyCurrent')} />
      {ended ? null : (
        <Button color="primary" fill="outline" shape="rounded" onClick={() => navigate(LOCK_ROUTES.welcome)} data-testid="lm-browse">
          {t('lockming.orders.browse')}
        </Button>
      )}
    </div>
  );
}

function Current() {
  const [limit, setLimit] = useState(PAGE);
  const list = useGetLockOrdersQuery({ status: 0, limit });
  if (list.isLoading) return <LoadingBlock lines={5} />;
  if (list.isError && !list.data) return <ErrorState onRetry={list.refetch} />;
  const rows = list.data?.data ?? [];
  if (rows.length === 0) return <Empty ended={false} />;
  return <List rows={rows} total={list.data?.total ?? 0} busy={list.isFetching} onMore={() => setLimit((n) => n + PAGE)} testId="lm-current-list" />;
}

function Ended() {
  const [limit, setLimit] = useState(PAGE);
  const redeemed = useGetLockOrdersQuery({ status: 1, limit });
  const matured = useGetLockOrdersQuery({ status: 2, limit });
  if (redeemed.isLoading || matured.isLoading) return <LoadingBlock lines={5} />;
  if ((redeemed.isError && !redeemed.data) || (matured.isError && !matured.data)) {
    return (
      <ErrorState
        onRetry={() => {
          if (redeemed.isError) void redeemed.refetch();
          if (matured.isError) void matured.refetch();
        }}
      />
    );
  }
  const rows = mergeEnded(redeemed.data?.data ?? [], matured.data?.data ?? [], limit);
  if (rows.length === 0) return <Empty ended />;
  const total = (redeemed.data?.total ?? 0) + (matured.data?.total ?? 0);
  return (
    <List rows={rows} total={total} busy={redeemed.isFetching || matured.isFetching} onMore={() => setLimit((n) => n + PAGE)} testId="lm-ended-list" />
  );
}

export default function OrdersPage() {
  const { t } = useTranslation();
  useRealtime();
  const [params, setParams] = useSearchParams();
  const tab = ordersTab(params.get('tab'));
  return (
    <PageShell backTo={LOCK_ROUTES.welcome} className="lm-page">
      <PageHeading title={t('lockming.myOrders')} />
      <Tabs activeKey={tab} onChange={(k) => setParams({ tab: ordersTab(k) }, { replace: true })} className="lm-tabs" data-testid="lm-order-tabs">
        <Tabs.Tab key="current" title={<span data-testid="lm-orders-tab-current">{t('lockming.orders.tabs.current')}</span>} />
        <Tabs.Tab key="ended" title={<span data-testid="lm-orders-tab-ended">{t('lockming.orders.tabs.ended')}</span>} />
      </Tabs>
      <div className="lm-tab-body">{tab === 'current' ? <Current /> : <Ended />}</div>
    </PageShell>
  );
}
