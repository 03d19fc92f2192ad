/**
 * The IEO projects (ieo/ieo): each with its state, a live countdown to its
 * start or end (on the server's clock), price, supply and progress, which may
 * pass 100 % (oversubscribed: allocated pro rata). Filtered by state, the
 * filter in the address. Refetched live on `ieo_project` (api.ts).
 */
import { Tabs } from 'antd-mobile';
import { UnorderedListOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { PageHeading } from '../../../components/PageHeading';
import { PageShell } from '../../../components/PageShell';
import { EmptyState, ErrorState } from '../../../components/StateBlocks';
import { useRealtime } from '../../../lib/socket';
import { useGetProjectsQuery } from '../api';
import { LoadMore } from '../components/Parts';
import { ProjectCard } from '../components/ProjectCard';
import { clockOffset, FILTERS, isFilter, statusOfFilter, type Filter } from '../logic';
import { IEO_ROUTES, subscribeRoute } from '../paths';
import '../ieo.css';

const PAGE = 20;

export default function ProjectListPage() {
  const { t } = useTranslation();
  useRealtime();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const param = params.get('status');
  const filter: Filter = isFilter(param) ? param : 'all';
  const [limit, setLimit] = useState(PAGE);
  const list = useGetProjectsQuery({ status: statusOfFilter(filter), limit });

  const projects = list.data?.data ?? [];
  const offset = clockOffset(projects[0]?.server_time, list.fulfilledTimeStamp);
  let body;
  if (list.isLoading) body = <LoadingBlock lines={6} />;
  else if (list.isError && !list.data) body = <ErrorState onRetry={list.refetch} />;
  else if (projects.length === 0) body = <EmptyState title={t(filter === 'all' ? 'ieo.empty' : 'ieo.emptyFilter')} />;
  else
    body = (
      <div data-testid="ieo-project-list">
        {projects.map((p) => (
          <ProjectCard key={p.id} p={p} offset={offset} onOpen={() => navigate(subscribeRoute(p.id))} onElapsed={list.refetch} />
        ))}
        <LoadMore shown={projects.length} total={list.data?.total ?? 0} busy={list.isFetching} onMore={() => setLimit((n) => n + PAGE)} />
      </div>
    );

  return (
    <PageShell
      className="ieo-page"
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
          setLimit(PAGE);
          setParams(k === 'all' ? {} : { status: k }, { replace: true });
        }}
        className="ieo-tabs"
        data-testid="ieo-filter"
      >
        {FILTERS.map((f) => (
          <Tabs.Tab key={f} title={<span data-testid={`ieo-filter-${f}`}>{t(`ieo.filter.${f}`)}</span>} />
        ))}
      </Tabs>
      <div className="ieo-tab-body">{body}</div>
    </PageShell>
  );
}
