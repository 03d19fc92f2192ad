/**
 * The caller's dual-investment orders (invest/mine), newest first, filtered
 * by state (in the address): what each invested, its two outcomes, and once
 * settled the settlement price, the payout and the index samples averaged; a
 * failed one says why. Refetched live on `dual_order` (api.ts).
 */
import { Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { GrowingList, ListEmpty, useGrowingLimit } from '../../../components/GrowingList';
import { PageHeading } from '../../../components/PageHeading';
import { PageShell } from '../../../components/PageShell';
import { useRealtime } from '../../../lib/socket';
import { useGetDualOrdersQuery } from '../api';
import { OrderCard } from '../components/OrderCard';
import { isOrderFilter, ORDER_FILTERS, statusOfFilter, type OrderFilter } from '../logic';
import { INVEST_ROUTES } from '../paths';
import '../../../components/ui.css';
import '../invest.css';

export default function MinePage() {
  const { t } = useTranslation();
  useRealtime();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const param = params.get('status');
  const filter: OrderFilter = isOrderFilter(param) ? param : 'all';
  const { limit, more, reset } = useGrowingLimit();
  const list = useGetDualOrdersQuery({ status: statusOfFilter(filter), limit });
  const browse = { label: t('invest.browse'), onClick: () => navigate(INVEST_ROUTES.list), testId: 'dual-browse' };

  return (
    <PageShell backTo={INVEST_ROUTES.list} className="ui-page dual-page">
      <PageHeading title={t('invest.mine')} subtitle={t('invest.mineSubtitle')} />
      <Tabs
        activeKey={filter}
        onChange={(k) => {
          if (!isOrderFilter(k)) return;
          reset();
          setParams(k === 'all' ? {} : { status: k }, { replace: true });
        }}
        className="ui-tabs"
        data-testid="dual-order-filter"
      >
        {ORDER_FILTERS.map((f) => (
          <Tabs.Tab key={f} title={<span data-testid={`dual-filter-${f}`}>{t(`invest.filter.${f}`)}</span>} />
        ))}
      </Tabs>
      <div className="ui-tab-body">
        <GrowingList
          list={list}
          rowKey={(o) => o.id}
          onMore={more}
          testId="dual-order-list"
          moreTestId="dual-load-more"
          empty={<ListEmpty title={t(filter === 'all' ? 'invest.emptyOrders' : 'invest.emptyFilter')} action={filter === 'all' ? browse : undefined} />}
        >
          {(o) => <OrderCard o={o} />}
        </GrowingList>
      </div>
    </PageShell>
  );
}
