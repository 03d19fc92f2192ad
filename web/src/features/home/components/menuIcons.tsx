/** Icon and tint of each quick-entry key of GET /api/menu. */
import {
  AntOutline,
  ArrowsAltOutline,
  BankcardOutline,
  BillOutline,
  CompassOutline,
  CouponOutline,
  DownlandOutline,
  FileOutline,
  HandPayCircleOutline,
  HistogramOutline,
  LockOutline,
  LoopOutline,
  MessageOutline,
  PictureOutline,
  PieOutline,
  ReceivePaymentOutline,
  ShopbagOutline,
  SmileOutline,
  TeamOutline,
  UpCircleOutline,
  UserAddOutline,
  UserContactOutline,
  AppstoreOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';

interface MenuLook {
  icon: ReactNode;
  /** Accent hue of the tile. */
  tint: string;
}

const GOLD = '#f0b90b';
const TEAL = '#2ec4b6';
const BLUE = '#3d8bfd';
const VIOLET = '#9b6bff';
const GREEN = '#0ecb81';
const ROSE = '#ff7a8a';

const LOOKS: Record<string, MenuLook> = {
  recharge: { icon: <ReceivePaymentOutline />, tint: GREEN },
  withdraw: { icon: <HandPayCircleOutline />, tint: ROSE },
  stock: { icon: <HistogramOutline />, tint: BLUE },
  futures: { icon: <UpCircleOutline />, tint: GOLD },
  copytrade: { icon: <TeamOutline />, tint: VIOLET },
  financial: { icon: <PieOutline />, tint: TEAL },
  margin: { icon: <ArrowsAltOutline />, tint: GOLD },
  otc: { icon: <UserContactOutline />, tint: BLUE },
  coupon: { icon: <CouponOutline />, tint: ROSE },
  bills: { icon: <BillOutline />, tint: TEAL },
  exchange: { icon: <LoopOutline />, tint: GREEN },
  lockming: { icon: <LockOutline />, tint: GOLD },
  game: { icon: <SmileOutline />, tint: VIOLET },
  chatroom: { icon: <MessageOutline />, tint: BLUE },
  quickbuy: { icon: <ShopbagOutline />, tint: GREEN },
  defi: { icon: <AntOutline />, tint: TEAL },
  cloudmining: { icon: <CompassOutline />, tint: BLUE },
  loan: { icon: <BankcardOutline />, tint: GOLD },
  nft: { icon: <PictureOutline />, tint: VIOLET },
  download: { icon: <DownlandOutline />, tint: TEAL },
  invite: { icon: <UserAddOutline />, tint: ROSE },
  whitepaper: { icon: <FileOutline />, tint: GOLD },
};

export function menuLook(key: string): MenuLook {
  return LOOKS[key] ?? { icon: <AppstoreOutline />, tint: GOLD };
}
