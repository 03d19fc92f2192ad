/** Latest notices (news category 4): a scrolling bar and the list; a tap opens the article. */
import { NoticeBar } from 'antd-mobile';
import { RightOutline, SoundOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { EmptyState, ErrorState } from '../../../components/StateBlocks';
import { NEWS_CATEGORY_NOTICE, PAGE_LIMIT, ROUTES } from '../../../lib/constants';
import { formatDateTime } from '../../../lib/format';
import { useGetNewsListQuery } from '../api';

export function NoticeBanner() {
  const navigate = useNavigate();
  const { data, isLoading } = useGetNewsListQuery({ c_id: NEWS_CATEGORY_NOTICE, page: 1, limit: PAGE_LIMIT });
  const first = data?.data[0];
  // The bar's place is kept while the notices load, so what follows does not move down when it arrives.
  if (isLoading) return <div className="notice-bar notice-bar-reserve" aria-hidden="true" aria-busy="true" />;
  if (!first) return null;
  return (
    <button type="button" className="notice-bar" onClick={() => navigate(`${ROUTES.article}?id=${first.id}`)}>
      <NoticeBar content={first.title} icon={<SoundOutline />} color="default" />
    </button>
  );
}

export function NoticeList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, isLoading, isError, refetch } = useGetNewsListQuery({ c_id: NEWS_CATEGORY_NOTICE, page: 1, limit: PAGE_LIMIT });

  let body;
  if (isLoading) body = <LoadingBlock lines={4} title={false} />;
  else if (isError || !data) body = <ErrorState onRetry={refetch} />;
  else if (data.data.length === 0) body = <EmptyState title={t('home.noNotices')} />;
  else
    body = (
      <ul className="notice-list" data-testid="notice-list">
        {data.data.map((n) => (
          <li key={n.id}>
            <button type="button" onClick={() => navigate(`${ROUTES.article}?id=${n.id}`)}>
              <span className="notice-text">
                <span className="notice-title">{n.title}</span>
                {n.summary ? <span className="notice-summary">{n.summary}</span> : null}
                <time>{formatDateTime(n.created_at)}</time>
              </span>
              <RightOutline className="notice-arrow" />
            </button>
          </li>
        ))}
      </ul>
    );

  return (
    <section className="section">
      <h2 className="section-title">{t('home.notices')}</h2>
      {body}
    </section>
  );
}
