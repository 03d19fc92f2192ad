/**
 * A trader's page (copytrade/trader?trader_id=, also follow/trader): who they
 * are and their figures as the list shows them, "as of" when they were
 * computed, the return curve and daily profit, how
 * exactly copies follow them (price difference, latency), their open
 * positions, history and followers; then Follow, or Edit and Unfollow for
 * the viewer's own follow.
 *
 * Live: the viewer's copies opening or closing refetch the page and the
 * position lists (api.ts). A trader's own positions have no public event, so
 * the open-positions tab also asks again every 10 s while it is shown.
 */
import { Button, Tabs } from 'antd-mobile';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { Figure } from '../../../components/Figures';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { LoadMore } from '../../../components/LoadMore';
import { PageShell } from '../../../components/PageShell';
import { EmptyState, ErrorState } from '../../../components/StateBlocks';
import { formatDateTime, formatDecimal, trendColor } from '../../../lib/format';
import { loginRouteFor } from '../../../lib/navigation';
import { selectToken } from '../../../lib/session';
import { useRealtime } from '../../../lib/socket';
import { COPY_ROUTES } from '../../../shared/copytrade/routes';
import { useGetFollowersQuery, useGetLeadTradesQuery, useGetTraderDetailQuery, type TraderDetail } from '../api';
import { LeadTradeCard } from '../components/LeadTradeCard';
import { isNotFound, TraderNotFound, TraderTags } from '../components/Parts';
import { TraderAvatar } from '../components/TraderCard';
import { useUnfollow } from '../components/useUnfollow';
import { useCopyFigures } from '../figures';
import { useCopyNotices } from '../live';
import { asOfText, followRoute, hasRoom, latencyText, percentText } from '../logic';
import '../../../components/ui.css';
import '../copytrade.css';

const TraderCharts = lazy(() => import('../components/TraderCharts'));

type Tab = 'positions' | 'history' | 'followers';
const PAGE = 10;

function Positions({ traderId, history }: { traderId: number; history: 0 | 1 }) {
  const { t } = useTranslation();
  const [limit, setLimit] = useState(PAGE);
  const list = useGetLeadTradesQuery({ trader_id: traderId, history, limit }, { pollingInterval: history === 0 ? 10_000 : 0 });
  if (list.isLoading) return <LoadingBlock lines={3} />;
  if (list.isError && !list.data) return <ErrorState onRetry={list.refetch} />;
  const rows = list.data?.data ?? [];
  if (rows.length === 0) return <EmptyState title={t(history === 0 ? 'copytrade.noPositions' : 'copytrade.noHistory')} />;
  return (
    <>
      {rows.map((trade) => (
        <LeadTradeCard key={trade.id} trade={trade} />
      ))}
      <LoadMore shown={rows.length} total={list.data?.total ?? 0} busy={list.isFetching} onMore={() => setLimit((n) => n + PAGE)} testId="cp-load-more" />
    </>
  );
}

function Followers({ traderId }: { traderId: number }) {
  const { t } = useTranslation();
  const [limit, setLimit] = useState(PAGE * 2);
  const list = useGetFollowersQuery({ trader_id: traderId, limit });
  if (list.isLoading) return <LoadingBlock lines={3} />;
  if (list.isError && !list.data) return <ErrorState onRetry={list.refetch} />;
  const rows = list.data?.data ?? [];
  if (rows.length === 0) return <EmptyState title={t('copytrade.noFollowers')} />;
  return (
    <>
      <ul className="ui-card cp-followers" data-testid="cp-follower-list">
        {rows.map((f, i) => (
          <li key={`${f.nickname}-${f.since}-${i}`}>
            <span className="ellipsis">{f.nickname}</span>
            <span className="hint">{t('copytrade.since', { time: formatDateTime(f.since) })}</span>
          </li>
        ))}
      </ul>
      <LoadMore shown={rows.length} total={list.data?.total ?? 0} busy={list.isFetching} onMore={() => setLimit((n) => n + PAGE * 2)} testId="cp-load-more" />
    </>
  );
}

