/**
 * The trader list (copytrade/copy, also follow/index): lead traders with
 * their figures as last computed (the same the trader's page shows), "as of"
 * that time, sorted by 30-day return, total profit, accuracy or followers,
 * optionally only those with room for another follower. The sort and the
 * filter live in the address, so coming back keeps them. Refetched live when
 * the server says a trader's figures were recomputed (`copy_traders`).
 */
import { Checkbox, Tabs } from 'antd-mobile';
import { UnorderedListOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { GrowingList, useGrowingLimit } from '../../../components/GrowingList';
import { PageHeading } from '../../../components/PageHeading';
import { PageShell } from '../../../components/PageShell';
import { EmptyState } from '../../../components/StateBlocks';
import { useRealtime } from '../../../lib/socket';
import { COPY_ROUTES, traderRoute } from '../../../shared/copytrade/routes';
import { useGetTradersQuery } from '../api';
import { TraderCardView } from '../components/TraderCard';
import { asOfText, isSort, latestComputedAt, SORTS, type Sort } from '../logic';
import '../../../components/ui.css';
import '../copytrade.css';

export default function TraderListPage() {
  const { t } = useTranslation();
  useRealtime();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const sortParam = params.get('sort');
  const sort: Sort = isSort(sortParam) ? sortParam : 'return';
  const room = params.get('room') === '1';
  const { limit, more, reset } = useGrowingLimit();
  const list = useGetTradersQuery({ sort, room, limit });

  const setQuery = (next: { sort?: Sort; room?: boolean }) => {
    const s = next.sort ?? sort;
    const r = next.room ?? room;
    reset();
    setParams({ ...(s !== 'return' ? { sort: s } : {}), ...(r ? { room: '1' } : {}) }, { replace: true });
  };

  const traders = list.data?.data ?? [];
  const computed = asOfText(latestComputedAt(traders));
  return (
    <PageShell
      className="ui-page cp-page"
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
      <Tabs activeKey={sort} onChange={(k) => isSort(k) && setQuery({ sort: k })} className="ui-tabs" data-testid="cp-sort">
        {SORTS.map((s) => (
          <Tabs.Tab key={s} title={<span data-testid={`cp-sort-${s}`}>{t(`copytrade.sort.${s}`)}</span>} />
        ))}
      </Tabs>
      <div className="cp-list-bar">
        <span className="hint ellipsis" data-testid="cp-computed">
          {computed ? t('copytrade.computedAt', { time: computed }) : t('copytrade.notComputed')}
        </span>
        <Checkbox checked={room} onChange={(v) => setQuery({ room: v })} className="cp-room" data-testid="cp-room">
          {t('copytrade.hasRoom')}
        </Checkbox>
      </div>
      <GrowingList
        list={list}
        rowKey={(trader) => trader.trader_id}
        onMore={more}
        testId="cp-trader-list"
        moreTestId="cp-load-more"
        empty={<EmptyState title={t(room ? 'copytrade.emptyRoom' : 'copytrade.empty')} />}
      >
        {(trader) => <TraderCardView trader={trader} onOpen={() => navigate(traderRoute(trader.trader_id))} />}
      </GrowingList>
    </PageShell>
  );
}
