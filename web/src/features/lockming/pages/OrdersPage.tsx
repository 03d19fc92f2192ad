/**
 * The caller's orders (lockming/order): in progress, and ended (redeemed
 * early or matured; two lists of the server merged, latest ending first).
 * The tab lives in the address. Live: `lock_accrued` (accruals, maturities)
 * refetches the orders (api.ts); a redemption refreshes them at once.
 */
import { Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { GrowingList, ListEmpty, useGrowingLimit } from '../../../components/GrowingList';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { LoadMore } from '../../../components/LoadMore';
import { PageHeading } from '../../../components/PageHeading';
import { PageShell } from '../../../components/PageShell';
import { ErrorState } from '../../../components/StateBlocks';
import { useRealtime } from '../../../lib/socket';
import { LOCK_ROUTES } from '../../../shared/lock/routes';
import { useGetLockOrdersQuery, type LockOrder } from '../api';
import { OrderCard } from '../components/OrderCard';
import { mergeEnded, ordersTab } from '../logic';
import '../../../components/ui.css';
import '../lockming.css';

function List({ rows, total, busy, onMore, testId }: { rows: LockOrder[]; total: number; busy: boolean; onMore: () => void; testId: string }) {
  return (
    <div data-testid={testId}>
      {rows.map((o) => (
        <OrderCard key={o.id} order={o} />
      ))}
      <LoadMore shown={rows.length} total={total} busy={busy} onMore={onMore} testId="lm-load-more" />
    </div>
  );
}

function Empty({ ended }: { ended: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const browse = { label: t('lockming.orders.browse'), onClick: () => navigate(LOCK_ROUTES.welcome), testId: 'lm-browse' };
  return <ListEmpty title={t(ended ? 'lockming.orders.emptyEnded' : 'lockming.orders.emptyCurrent')} action={ended ? undefined : browse} />;
}

function Current() {
  const { limit, more } = useGrowingLimit();
  const list = useGetLockOrdersQuery({ status: 0, limit });
  return (
    <GrowingList list={list} rowKey={(o) => o.id} onMore={more} empty={<Empty ended={false} />} testId="lm-current-list" moreTestId="lm-load-more" loadingLines={5}>
      {(o) => <OrderCard order={o} />}
    </GrowingList>
  );
}

function Ended() {
  const { limit, more } = useGrowingLimit();
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
    <List rows={rows} total={total} busy={redeemed.isFetching || matured.isFetching} onMore={more} testId="lm-ended-list" />
  );
}

export default function OrdersPage() {
  const { t } = useTranslation();
  useRealtime();
  const [params, setParams] = useSearchParams();
  const tab = ordersTab(params.get('tab'));
  return (
    <PageShell backTo={LOCK_ROUTES.welcome} className="ui-page lm-page">
      <PageHeading title={t('lockming.myOrders')} />
      <Tabs activeKey={tab} onChange={(k) => setParams({ tab: ordersTab(k) }, { replace: true })} className="ui-tabs" data-testid="lm-order-tabs">
        <Tabs.Tab key="current" title={<span data-testid="lm-orders-tab-current">{t('lockming.orders.tabs.current')}</span>} />
        <Tabs.Tab key="ended" title={<span data-testid="lm-orders-tab-ended">{t('lockming.orders.tabs.ended')}</span>} />
      </Tabs>
      <div className="ui-tab-body">{tab === 'current' ? <Current /> : <Ended />}</div>
    </PageShell>
  );
}
