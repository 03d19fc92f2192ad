/**
 * Pages of the NFT marketplace, by the spec's registry: nft nft (the
 * market), artistDetail, mine, artworkDetail and artworkDetail_video (one
 * page, videos by their own address), purchase (a bid), purchase_one (a
 * fixed-price purchase), resell and myNft; and the blind-box series page.
 */
import { lazy } from 'react';
import type { FeatureRoute } from '../../app/featureRoutes';
import { NFT_ROUTES } from '../../shared/nft/routes';

const MarketPage = lazy(() => import('./pages/MarketPage'));
const ArtistPage = lazy(() => import('./pages/ArtistPage'));
const MinePage = lazy(() => import('./pages/MinePage'));
const ArtworkDetailPage = lazy(() => import('./pages/ArtworkDetailPage'));
const BidPage = lazy(() => import('./pages/BidPage'));
const BuyPage = lazy(() => import('./pages/BuyPage'));
const ResellPage = lazy(() => import('./pages/ResellPage'));
const MyNftPage = lazy(() => import('./pages/MyNftPage'));
const SeriesPage = lazy(() => import('./pages/SeriesPage'));

export const routes: FeatureRoute[] = [
  { path: NFT_ROUTES.market, element: <MarketPage /> },
  { path: NFT_ROUTES.artist, element: <ArtistPage /> },
  { path: NFT_ROUTES.mine, element: <MinePage />, auth: true },
  { path: NFT_ROUTES.artwork, element: <ArtworkDetailPage /> },
  { path: NFT_ROUTES.artworkVideo, element: <ArtworkDetailPage /> },
  { path: NFT_ROUTES.bid, element: <BidPage />, auth: true },
  { path: NFT_ROUTES.buy, element: <BuyPage />, auth: true },
  { path: NFT_ROUTES.resell, element: <ResellPage />, auth: true },
  { path: NFT_ROUTES.mineItem, element: <MyNftPage />, auth: true },
  { path: NFT_ROUTES.series, element: <SeriesPage /> },
];
