/** Home tab: assets, banners, notices, quick entries, the pop-up notice. */
import { AssetCard } from '../components/AssetCard';
import { BannerSwiper } from '../components/BannerSwiper';
import { HomeHeader } from '../components/HomeHeader';
import { NoticeBanner, NoticeList } from '../components/NoticeSection';
import { PopNoticeDialog } from '../components/PopNoticeDialog';
import { QuickEntries } from '../components/QuickEntries';

export default function HomePage() {
  return (
    <div className="tab-page home" data-testid="home">
      <HomeHeader />
      <AssetCard />
      <BannerSwiper />
      <NoticeBanner />
      <QuickEntries />
      <NoticeList />
      <PopNoticeDialog />
    </div>
  );
}
