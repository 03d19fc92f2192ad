/**
 * An item's auction on its page: the current bid (the opening price before
 * the first), the least next bid, the step, the deposit, bidders and bids, a
 * live countdown to the end on the server's clock with a notice when a late
 * bid moves the end; then what the caller can do: log in, pay the deposit
 * to bid (confirmed with the amount, the balance and what becomes of it), or
 * bid (the bid page); and the bid log, newest first. Live through the page's
 * `useAuctionLive` (api.ts): every bid shows at once, without a reload.
 */
import { Button, Dialog } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Figure, Line } from '../../../components/Figures';
import { LoadMore } from '../../../components/LoadMore';
import { useAppSelector } from '../../../app/hooks';
import { compareDecimal, formatDateTime } from '../../../lib/format';
import { loginRouteFor } from '../../../lib/navigation';
import { selectToken } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { FUNDS_ROUTES } from '../../../shared/funds/routes';
import { artworkRoute, NFT_ROUTES } from '../../../shared/nft/routes';
import { useGetBidLogQuery, useGetNftConfigQuery, usePayDepositMutation, type ItemDetail } from '../api';
import { Countdown, useNftFigures, useServerNow, useSpotBalance } from './Parts';

const LOG_PAGE = 10;

export type AuctionPhase = 'upcoming' | 'live' | 'ended';

/** Where an auction stands at `now` (server time). */
export function auctionPhase(a: { status: number; starts_at: number; ends_at: number }, now: number): AuctionPhase {
  if (a.status !== 1 || now >= a.ends_at) return 'ended';
  return now < a.starts_at ? 'upcoming' : 'live';
}

/** "Not enough balance" with the way to deposit the coin. */
export function ShortOf({ currency, coin }: { currency: number; coin: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="ui-balance nft-short" data-testid="nft-short">
      <span>{t('nft.insufficient', { coin })}</span>
      <Button size="small" fill="none" color="primary" onClick={() => navigate(`${FUNDS_ROUTES.receive}?currency=${currency}`)}>
        {t('nft.depositFunds')}
      </Button>
    </div>
  );
}

