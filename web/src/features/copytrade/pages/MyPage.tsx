/**
 * My copy trading (copytrade/my): the current and ended follows (each opens
 * its copies, the current ones can be changed or ended), the copies that
 * were not made and why, and becoming a lead trader. The tab lives in the
 * address. Every list follows the copy events live (api.ts).
 */
import { Button, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { PageHeading } from '../../../components/PageHeading';
import { PageShell } from '../../../components/PageShell';
import { EmptyState, ErrorState } from '../../../components/StateBlocks';
import { formatDateTime } from '../../../lib/format';
import { useRealtime } from '../../../lib/socket';
import { COPY_ROUTES } from '../../../shared/copytrade/routes';
import { useGetMyFollowsQuery, useGetSkipsQuery } from '../api';
import { FollowCard } from '../components/FollowCard';
import { LeadSection } from '../components/LeadSection';
import { LoadMore } from '../components/Parts';
import { skipReasonKey } from '../logic';
import { useCopyNotices } from '../live';
import '../copytrade.css';

const TABS = ['current', 'history', 'skipped', 'lead'] as const;
type Tab = (typeof TABS)[number];
const PAGE = 20;

function Follows({ history }: { history: 0 | 1 }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [limit, setLimit] = useState(PAGE);
  const list = useGetMyFollowsQuery({ history, limit });
  if (list.isLoading) return <LoadingBlock lines={4} />;
  if (list.isError && !list.data) return <ErrorState onRetry={list.refetch} />;
  const rows = list.data?.data ?? [];
  if (rows.length === 0) {
    return (
      <div className="cp-empty">
        <EmptyState title={t(history ? 'copytrade.my.emptyHistory' : 'copytrade.my.emptyCurrent')} />
        {history ? null : (
          <Button color="primary" fill="outline" shape="rounded" onClick={() => navigate(COPY_ROUTES.list)} data-testid="cp-browse">
            {t('copytrade.my.browse')}
          </Button>
        )}
      </div>
    );
  }
  return (
    <div data-testid={history ? 'cp-history-list' : 'cp-current-list'}>
      {rows.map((f) => (
        <FollowCard key={f.id} follow={f} />
      ))}
      <LoadMore shown={rows.length} total={list.data?.total ?? 0} busy={list.isFetching} onMore={() => setLimit((n) => n + PAGE)} />
    </div>
  );
}

function Skips() {
  const { t } = useTranslation();
  const [limit, setLimit] = useState(PAGE);
  const list = useGetSkipsQuery({ limit });
  // The follows' trader names, when they are in the cache already (the other tabs).
  const current = useGetMyFollowsQuery({ history: 0, limit: PAGE });
  const ended = useGetMyFollowsQuery({ history: 1, limit: PAGE });
  const nameOf = (id: number) => [...(current.data?.data ?? []), ...(ended.data?.data ?? [])].find((f) => f.id === id)?.trader_name;
  if (list.isLoading) return <LoadingBlock lines={4} />;
  if (list.isError && !list.data) return <ErrorState onRetry={list.refetch} />;
  const rows = list.data?.data ?? [];
  if (rows.length === 0) return <EmptyState title={t('copytrade.my.emptySkipped')} />;
  return (
    <div data-testid="cp-skip-list">
      {rows.map((s) => (
        <article key={s.id} className="cp-card cp-item" data-testid="cp-skip">
          <div className="cp-item-head">
            <strong className="ellipsis">{nameOf(s.follow_id) ?? t('copytrade.my.skippedFollow', { id: s.follow_id })}</strong>
            <span className="hint">{formatDateTime(s.created_at)}</span>
          </div>
          <p className="cp-skip-reason" data-testid="cp-skip-reason">
            {t(`copytrade.${skipReasonKey(s.reason)}`)}
          </p>
          <span className="hint">{t('copytrade.my.skippedTitle', { lead: s.lead_id })}</span>
        </article>
      ))}
      <LoadMore shown={rows.length} total={list.data?.total ?? 0} busy={list.isFetching} onMore={() => setLimit((n) => n + PAGE)} />
    </div>
  );
}

export default function MyPage() {
  const { t } = useTranslation();
  useRealtime();
  useCopyNotices();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(tabParam ?? '') ? (tabParam as Tab) : 'current';

  return (
    <PageShell backTo={COPY_ROUTES.list} className="cp-page">
      <PageHeading title={t('copytrade.myCopy')} />
      <Tabs activeKey={tab} onChange={(k) => setParams({ tab: k }, { replace: true })} className="cp-tabs" data-testid="cp-my-tabs">
        {TABS.map((k) => (
          <Tabs.Tab key={k} title={<span data-testid={`cp-my-tab-${k}`}>{t(`copytrade.my.tabs.${k}`)}</span>} />
        ))}
      </Tabs>
      <div className="cp-tab-body">
        {tab === 'current' ? <Follows history={0} /> : null}
        {tab === 'history' ? <Follows history={1} /> : null}
        {tab === 'skipped' ? <Skips /> : null}
        {tab === 'lead' ? <LeadSection /> : null}
      </div>
    </PageShell>
  );
}
