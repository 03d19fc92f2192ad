/**
 * Small pieces the NFT screens share: an item's rarity badge, sale mode and
 * sale-status labels, its cover, the favourite heart, a live countdown on the
 * server's clock, the "please log in first" flow, the spot balance of a coin
 * and how amounts read (lib/format.ts decides the rules; this picks the
 * precision).
 */
import { HeartFill, HeartOutline } from 'antd-mobile-icons';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { REDIRECT_MS } from '../../../lib/constants';
import { formatCoin, formatDateTime, formatDecimal } from '../../../lib/format';
import { loginRouteFor } from '../../../lib/navigation';
import { selectToken } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { useCoinOf, useCoinPlaces, useGetWalletListQuery } from '../../../shared/funds/api';
import { useCollectMutation, type Rarity } from '../api';
import { countdownOf, durationParts, saleLabel } from '../logic';
import { RetryImage } from '../../../components/RetryImage';

/** The spot account in the wallet list. */
const SPOT_ACCOUNT = 2;
/** Decimals assumed for a coin the coin list does not name (the server checks again). */
const UNKNOWN_DECIMALS = 8;

export interface NftFigures {
  /** A price, bid or amount that must read exactly (what is paid), grouped. */
  exact: (value: string | null | undefined) => string;
  /** A balance of a coin at its display precision. */
  balance: (value: string | null | undefined, coin: string | number) => string;
  /** Most decimals an amount of the coin may have. */
  decimalsOf: (coin: string | number) => number;
}

export function useNftFigures(): NftFigures {
  const coinOf = useCoinOf();
  const places = useCoinPlaces();
  const decimalsOf = useCallback((coin: string | number) => coinOf(coin)?.decimals ?? UNKNOWN_DECIMALS, [coinOf]);
  return {
    exact: (value) => formatDecimal(value),
    balance: (value, coin) => formatCoin(value, places(coin)),
    decimalsOf,
  };
}

/** The spot balance available of a coin; null while unknown or logged out. */
export function useSpotBalance(currency: number | null | undefined): string | null {
  const token = useAppSelector(selectToken);
  // The balance moves with every trade: fresh on each visit.
  const wallet = useGetWalletListQuery(undefined, { skip: !token || !currency, refetchOnMountOrArgChange: true });
  if (!token || !wallet.data || !currency) return null;
  const row = wallet.data.accounts.find((a) => a.account === SPOT_ACCOUNT)?.balances.find((b) => b.currency_id === currency);
  return row?.available ?? '0';
}

/** The spec's flow for a visitor's action: "please log in first", then the login page (and back here after). */
export function useLoginFirst(): () => void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const here = location.pathname + location.search;
  return useCallback(() => {
    showToast(t('common.loginFirst'));
    setTimeout(() => navigate(loginRouteFor(here)), REDIRECT_MS);
  }, [here, navigate, t]);
}

export function RarityBadge({ rarity, className }: { rarity: Rarity | string; className?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`nft-rarity nft-rarity-${rarity} ${className ?? ''}`} data-testid="nft-rarity" data-rarity={rarity}>
      {t(`nft.rarity.${rarity}`, { defaultValue: rarity })}
    </span>
  );
}

export function ModeTag({ mode }: { mode: string | null }) {
  const { t } = useTranslation();
  if (!mode) return null;
  return (
    <span className={`nft-tag nft-mode-${mode}`} data-testid="nft-mode" data-mode={mode}>
      {t(mode === 'auction' ? 'nft.mode.auction' : 'nft.mode.normal')}
    </span>
  );
}

/** The spec's sale-status label; `soldOut` says why a sale ended when it is so (a blind-box series). */
export function SaleTag({ status, soldOut }: { status: number; soldOut?: boolean }) {
  const { t } = useTranslation();
  const label = saleLabel(status);
  return (
    <span className={`nft-tag nft-sale-${label}`} data-testid="nft-sale-status" data-status={status}>
      {label === 'ended' && soldOut ? t('nft.sale.soldOut') : t(`nft.sale.${label}`)}
    </span>
  );
}

/** A picture of the item (its cover); lazy, a placeholder tint until it loads. */
export function Cover({ src, alt, className, eager }: { src: string; alt: string; className?: string; eager?: boolean }) {
  return <RetryImage className={`nft-cover ${className ?? ''}`} src={src} alt={alt} loading={eager ? 'eager' : 'lazy'} decoding="async" />;
}

/**
 * The favourite heart (login needed): filled when the caller keeps the item,
 * with the count beside it when `count` is shown. The tap does not open the
 * card it sits on.
 */