function Overview({ detail }: { detail: TraderDetail }) {
  const { t } = useTranslation();
  const { profit, coin } = useCopyFigures();
  const { trader, quality } = detail;
  const asOf = asOfText(trader.computed_at);
  return (
    <>
      <section className="ui-card cp-head" data-testid="cp-trader-head">
        <div className="cp-trader-head">
          <TraderAvatar name={trader.name} src={trader.avatar} id={trader.trader_id} size={56} />
          <div className="cp-trader-who">
            <div className="cp-trader-name">
              <h1 className="ellipsis cp-big-name" data-testid="cp-detail-name">
                {trader.name}
              </h1>
              <TraderTags trader={trader} following={Boolean(detail.my_follow)} />
            </div>
            <span className="hint">
              {t('copytrade.shareRate')} <b className="ui-em">{percentText(trader.share_rate, { sign: false })}</b>
              {' · '}
              {t('copytrade.followers')}{' '}
              <b className="ui-em" data-testid="cp-detail-followers">
                {trader.followers}/{trader.max_followers}
              </b>
            </span>
          </div>
        </div>
        <p className="cp-intro">{trader.intro}</p>
      </section>

      <section className="ui-card">
        <p className="hint cp-as-of" data-testid="cp-detail-computed" data-computed-at={trader.computed_at}>
          {asOf ? t('copytrade.computedAt', { time: asOf }) : t('copytrade.notComputed')}
        </p>
        <div className="ui-main cp-trader-main">
          <div className="ui-big">
            <span className="ui-figure-label">{t('copytrade.return30d')}</span>
            <strong style={{ color: trendColor(trader.return_30d) }} data-testid="cp-detail-return">
              {percentText(trader.return_30d)}
            </strong>
          </div>
          <Figure end label={`${t('copytrade.totalProfit')} (${coin})`} color={trendColor(trader.total_profit)} testId="cp-detail-profit">
            {profit(trader.total_profit)}
          </Figure>
        </div>
        <div className="ui-grid">
          <Figure label={t('copytrade.return7d')} color={trendColor(trader.return_7d)}>
            {percentText(trader.return_7d)}
          </Figure>
          <Figure label={t('copytrade.return90d')} color={trendColor(trader.return_90d)}>
            {percentText(trader.return_90d)}
          </Figure>
          <Figure label={t('copytrade.returnAll')} color={trendColor(trader.return_all)}>
            {percentText(trader.return_all)}
          </Figure>
          <Figure label={t('copytrade.accuracy')}>{percentText(trader.accuracy, { sign: false })}</Figure>
          <Figure label={t('copytrade.profitable')}>{trader.profitable}</Figure>
          <Figure label={t('copytrade.closedTrades')}>{trader.closed}</Figure>
          <Figure label={t('copytrade.openPositions')} testId="cp-detail-open">
            {trader.open_positions}
          </Figure>
          <Figure label={`${t('copytrade.yesterday')} (${coin})`} color={trendColor(trader.yesterday_profit)}>
            {profit(trader.yesterday_profit)}
          </Figure>
        </div>
      </section>

      <section className="ui-card">
        <Suspense fallback={<LoadingBlock lines={5} title={false} />}>
          <TraderCharts curve={detail.curve} daily={detail.daily} coin={coin} money={profit} percent={(v) => percentText(v)} />
        </Suspense>
      </section>

      <section className="ui-card" data-testid="cp-quality">
        <h2 className="ui-card-title">{t('copytrade.quality.title')}</h2>
        <div className="ui-grid">
          <Figure label={t('copytrade.quality.copies')}>{quality.copies}</Figure>
          <Figure label={`${t('copytrade.quality.priceDiff')} (${coin})`} testId="cp-price-diff">
            {/* Zero by construction, and shown as such: "0", never a dash. */}
            {formatDecimal(quality.max_price_diff)}
          </Figure>
          <Figure label={t('copytrade.quality.p50')} testId="cp-p50">
            {latencyText(quality.latency_p50_ms)}
          </Figure>
          <Figure label={t('copytrade.quality.p99')} testId="cp-p99">
            {latencyText(quality.latency_p99_ms)}
          </Figure>
        </div>
        <p className="hint ui-note">{t('copytrade.quality.hint')}</p>
      </section>
    </>
  );
}

export default function TraderPage() {
  const { t } = useTranslation();
  useRealtime();
  useCopyNotices();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const traderId = Number(params.get('trader_id'));
  const valid = Number.isInteger(traderId) && traderId > 0;
  const token = useAppSelector(selectToken);
  const detail = useGetTraderDetailQuery({ trader_id: traderId, token }, { skip: !valid });
  const [tab, setTab] = useState<Tab>('positions');
  const unfollow = useUnfollow();
  // The open positions as listed under the tab (the same query as its first page): the tab counts what it shows,
  // live, while the overview's figure is as of its computation.
  const open = useGetLeadTradesQuery({ trader_id: traderId, history: 0, limit: PAGE }, { skip: !valid, pollingInterval: 10_000 });

  // This trader's figures only: `data` would still hold the last trader's
  // while another id (one that does not lead, say) is asked for.
  const data = detail.currentData;
  const mine = data?.my_follow ?? null;
  const follow = () => {
    const route = followRoute(traderId);
    navigate(token ? route : loginRouteFor(route));
  };

  let body;
  if (!valid || (isNotFound(detail.error) && !data)) body = <TraderNotFound />;
  else if (detail.isLoading || (!data && detail.isFetching)) body = <LoadingBlock lines={8} />;
  else if (detail.isError && !data) body = <ErrorState onRetry={detail.refetch} />;
  else if (data)
    body = (
      <>
        <Overview detail={data} />
        <Tabs activeKey={tab} onChange={(k) => setTab(k as Tab)} className="ui-tabs" data-testid="cp-detail-tabs">
          <Tabs.Tab key="positions" title={`${t('copytrade.tabs.positions')} (${open.data?.total ?? data.trader.open_positions})`} />
          <Tabs.Tab key="history" title={t('copytrade.tabs.history')} />
          <Tabs.Tab key="followers" title={t('copytrade.tabs.followerList')} />
        </Tabs>
        <div className="ui-tab-body">
          {tab === 'positions' ? <Positions traderId={traderId} history={0} /> : null}
          {tab === 'history' ? <Positions traderId={traderId} history={1} /> : null}
          {tab === 'followers' ? <Followers traderId={traderId} /> : null}
        </div>
        <div className="cp-bar" data-testid="cp-follow-bar">
          {mine ? (
            <>
              <Button shape="rounded" className="cp-bar-secondary" onClick={() => void unfollow(mine)} data-testid="cp-unfollow">
                {t('copytrade.unfollow')}
              </Button>
              <Button shape="rounded" color="primary" onClick={() => navigate(followRoute(traderId, mine.id))} data-testid="cp-edit">
                {t('copytrade.edit')}
              </Button>
            </>
          ) : (
            <Button block shape="rounded" color="primary" disabled={!hasRoom(data.trader)} onClick={follow} data-testid="cp-follow">
              {data.trader.status === 3 ? t('copytrade.paused') : hasRoom(data.trader) ? t('copytrade.follow') : t('copytrade.full')}
            </Button>
          )}
        </div>
      </>
    );

  return (
    <PageShell backTo={COPY_ROUTES.list} className={`ui-page cp-page ${data ? 'cp-with-bar' : ''}`}>
      {body}
    </PageShell>
  );
}
