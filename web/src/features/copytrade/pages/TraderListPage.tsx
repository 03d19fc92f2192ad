/**
 * The trader list (copytrade/copy, also follow/index): lead traders as last
 * computed, sorted by 30-day return, total profit, accuracy or followers,
 * optionally only those with room for another follower. The sort and the
 * filter live in the address, so coming back keeps them. Refetched live when
 * the server says a trader's figures were recomputed (`copy_traders`).
 */
import { Checkbox, Tabs } from 'antd-mobile';
import { UnorderedListOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { PageHeading } from '../../../components/PageHeading';
import { PageShell } from '../../../components/PageShell';
import { EmptyState, ErrorState } from '../../../components/StateBlocks';
import { formatDateTime } from '../../../lib/format';
import { useRealtime } from '../../../lib/socket';
import { COPY_ROUTES, traderRoute } from '../../../shared/copytrade/routes';
import { useGetTradersQuery } from '../api';
import { LoadMore } from '../components/Parts';
import { TraderCardView } from '../components/TraderCard';
import { isSort, latestComputedAt, SORTS, type Sort } from '../logic';
import '../copytrade.css';

const PAGE = 20;

export default function TraderListPage() {
  const { t } = useTranslation();
  useRealtime();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const sortParam = params.get('sort');
  const sort: Sort = isSort(sortParam) ? sortParam : 'return';
  const room = params.get('room') === '1';
  const [limit, setLimit] = useState(PAGE);
  const list = useGetTradersQuery({ sort, room, limit });

  const setQuery = (next: { sort?: Sort; room?: boolean }) => {
    const s = next.sort ?? sort;
    const r = next.room ?? room;
    setLimit(PAGE);
    setParams({ ...(s !== 'return' ? { sort: s } : {}), ...(r ? { room: '1' } : {}) }, { replace: true });
  };

  const traders = list.data?.data ?? [];
  const computed = latestComputedAt(traders);
  let body;
  if (list.isLoading) body = <LoadingBlock lines={6} />;
  else if (list.isError && !list.data) body = <ErrorState onRetry={list.refetch} />;
  else if (traders.length === 0) body = <EmptyState title={t(room ? 'copytrade.emptyRoom' : 'copytrade.empty')} />;
  else
    body = (
      <div data-testid="cp-trader-list">
        {traders.map((trader) => (
          <TraderCardView key={trader.trader_id} trader={trader} onOpen={() => navigate(traderRoute(trader.trader_id))} />
        ))}
        <LoadMore shown={traders.length} total={list.data?.total ?? 0} busy={list.isFetching} onMore={() => setLimit((n) => n + PAGE)} />
      </div>
    );

  return (
    <PageShell
      className="cp-page"
      right={
        <button
          type="button"
          className="icon-button"
          aria-label={t('copytrade.myCopy')}
          onClick={() => navigate(COPY_ROUTES.my)}
          data-testid="cp-to-my"
        >
          <UnorderedListOutline fontSize={22} />
        </button>
      }
    >
      <PageHeading title={t('copytrade.title')} subtitle={t('copytrade.subtitle')} />
      <Tabs activeKey={sort} onChange={(k) => isSort(k) && setQuery({ sort: k })} className="cp-tabs" data-testid="cp-sort">
        {SORTS.map((s) => (
          <Tabs.Tab key={s} title={<span data-testid={`cp-sort-${s}`}>{t(`copytrade.sort.${s}`)}</span>} />
        ))}
      </Tabs>
      <div className="cp-list-bar">
        <span className="hint ellipsis" data-testid="cp-computed">
          {computed ? t('copytrade.computedAt', { time: formatDateTime(computed) }) : t('copytrade.notComputed')}
        </span>
        <Checkbox checked={room} onChange={(v) => setQuery({ room: v })} className="cp-room" data-testid="cp-room">
          {t('copytrade.hasRoom')}
        </Checkbox>
      </div>
      {body}
    </PageShell>
  );
}
