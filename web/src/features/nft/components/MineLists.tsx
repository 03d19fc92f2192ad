/**
 * The lists of the caller's own NFT page (pages/MinePage.tsx), one per tab:
 * their items (with the state of each one's listing), their blind boxes
 * (open them, and the check of each against the rule), the auctions they
 * bid in (leading, outbid, won, lost), the payments they owe (a countdown to
 * each deadline and "Pay"), and their order and payment messages (unread
 * marked; a tap reads one, "mark all read" reads them all). Every list
 * refetches on the private `nft_message` and `balance` events (api.ts).
 */
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ListEmpty, useGrowingLimit } from '../../../components/GrowingList';
import { formatDateTime, PLACEHOLDER } from '../../../lib/format';
import { artworkRoute, NFT_ROUTES } from '../../../shared/nft/routes';
import {
  MESSAGE_KINDS,
  useGetMessagesQuery,
  useGetMyBidsQuery,
  useGetMyBoxesQuery,
  useGetMyNftsQuery,
  useGetPaymentsQuery,
  useReadMessageMutation,
  type MyBid,
  type NftMessage,
  type NftPayment,
} from '../api';
import { ArtworkCard } from './ArtworkCard';
import { BoxRow } from './BoxRow';
import { NftList } from './NftList';
import { Countdown, Cover, useNftFigures } from './Parts';
import { PayButton } from './PayButton';

const PAGE = 10;

function ToMarket({ title, tab }: { title: string; tab?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <ListEmpty
      title={title}
      action={{ label: t('nft.mine.browse'), onClick: () => navigate(tab ? `${NFT_ROUTES.market}?tab=${tab}` : NFT_ROUTES.market), testId: 'nft-browse' }}
    />
  );
}

export function MyNfts() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { limit, more } = useGrowingLimit(PAGE);
  const list = useGetMyNftsQuery({ limit });
  return (
    <NftList grid list={list} rowKey={(i) => i.id} onMore={more} testId="nft-my-items" moreTestId="nft-my-items-more" empty={<ToMarket title={t('nft.mine.noItems')} />}>
      {(item) => <ArtworkCard item={item} showListing onOpen={() => navigate(`${NFT_ROUTES.mineItem}?id=${item.id}`)} />}
    </NftList>
  );
}

export function MyBoxes() {
  const { t } = useTranslation();
  const { limit, more } = useGrowingLimit(PAGE);
  const list = useGetMyBoxesQuery({ limit });
  return (
    <>
      <p className="hint nft-pad">{t('nft.mine.boxesHint')}</p>
      <NftList list={list} rowKey={(b) => b.id} onMore={more} testId="nft-my-boxes" moreTestId="nft-my-boxes-more" empty={<ToMarket title={t('nft.mine.noBoxes')} tab="boxes" />}>
        {(box) => <BoxRow box={box} showSeries />}
      </NftList>
    </>
  );
}

const BID_TONES: Record<MyBid['state'], string> = { leading: 'onSale', outbid: 'notStarted', won: 'won', lost: 'ended' };

function BidRow({ bid }: { bid: MyBid }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { exact } = useNftFigures();
  return (
    <div
      className="ui-card ui-tap nft-row"
      role="link"
      tabIndex={0}
      onClick={() => navigate(artworkRoute(bid.item_id))}
      onKeyDown={(e) => (e.key === 'Enter' ? navigate(artworkRoute(bid.item_id)) : undefined)}
      data-testid="nft-my-bid"
      data-id={bid.listing_id}
      data-state={bid.state}
    >
      <Cover src={bid.cover} alt="" className="nft-row-cover" />
      <div className="nft-row-main">
        <div className="nft-row-top">
          <strong className="ellipsis">{bid.name}</strong>
          <span className={`nft-tag nft-sale-${BID_TONES[bid.state]}`} data-testid="nft-my-bid-state">
            {t(`nft.bidState.${bid.state}`)}
          </span>
        </div>
        <span className="nft-row-line">
          {t('nft.mine.myBid')} <b data-testid="nft-my-bid-price">{`${exact(bid.price)} ${bid.currency_name}`}</b>
        </span>
        <span className="nft-row-line">
          {t('nft.price.currentBid')} <b>{bid.current_bid !== null ? `${exact(bid.current_bid)} ${bid.currency_name}` : PLACEHOLDER}</b>
        </span>
        <span className="hint">{t('nft.mine.endsAt', { time: formatDateTime(bid.ends_at) })}</span>
      </div>
    </div>
  );
}

export function MyBids() {
  const { t } = useTranslation();
  const { limit, more } = useGrowingLimit(PAGE);
  const list = useGetMyBidsQuery({ limit });
  return (
    <NftList list={list} rowKey={(b) => b.listing_id} onMore={more} testId="nft-my-bids" moreTestId="nft-my-bids-more" empty={<ToMarket title={t('nft.mine.noBids')} />}>
      {(bid) => <BidRow bid={bid} />}
    </NftList>
  );
}

