/**
 * The caller's subscriptions (ieo/order), newest first: what was asked, at
 * what price and cost, and once the sale ended what was granted (with the
 * caller's own pro-rata line), refunded, locked and released, and the next
 * release. Refetched live on `ieo_order` (api.ts).
 */
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Line } from '../../../components/Figures';
import { GrowingList, ListEmpty, useGrowingLimit } from '../../../components/GrowingList';
import { PageHeading } from '../../../components/PageHeading';
import { PageShell } from '../../../components/PageShell';
import { formatDateTime, PLACEHOLDER } from '../../../lib/format';
import { useRealtime } from '../../../lib/socket';
import { IEO_ROUTES, subscribeRoute } from '../../../shared/ieo/routes';
import { useGetMyOrdersQuery, type IeoOrder } from '../api';
import { useIeoFigures } from '../figures';
import { orderState } from '../logic';
import '../../../components/ui.css';
import '../ieo.css';

const STATE_COLOR = { subscribed: 'warning', allocated: 'primary', credited: 'success', released: 'default' } as const;

function OrderCard({ o }: { o: IeoOrder }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { exact } = useIeoFigures();
  const state = orderState(o.status);
  const tokens = (v: string | null) => (v === null ? t('ieo.afterEnd') : `${exact(v)} ${o.token}`);
  const pay = (v: string | null) => (v === null ? t('ieo.afterEnd') : `${exact(v)} ${o.pay_currency}`);
  return (
    <article className="ui-card ieo-order" data-testid="ieo-order" data-id={o.id} data-state={state}>
      <div className="ieo-order-head">
        <button type="button" className="ieo-order-title ellipsis" onClick={() => navigate(subscribeRoute(o.project_id))} data-testid="ieo-order-name">
          {o.name}
        </button>
        <Tag color={STATE_COLOR[state]} fill="outline" data-testid="ieo-order-state">
          {t(`ieo.orderState.${state}`)}
        </Tag>
      </div>
      <span className="hint">{formatDateTime(o.created_at)}</span>
      <div className="ui-lines">
        <Line label={t('ieo.asked')} testId="ieo-order-amount" strong>
          {exact(o.amount)} {o.token}
        </Line>
        <Line label={t('ieo.price')}>
          {exact(o.price)} {o.pay_currency}
        </Line>
        <Line label={t('ieo.cost')} testId="ieo-order-cost">
          {exact(o.cost)} {o.pay_currency}
          {o.status === 0 ? <span className="ui-sub">{t('ieo.frozenNow')}</span> : null}
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
          <span className="ui-figure-label">{t('ieo.calculation')}</span>
          <code>{o.calculation}</code>
        </div>
      ) : null}
      <p className="hint ui-note">{t(`ieo.orderHint.${state}`)}</p>
    </article>
  );
}

export default function OrdersPage() {
  const { t } = useTranslation();
  useRealtime();
  const navigate = useNavigate();
  const { limit, more } = useGrowingLimit();
  const list = useGetMyOrdersQuery({ limit });

  return (
    <PageShell backTo={IEO_ROUTES.list} className="ui-page ieo-page">
      <PageHeading title={t('ieo.mine')} subtitle={t('ieo.mineSubtitle')} />
      <GrowingList
        list={list}
        rowKey={(o) => o.id}
        onMore={more}
        testId="ieo-order-list"
        moreTestId="ieo-load-more"
        empty={<ListEmpty title={t('ieo.emptyOrders')} action={{ label: t('ieo.browse'), onClick: () => navigate(IEO_ROUTES.list), testId: 'ieo-browse' }} />}
      >
        {(o) => <OrderCard o={o} />}
      </GrowingList>
    </PageShell>
  );
}