export function FavouriteButton({ id, collected, favourites, showCount, className }: { id: number; collected: boolean; favourites: number; showCount?: boolean; className?: string }) {
  const { t } = useTranslation();
  const token = useAppSelector(selectToken);
  const loginFirst = useLoginFirst();
  const [collect, { isLoading }] = useCollectMutation();
  // Shown at once; the server's answer (and the refetched lists) confirm it. Kept only while the
  // item still reads as it did when tapped: a refetch that changes it takes over.
  const base = `${collected}|${favourites}`;
  const [optimistic, setOptimistic] = useState<{ base: string; collected: boolean; favourites: number } | null>(null);
  const shown = optimistic && optimistic.base === base ? optimistic : { collected, favourites };
  const onTap = async (e: { stopPropagation: () => void }) => {
    e.stopPropagation();
    if (!token) {
      loginFirst();
      return;
    }
    if (isLoading) return;
    setOptimistic({ base, collected: !shown.collected, favourites: Math.max(0, shown.favourites + (shown.collected ? -1 : 1)) });
    try {
      const answer = await collect({ id }).unwrap();
      setOptimistic({ base, ...answer });
    } catch {
      setOptimistic(null);
    }
  };
  return (
    <button
      type="button"
      className={`nft-fav ${shown.collected ? 'on' : ''} ${className ?? ''}`}
      aria-pressed={shown.collected}
      onClick={(e) => void onTap(e)}
      onKeyDown={(e) => e.stopPropagation()}
      data-testid="nft-fav"
      data-on={shown.collected}
    >
      {/* The name is the action and then the count shown, so what is read contains what is seen. */}
      <span className="sr-only">{t(shown.collected ? 'nft.unfavourite' : 'nft.favourite')} </span>
      {shown.collected ? <HeartFill aria-hidden /> : <HeartOutline aria-hidden />}
      {showCount ? <span className="nft-fav-count">{formatDecimal(shown.favourites)}</span> : null}
    </button>
  );
}

/** The server's clock as it ticks: `offset` (server minus device) added to the device's time, every second. */
export function useServerNow(offset: number): number {
  const [now, setNow] = useState(() => Date.now() + offset);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now() + offset), 1000);
    return () => clearInterval(timer);
  }, [offset]);
  return now;
}

/** A duration as the screens read it: "HH:MM:SS", with the days in front when there are any. */
export function useDurationText(): (ms: number) => string {
  const { t } = useTranslation();
  return (ms) => {
    const { days, time } = durationParts(ms);
    return days > 0 ? t('nft.countdown.daysTime', { days, time }) : time;
  };
}

/**
 * The live countdown to a sale's start or end on the server's clock; once it
 * reaches zero `onElapsed` is called once, and the end reads as a date.
 */
export function Countdown({
  starts_at,
  ends_at,
  offset,
  onElapsed,
  big,
  testId = 'nft-countdown',
  endLabel,
}: {
  starts_at: number | null;
  ends_at: number | null;
  offset: number;
  onElapsed?: () => void;
  big?: boolean;
  testId?: string;
  /** What the time to the end is called (a payment's deadline); "Ends in" unless told. */
  endLabel?: string;
}) {
  const { t } = useTranslation();
  const now = useServerNow(offset);
  const duration = useDurationText();
  const cd = countdownOf({ starts_at, ends_at }, now);
  // Called when the countdown passes the start or reaches the end while shown (not for a sale already over when shown).
  const kind = cd?.kind ?? 'ended';
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const was = previous.current;
    previous.current = kind;
    if (was !== null && was !== kind) onElapsed?.();
  }, [kind, onElapsed]);
  let label: ReactNode;
  let value: ReactNode;
  if (!cd) {
    label = t('nft.countdown.endedAt');
    value = formatDateTime(ends_at);
  } else {
    label = cd.kind === 'start' ? t('nft.countdown.startsIn') : (endLabel ?? t('nft.countdown.endsIn'));
    value = duration(cd.left);
  }
  return (
    <div className={`nft-countdown ${big ? 'big' : ''}`} data-testid={testId} data-kind={cd?.kind ?? 'ended'}>
      <span className="nft-countdown-label">{label}</span>
      <b className="nft-countdown-value">{value}</b>
    </div>
  );
}

/** A thin bar filled to `percent` (0 to 100). */
export function Bar({ percent, label }: { percent: number; label: string }) {
  const value = Math.round(Math.min(100, Math.max(0, percent)));
  return (
    <div className="nft-bar" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={value}>
      <span style={{ width: value > 0 ? `max(3px, ${value}%)` : 0 }} />
    </div>
  );
}