/** The deposit button and its confirmation; also used on the bid page. */
export function DepositButton({ detail }: { detail: ItemDetail }) {
  const { t } = useTranslation();
  const { exact, balance } = useNftFigures();
  const config = useGetNftConfigQuery();
  const [pay, { isLoading }] = usePayDepositMutation();
  const item = detail.item;
  const a = detail.auction;
  const spot = useSpotBalance(item.currency);
  if (!a) return null;
  const short = spot !== null && compareDecimal(spot, a.margin) === -1;
  const free = compareDecimal(a.margin, '0') !== 1;
  const onTap = async () => {
    if (short) {
      showToast(t('nft.insufficient', { coin: item.currency_name }));
      return;
    }
    const ok = await Dialog.confirm({
      title: t('nft.auction.depositTitle'),
      content: (
        <div className="ui-dialog" data-testid="nft-deposit-confirm">
          <Line label={t('nft.auction.deposit')} testId="nft-deposit-amount" strong>
            {exact(a.margin)} {item.currency_name}
          </Line>
          {spot !== null ? (
            <Line label={t('nft.balance')}>
              {balance(spot, item.currency)} {item.currency_name}
            </Line>
          ) : null}
          <p className="nft-dialog-note">{t('nft.auction.depositNote', { count: config.data?.pay_hours ?? 24 })}</p>
        </div>
      ),
      confirmText: t('nft.auction.payDeposit'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    try {
      await pay({ id: item.id }).unwrap();
      showToast(t('nft.auction.depositPaid'), 'success');
    } catch {
      // The server's message (translated) was shown by the base query.
    }
  };
  return (
    <>
      {short ? <ShortOf currency={item.currency} coin={item.currency_name} /> : null}
      <Button block color="primary" shape="rounded" size="large" loading={isLoading} onClick={() => void onTap()} data-testid="nft-deposit">
        {free ? t('nft.auction.join') : t('nft.auction.payDepositAmount', { amount: exact(a.margin), coin: item.currency_name })}
      </Button>
    </>
  );
}

function BidLog({ id }: { id: number }) {
  const { t } = useTranslation();
  const token = useAppSelector(selectToken);
  const { exact } = useNftFigures();
  const [limit, setLimit] = useState(LOG_PAGE);
  const log = useGetBidLogQuery({ id, token, limit });
  const rows = log.data?.data ?? [];
  return (
    <section className="ui-card" data-testid="nft-bid-log">
      <h2 className="ui-card-title">{t('nft.auction.log')}</h2>
      {rows.length === 0 ? (
        <p className="hint">{log.isLoading ? '…' : t('nft.auction.noBids')}</p>
      ) : (
        <ol className="nft-log">
          {rows.map((b, i) => (
            <li key={b.id} className={`nft-log-row ${b.mine ? 'mine' : ''}`} data-testid="nft-bid-row" data-mine={b.mine}>
              <span className="nft-log-who">
                {b.bidder}
                {b.mine ? <span className="nft-you">{t('nft.auction.you')}</span> : null}
                {i === 0 ? <span className="nft-lead">{t('nft.auction.top')}</span> : null}
              </span>
              <b className="nft-log-price">{exact(b.price)}</b>
              <span className="nft-log-at hint">{formatDateTime(b.at, { seconds: true })}</span>
            </li>
          ))}
        </ol>
      )}
      <LoadMore shown={rows.length} total={log.data?.total ?? 0} busy={log.isFetching} onMore={() => setLimit((n) => n + LOG_PAGE)} testId="nft-bid-log-more" />
    </section>
  );
}

export function AuctionPanel({ detail, offset, onElapsed }: { detail: ItemDetail; offset: number; onElapsed: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useAppSelector(selectToken);
  const { exact } = useNftFigures();
  const now = useServerNow(offset);
  const item = detail.item;
  const a = detail.auction;
  // The end as first seen, and whether a late bid moved it since (derived while rendering).
  const [seenEnd, setSeenEnd] = useState(a?.ends_at ?? 0);
  const [extended, setExtended] = useState(false);
  if (a && a.ends_at !== seenEnd) {
    if (a.ends_at > seenEnd) setExtended(true);
    setSeenEnd(a.ends_at);
  }
  if (!a) return null;
  const phase = auctionPhase(a, now);
  const coin = item.currency_name;
  const money = (v: string | null) => (v === null ? '--' : `${exact(v)} ${coin}`);

  let action = null;
  if (phase === 'live' || phase === 'upcoming') {
    if (!token) {
      action = (
        <Button block color="primary" shape="rounded" size="large" onClick={() => navigate(loginRouteFor(artworkRoute(item.id, item.type)))} data-testid="nft-login-to-bid">
          {t('nft.auction.loginToBid')}
        </Button>
      );
    } else if (item.owner === 'me') {
      action = <p className="nft-note">{t('nft.auction.yours')}</p>;
    } else if (!a.joined_me) {
      action = <DepositButton detail={detail} />;
    } else if (a.leader_is_me) {
      action = (
        <Button block shape="rounded" size="large" disabled data-testid="nft-to-bid">
          {t('nft.auction.leading')}
        </Button>
      );
    } else {
      action = (
        <Button
          block
          color="primary"
          shape="rounded"
          size="large"
          disabled={phase !== 'live'}
          onClick={() => navigate(`${NFT_ROUTES.bid}?id=${item.id}`)}
          data-testid="nft-to-bid"
        >
          {t('nft.auction.placeBid')}
        </Button>
      );
    }
  }

  return (
    <>
      <section className="ui-card nft-auction" data-testid="nft-auction" data-phase={phase} data-listing={a.listing_id}>
        <div className="nft-auction-head">
          <h2 className="ui-card-title">{t('nft.auction.title')}</h2>
          {a.leader_is_me && token && phase !== 'ended' ? (
            <span className="nft-tag nft-sale-onSale" data-testid="nft-leading">
              {t('nft.auction.youLead')}
            </span>
          ) : null}
          {a.leader_is_me && token && phase === 'ended' && a.bids > 0 ? (
            <span className="nft-tag nft-sale-won" data-testid="nft-won">
              {t('nft.bidState.won')}
            </span>
          ) : null}
        </div>
        <div className="ui-main">
          <div className="ui-big">
            <span className="ui-figure-label">{a.current_bid === null ? t('nft.price.startingBid') : t('nft.price.currentBid')}</span>
            <strong data-testid="nft-current-bid">{money(a.current_bid ?? item.price)}</strong>
          </div>
          <Figure label={t('nft.auction.minBid')} testId="nft-min-bid" end>
            {money(a.min_bid)}
          </Figure>
        </div>
        <Countdown starts_at={a.starts_at} ends_at={a.ends_at} offset={offset} onElapsed={onElapsed} big />
        {extended && phase === 'live' ? (
          <p className="nft-extended" role="status" data-testid="nft-extended">
            {t('nft.auction.extended', { time: formatDateTime(a.ends_at, { seconds: true }) })}
          </p>
        ) : null}
        <div className="ui-grid ui-grid-3 nft-auction-grid">
          <Figure label={t('nft.auction.step')} testId="nft-step">
            {money(a.step)}
          </Figure>
          <Figure label={t('nft.auction.deposit')} testId="nft-deposit-figure">
            {money(a.margin)}
          </Figure>
          <Figure label={t('nft.auction.bids')} testId="nft-bids">
            {t('nft.auction.bidsValue', { bids: a.bids, count: a.bidders })}
          </Figure>
        </div>
        {a.my_bid !== null && token ? (
          <Line label={t('nft.auction.myBid')} testId="nft-my-bid">
            {money(a.my_bid)}
          </Line>
        ) : null}
        {a.joined_me && !a.leader_is_me && phase === 'live' ? <p className="nft-note">{t('nft.auction.depositHeld')}</p> : null}
        {phase === 'ended' ? (
          <p className="nft-note" data-testid="nft-auction-ended">
            {t(a.status === 2 ? 'nft.auction.awaitingPayment' : 'nft.auction.ended')}
          </p>
        ) : null}
        {action ? <div className="nft-action">{action}</div> : null}
      </section>
      <BidLog id={item.id} />
    </>
  );
}
