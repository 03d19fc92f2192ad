/**
 * My copy trading (copytrade/my): the current and ended follows (each opens
 * its copies, the current ones can be changed or ended), the copies that
 * were not made and why, and becoming a lead trader. The tab lives in the
 * address. Every list follows the copy events live (api.ts).
 */
import { Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { GrowingList, LIST_PAGE, ListEmpty, useGrowingLimit } from '../../../components/GrowingList';
import { PageHeading } from '../../../components/PageHeading';
import { PageShell } from '../../../components/PageShell';
import { EmptyState } from '../../../components/StateBlocks';
import { formatDateTime } from '../../../lib/format';
import { useRealtime } from '../../../lib/socket';
import { COPY_ROUTES } from '../../../shared/copytrade/routes';
import { useGetMyFollowsQuery, useGetSkipsQuery } from '../api';
import { FollowCard } from '../components/FollowCard';
import { LeadSection } from '../components/LeadSection';
import { useCopyNotices } from '../live';
import { skipReasonKey } from '../logic';
import '../../../components/ui.css';
import '../copytrade.css';

const TABS = ['current', 'history', 'skipped', 'lead'] as const;
type Tab = (typeof TABS)[number];

function Follows({ history }: { history: 0 | 1 }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { limit, more } = useGrowingLimit();
  const list = useGetMyFollowsQuery({ history, limit });
  const browse = { label: t('copytrade.my.browse'), onClick: () => navigate(COPY_ROUTES.list), testId: 'cp-browse' };
  return (
    <GrowingList
      list={list}
      rowKey={(f) => f.id}
      onMore={more}
      testId={history ? 'cp-history-list' : 'cp-current-list'}
      moreTestId="cp-load-more"
      loadingLines={4}
      empty={<ListEmpty title={t(history ? 'copytrade.my.emptyHistory' : 'copytrade.my.emptyCurrent')} action={history ? undefined : browse} />}
    >
      {(f) => <FollowCard follow={f} />}
    </GrowingList>
  );
}

function Skips() {
  const { t } = useTranslation();
  const { limit, more } = useGrowingLimit();
  const list = useGetSkipsQuery({ limit });
  // The follows' trader names, when they are in the cache already (the other tabs).
  const current = useGetMyFollowsQuery({ history: 0, limit: LIST_PAGE });
  const ended = useGetMyFollowsQuery({ history: 1, limit: LIST_PAGE });
  const nameOf = (id: number) => [...(current.data?.data ?? []), ...(ended.data?.data ?? [])].find((f) => f.id === id)?.trader_name;
  return (
    <GrowingList
      list={list}
      rowKey={(s) => s.id}
      onMore={more}
      testId="cp-skip-list"
      moreTestId="cp-load-more"
      loadingLines={4}
      empty={<EmptyState title={t('copytrade.my.emptySkipped')} />}
    >
      {(s) => (
        <article className="ui-card cp-item" data-testid="cp-skip">
          <div className="cp-item-head">
            <strong className="ellipsis">{nameOf(s.follow_id) ?? t('copytrade.my.skippedFollow', { id: s.follow_id })}</strong>
            <span className="hint">{formatDateTime(s.created_at)}</span>
          </div>
          <p className="cp-skip-reason" data-testid="cp-skip-reason">
            {t(`copytrade.${skipReasonKey(s.reason)}`)}
          </p>
          <span className="hint">{t('copytrade.my.skippedTitle', { lead: s.lead_id })}</span>
        </article>
      )}
    </GrowingList>
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
    <PageShell backTo={COPY_ROUTES.list} className="ui-page cp-page">
      <PageHeading title={t('copytrade.myCopy')} />
      <Tabs activeKey={tab} onChange={(k) => setParams({ tab: k }, { replace: true })} className="ui-tabs" data-testid="cp-my-tabs">
        {TABS.map((k) => (
          <Tabs.Tab key={k} title={<span data-testid={`cp-my-tab-${k}`}>{t(`copytrade.my.tabs.${k}`)}</span>} />
        ))}
      </Tabs>
      <div className="ui-tab-body">
        {tab === 'current' ? <Follows history={0} /> : null}
        {tab === 'history' ? <Follows history={1} /> : null}
        {tab === 'skipped' ? <Skips /> : null}
        {tab === 'lead' ? <LeadSection /> : null}
      </div>
    </PageShell>
  );
}
