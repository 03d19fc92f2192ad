/**
 * Home tab: assets, banners, notices, quick entries, the pop-up notice.
 *
 * Home is in the app's first chunk (app/router.tsx). The carousel, the grid of
 * quick entries (two dozen icons) and the pop-up show only once their data has
 * come from the server, so their code is fetched alongside that data instead
 * of delaying the first screen: their queries start here, at once, their code
 * right after the first paint, and each part shows what it showed while
 * loading until both have arrived.
 * docs/benchmarks.md ("Initial load") has the numbers.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { NEWS_CATEGORY_BANNER } from '../../../lib/constants';
import { useGetIndexPopQuery, useGetMenuQuery, useGetNewsListQuery } from '../api';
import { AssetCard } from '../components/AssetCard';
import { HomeHeader } from '../components/HomeHeader';
import { NoticeBanner, NoticeList } from '../components/NoticeSection';

const BannerSwiper = lazy(() => import('../components/BannerSwiper').then((m) => ({ default: m.BannerSwiper })));
const QuickEntries = lazy(() => import('../components/QuickEntries').then((m) => ({ default: m.QuickEntries })));
const PopNoticeDialog = lazy(() => import('../components/PopNoticeDialog').then((m) => ({ default: m.PopNoticeDialog })));

/** False until the frame after the first render has been painted. */
function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}

export default function HomePage() {
  // The same queries the lazy parts make (same arguments, so one request each).
  useGetNewsListQuery({ c_id: NEWS_CATEGORY_BANNER, page: 1, limit: 10 });
  useGetMenuQuery();
  useGetIndexPopQuery();
  const painted = usePainted();
  const banner = <div className="banner" />;
  // The grid's own box at its usual height: what follows stays put when the entries arrive.
  const entries = <div className="quick-grid quick-grid-reserve" aria-hidden="true" aria-busy="true" />;
  return (
    <div className="tab-page home" data-testid="home">
      <HomeHeader />
      <AssetCard />
      {painted ? (
        <Suspense fallback={banner}>
          <BannerSwiper />
        </Suspense>
      ) : (
        banner
      )}
      <NoticeBanner />
      {painted ? (
        <Suspense fallback={entries}>
          <QuickEntries />
        </Suspense>
      ) : (
        entries
      )}
      <NoticeList />
      {painted ? (
        <Suspense fallback={null}>
          <PopNoticeDialog />
        </Suspense>
      ) : null}
    </div>
  );
}
