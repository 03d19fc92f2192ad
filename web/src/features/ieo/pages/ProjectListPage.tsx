/**
 * The IEO projects (ieo/ieo): each with its state, a live countdown to its
 * start or end (on the server's clock), price, supply and progress, which may
 * pass 100 % (oversubscribed: allocated pro rata). Filtered by state, the
 * filter in the address. Refetched live on `ieo_project` (api.ts).
 */
import { Tabs } from 'antd-mobile';
import { UnorderedListOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { GrowingList, useGrowingLimit } from '../../../components/GrowingList';
import { PageHeading } from '../../../components/PageHeading';
import { PageShell } from '../../../components/PageShell';
import { EmptyState } from '../../../components/StateBlocks';
import { useRealtime } from '../../../lib/socket';
import { IEO_ROUTES, subscribeRoute } from '../../../shared/ieo/routes';
import { useGetProjectsQuery } from '../api';
import { ProjectCard } from '../components/ProjectCard';
import { clockOffset, FILTERS, isFilter, statusOfFilter, type Filter } from '../logic';
import '../../../components/ui.css';
import '../ieo.css';

export default function ProjectListPage() {
  const { t } = useTranslation();
  useRealtime();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const param = params.get('status');
  const filter: Filter = isFilter(param) ? param : 'all';
  const { limit, more, reset } = useGrowingLimit();
  const list = useGetProjectsQuery({ status: statusOfFilter(filter), limit });
  const offset = clockOffset(list.data?.data[0]?.server_time, list.fulfilledTimeStamp);

  return (
    <PageShell
      className="ui-page ieo-page"
      right={
        <button type="button" className="icon-button" aria-label={t('ieo.mine')} onClick={() => navigate(IEO_ROUTES.orders)} data-testid="ieo-to-orders">
          <UnorderedListOutline fontSize={22} />
        </button>
      }
    >
      <PageHeading title={t('ieo.title')} subtitle={t('ieo.subtitle')} />
      <Tabs
        activeKey={filter}
        onChange={(k) => {
          if (!isFilter(k)) return;
          reset();
          setParams(k === 'all' ? {} : { status: k }, { replace: true });
        }}
        className="ui-tabs"
        data-testid="ieo-filter"
      >
        {FILTERS.map((f) => (
          <Tabs.Tab key={f} title={<span data-testid={`ieo-filter-${f}`}>{t(`ieo.filter.${f}`)}</span>} />
        ))}
      </Tabs>
      <div className="ui-tab-body">
        <GrowingList
          list={list}
          rowKey={(p) => p.id}
          onMore={more}
          testId="ieo-project-list"
          moreTestId="ieo-load-more"
          empty={<EmptyState title={t(filter === 'all' ? 'ieo.empty' : 'ieo.emptyFilter')} />}
        >
          {(p) => <ProjectCard p={p} offset={offset} onOpen={() => navigate(subscribeRoute(p.id))} onElapsed={list.refetch} />}
        </GrowingList>
      </div>
    </PageShell>
  );
}