function PaymentRow({ payment: p }: { payment: NftPayment }) {
  const { t } = useTranslation();
  const { exact } = useNftFigures();
  return (
    <article className="ui-card nft-row" data-testid="nft-payment" data-id={p.id}>
      <Cover src={p.cover} alt="" className="nft-row-cover" />
      <div className="nft-row-main">
        <div className="nft-row-top">
          <strong className="ellipsis">{p.name}</strong>
          <span className="nft-tag nft-sale-won">{t(p.round === 1 ? 'nft.pay.offered' : 'nft.pay.won')}</span>
        </div>
        <span className="nft-row-line">
          {t('nft.pay.price')} <b>{`${exact(p.price)} ${p.currency_name}`}</b>
        </span>
        <span className="nft-row-line">
          {t('nft.pay.due')} <b data-testid="nft-payment-due">{`${exact(p.due)} ${p.currency_name}`}</b>
        </span>
        <Countdown starts_at={null} ends_at={p.due_at} offset={0} testId="nft-payment-countdown" endLabel={t('nft.pay.timeLeft')} />
        <div className="ui-actions">
          <PayButton payment={p} />
        </div>
      </div>
    </article>
  );
}

export function MyPayments() {
  const { t } = useTranslation();
  const { limit, more } = useGrowingLimit(PAGE);
  const list = useGetPaymentsQuery({ status: 0, limit });
  return (
    <>
      <p className="hint nft-pad">{t('nft.mine.payHint')}</p>
      <NftList list={list} rowKey={(p) => p.id} onMore={more} testId="nft-payments" moreTestId="nft-payments-more" empty={<ListEmpty title={t('nft.mine.noPayments')} />}>
        {(p) => <PaymentRow payment={p} />}
      </NftList>
    </>
  );
}

/** A message in the reader's language, with the item's name and the price. */
export function useMessageText(): (m: NftMessage) => string {
  const { t } = useTranslation();
  const { exact } = useNftFigures();
  return (m) => {
    const kind = (MESSAGE_KINDS as readonly string[]).includes(m.kind) ? m.kind : 'other';
    const price = m.price !== null ? `${exact(m.price)} ${m.currency_name}` : PLACEHOLDER;
    return t(`nft.messages.text.${kind}`, { name: m.name, price });
  };
}

function MessageRow({ message: m }: { message: NftMessage }) {
  const { t } = useTranslation();
  const text = useMessageText();
  const [read] = useReadMessageMutation();
  const unread = m.is_red === 0;
  const onTap = () => {
    if (unread) void read({ id: m.id });
  };
  return (
    <div
      className={`ui-card ui-tap nft-message ${unread ? 'unread' : ''}`}
      role="button"
      tabIndex={0}
      onClick={onTap}
      onKeyDown={(e) => (e.key === 'Enter' ? onTap() : undefined)}
      data-testid="nft-message"
      data-id={m.id}
      data-kind={m.kind}
      data-read={!unread}
    >
      {unread ? <span className="nft-dot" aria-hidden="true" /> : null}
      <div className="nft-message-body">
        <strong className="nft-message-title">{t(`nft.messages.title.${(MESSAGE_KINDS as readonly string[]).includes(m.kind) ? m.kind : 'other'}`)}</strong>
        <p className="nft-message-text" data-testid="nft-message-text">
          {text(m)}
        </p>
        <span className="hint">{formatDateTime(m.created_at)}</span>
        {/* What a tap does, read after the message itself (whose words name the control). */}
        {unread ? <span className="sr-only">{t('nft.messages.markRead')}</span> : null}
      </div>
    </div>
  );
}

export function MyMessages() {
  const { t } = useTranslation();
  const { limit, more } = useGrowingLimit(PAGE);
  const list = useGetMessagesQuery({ limit });
  const [read, { isLoading }] = useReadMessageMutation();
  const unread = list.data?.unread ?? 0;
  return (
    <>
      <div className="nft-messages-head">
        <span className="hint" data-testid="nft-unread-count" data-unread={unread}>
          {t('nft.messages.unread', { n: unread })}
        </span>
        <Button size="small" fill="none" color="primary" disabled={unread === 0} loading={isLoading} onClick={() => void read({})} data-testid="nft-read-all">
          {t('nft.messages.readAll')}
        </Button>
      </div>
      <NftList list={list} rowKey={(m) => m.id} onMore={more} testId="nft-messages" moreTestId="nft-messages-more" empty={<ListEmpty title={t('nft.mine.noMessages')} />}>
        {(m) => <MessageRow message={m} />}
      </NftList>
    </>
  );
}
