/** Banner carousel (news category 5); a tap opens the banner's article. */
import { Skeleton, Swiper } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { NEWS_CATEGORY_BANNER, ROUTES } from '../../../lib/constants';
import { useDelayedFlag } from '../../../lib/useDelayedFlag';
import { useGetNewsListQuery } from '../api';
import { RetryImage } from '../../../components/RetryImage';

function withBase(src: string): string {
  // Demo banners are files of the app itself ("/demo/…" under /h5/); uploads and full URLs are used as given.
  if (/^(https?:)?\/\//.test(src) || src.startsWith('/uploads/') || src.startsWith(import.meta.env.BASE_URL)) return src;
  return `${import.meta.env.BASE_URL}${src.replace(/^\//, '')}`;
}

export function BannerSwiper() {
  const navigate = useNavigate();
  const { data, isLoading } = useGetNewsListQuery({ c_id: NEWS_CATEGORY_BANNER, page: 1, limit: 10 });
  const showSkeleton = useDelayedFlag(isLoading);
  const banners = (data?.data ?? []).filter((b) => b.thumbnail);

  if (isLoading) return <div className="banner">{showSkeleton ? <Skeleton animated className="banner-skeleton" /> : null}</div>;
  if (banners.length === 0) return null;

  return (
    <div className="banner" data-testid="banner">
      <Swiper autoplay loop={banners.length > 1} autoplayInterval={4000} indicatorProps={{ className: 'banner-dots' }}>
        {banners.map((b) => (
          <Swiper.Item key={b.id}>
            <button type="button" className="banner-item" onClick={() => navigate(`${ROUTES.article}?id=${b.id}`)}>
              <RetryImage src={withBase(b.thumbnail ?? '')} alt={b.title} />
            </button>
          </Swiper.Item>
        ))}
      </Swiper>
    </div>
  );
}
