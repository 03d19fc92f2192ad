/**
 * An artwork (nft/artworkDetail, and nft/artworkDetail_video for videos,
 * `?id=`): its media, name, artist (to the artist's page), collection,
 * rarity, the favourite heart; how it is sold: a fixed price with "Buy"
 * (the purchase_one page), its auction (components/AuctionPanel.tsx, live
 * over the socket), its owner's own actions (resell, or the listing's
 * state), or nothing for sale; the caller's payment due on it, with its
 * deadline and "Pay"; its intro, last price, favourites and sales history.
 */
import { Button } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Line } from '../../../components/Figures';
import { PageShell } from '../../../components/PageShell';
import { formatDateTime, formatDecimal, PLACEHOLDER } from '../../../lib/format';
import { artistRoute, NFT_ROUTES } from '../../../shared/nft/routes';
import { type ItemDetail } from '../api';
import { AuctionPanel } from '../components/AuctionPanel';
import { MediaView } from '../components/MediaView';
import { Countdown, FavouriteButton, ModeTag, RarityBadge, SaleTag, useNftFigures, useServerNow } from '../components/Parts';
import { PayButton } from '../components/PayButton';
import { canResell, clockOffset, countdownOf, ownListingState } from '../logic';
import { ItemBody, useItem } from '../components/ItemPage';
import '../../../components/ui.css';
import '../nft.css';

/** The caller's payment due on this item: the deadline counting down, and "Pay". */
function PaymentBanner({ detail, offset }: { detail: ItemDetail; offset: number }) {
  const { t } = useTranslation();
  const p = detail.payment;
  const now = useServerNow(offset);
  if (!p || p.status !== 0) return null;
  const left = countdownOf({ starts_at: null, ends_at: p.due_at }, now);
  return (
    <section className="ui-card nft-pay-banner" data-testid="nft-pay-banner">
      <strong>{t(p.round === 1 ? 'nft.pay.offeredTitle' : 'nft.pay.wonTitle')}</strong>
      <p className="nft-note">{t('nft.pay.deadline', { time: formatDateTime(p.due_at) })}</p>
      <Countdown starts_at={null} ends_at={p.due_at} offset={offset} testId="nft-pay-countdown" endLabel={t('nft.pay.timeLeft')} />
      {left ? (
        <div className="nft-action">
          <PayButton payment={p} block />
        </div>
      ) : null}
    </section>
  );
}

/** What the owner sees instead of a sale: the listing's state, and "Resell" or "Manage". */
function OwnerBox({ detail }: { detail: ItemDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const item = detail.item;
  const state = ownListingState(item);
  return (
    <section className="ui-card nft-owner" data-testid="nft-owner">
      <div className="nft-owner-head">
        <strong>{t('nft.owner.yours')}</strong>
        {state ? (
          <span className={`nft-tag nft-listing-${state}`} data-testid="nft-listing-state" data-state={state}>
            {t(`nft.listing.${state}`)}
          </span>
        ) : null}
      </div>
      <div className="ui-actions">
        <Button size="small" shape="rounded" fill="outline" onClick={() => navigate(`${NFT_ROUTES.mineItem}?id=${item.id}`)} data-testid="nft-manage">
          {t('nft.owner.manage')}
        </Button>
        {canResell(item) ? (
          <Button size="small" shape="rounded" color="primary" onClick={() => navigate(`${NFT_ROUTES.resell}?id=${item.id}`)} data-testid="nft-resell">
            {t('nft.owner.resell')}
          </Button>
        ) : null}
      </div>
    </section>
  );
}

/** A fixed-price sale: the price, its state and "Buy". */
function FixedSale({ detail, offset, onElapsed }: { detail: ItemDetail; offset: number; onElapsed: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { exact } = useNftFigures();
  const item = detail.item;
  return (
    <section className="ui-card nft-sale" data-testid="nft-sale">
      <div className="ui-main">
        <div className="ui-big">
          <span className="ui-figure-label">{t('nft.price.price')}</span>
          <strong data-testid="nft-detail-price">
            {item.price !== null ? exact(item.price) : PLACEHOLDER} {item.currency_name}
          </strong>
        </div>
        <SaleTag status={item.sale_status} />
      </div>
      {item.sale_status !== 0 ? <Countdown starts_at={item.starts_at} ends_at={item.ends_at} offset={offset} onElapsed={onElapsed} /> : null}
      <div className="nft-action">
        <Button
          block
          color="primary"
          shape="rounded"
          size="large"
          disabled={item.sale_status !== 1}
          onClick={() => navigate(`${NFT_ROUTES.buy}?id=${item.id}`)}
          data-testid="nft-buy"
        >
          {item.sale_status === 2 ? t('nft.sale.notStarted') : item.sale_status === 1 ? t('nft.buy.button') : t('nft.sale.ended')}
        </Button>
      </div>
    </section>
  );
}

function NotOnSale({ detail }: { detail: ItemDetail }) {
  const { t } = useTranslation();
  const { exact } = useNftFigures();
  const item = detail.item;
  return (
    <section className="ui-card nft-sale" data-testid="nft-not-on-sale">
      <div className="ui-main">
        <div className="ui-big">
          <span className="ui-figure-label">{t('nft.price.lastPrice')}</span>
          <strong>{item.last_price !== null ? `${exact(item.last_price)} ${item.currency_name}` : PLACEHOLDER}</strong>
        </div>
        <span className="nft-tag nft-sale-ended">{t('nft.sale.notForSale')}</span>
      </div>
    </section>
  );
}

function DetailView({ detail, offset, onElapsed }: { detail: ItemDetail; offset: number; onElapsed: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { exact } = useNftFigures();
  const item = detail.item;
  const live = item.listing_id !== null;
  let sale;
  if (item.owner === 'me' && !(live && item.mode === 'auction')) sale = <OwnerBox detail={detail} />;
  else if (detail.auction && item.mode === 'auction') sale = <AuctionPanel detail={detail} offset={offset} onElapsed={onElapsed} />;
  else if (live && item.mode === 'normal') sale = <FixedSale detail={detail} offset={offset} onElapsed={onElapsed} />;
  else sale = <NotOnSale detail={detail} />;

  return (
    <div data-testid="nft-detail" data-id={item.id} data-mode={item.mode ?? ''} data-type={item.type}>
      <MediaView item={item} />
      <div className="nft-detail-head">
        <div className="nft-detail-title">
          <h1 data-testid="nft-detail-name">{item.name}</h1>
          <div className="nft-card-tags">
            <RarityBadge rarity={item.rarity} />
            <span className="nft-tag">{t(`nft.type.${item.type}`)}</span>
            <ModeTag mode={item.mode} />
          </div>
        </div>
        <FavouriteButton id={item.id} collected={item.collected} favourites={item.favourites} showCount />
      </div>
      <button type="button" className="nft-artist-row" onClick={() => navigate(artistRoute(detail.artist.id))} data-testid="nft-detail-artist">
        <img className="nft-avatar small" src={detail.artist.avatar} alt="" />
        <span className="nft-artist-row-text">
          <span className="ui-figure-label">{t('nft.detail.artist')}</span>
          <b className="ellipsis">{detail.artist.name}</b>
        </span>
        <RightOutline />
      </button>
      <PaymentBanner detail={detail} offset={offset} />
      {item.owner === 'me' && live && item.mode === 'auction' ? <OwnerBox detail={detail} /> : null}
      {sale}
      <section className="ui-card">
        <h2 className="ui-card-title">{t('nft.detail.about')}</h2>
        {detail.intro ? <p className="nft-intro">{detail.intro}</p> : null}
        <div className="ui-lines">
          <Line label={t('nft.detail.collection')}>
            <button type="button" className="nft-link" onClick={() => navigate(artistRoute(detail.artist.id, detail.collection.id))} data-testid="nft-detail-collection">
              {detail.collection.name}
            </button>
          </Line>
          <Line label={t('nft.detail.lastPrice')} testId="nft-last-price">
            {item.last_price !== null ? `${exact(item.last_price)} ${item.currency_name}` : PLACEHOLDER}
          </Line>
          <Line label={t('nft.detail.favourites')}>{formatDecimal(item.favourites)}</Line>
          <Line label={t('nft.detail.coin')}>{item.currency_name}</Line>
          <Line label={t('nft.detail.owner')}>{t(`nft.owner.${item.owner}`)}</Line>
        </div>
      </section>
      <section className="ui-card" data-testid="nft-history">
        <h2 className="ui-card-title">{t('nft.detail.history')}</h2>
        {detail.history.length === 0 ? (
          <p className="hint">{t('nft.detail.noHistory')}</p>
        ) : (
          <div className="ui-lines">
            {detail.history.map((h, i) => (
              <Line key={`${h.at}-${i}`} label={t(`nft.history.${h.kind ?? 'sale'}`)}>
                {h.price !== null ? `${exact(h.price)} ${item.currency_name}` : PLACEHOLDER}
                <span className="ui-sub">{formatDateTime(h.at)}</span>
              </Line>
            ))}
          </div>
        )}
      </section>
    </div>
  );
}

export default function ArtworkDetailPage() {
  const item = useItem({ live: true });
  const body = (
    <ItemBody item={item} lines={8}>
      {(d) => <DetailView detail={d} offset={clockOffset(d.server_time, item.query.fulfilledTimeStamp)} onElapsed={item.query.refetch} />}
    </ItemBody>
  );
  return (
    <PageShell backTo={NFT_ROUTES.market} className="ui-page nft-page">
      {body}
    </PageShell>
  );
}
