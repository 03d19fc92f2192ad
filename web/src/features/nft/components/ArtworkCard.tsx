/**
 * An artwork as the grids show it (the spec's "artwork" component): cover,
 * name, artist, rarity badge, sale mode, price or current bid with its coin,
 * the sale-status label and the favourite heart; the whole card opens the
 * artwork (or, with `onOpen`, whatever the list says).
 */
import { AudioOutline, PlayOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { TapCard } from '../../../components/TapCard';
import { PLACEHOLDER } from '../../../lib/format';
import { artworkRoute } from '../../../shared/nft/routes';
import type { NftCard } from '../api';
import { cardPrice, ownListingState } from '../logic';
import { Cover, FavouriteButton, ModeTag, RarityBadge, SaleTag, useNftFigures } from './Parts';

/** A media type's mark over the cover (audio and video are not pictures). */
export function TypeMark({ type }: { type: string }) {
  const { t } = useTranslation();
  if (type !== 'audio' && type !== 'video' && type !== 'gif') return null;
  return (
    <span className="nft-type-mark" aria-label={t(`nft.type.${type}`)} data-type={type}>
      {type === 'audio' ? <AudioOutline /> : type === 'video' ? <PlayOutline /> : 'GIF'}
    </span>
  );
}

export function ArtworkCard({ item, onOpen, showListing }: { item: NftCard; onOpen?: () => void; showListing?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { exact } = useNftFigures();
  const price = cardPrice(item);
  const listing = showListing ? ownListingState(item) : null;
  return (
    <TapCard
      className="nft-card"
      onOpen={onOpen ?? (() => navigate(artworkRoute(item.id, item.type)))}
      data-testid="nft-artwork"
      data-id={item.id}
      data-type={item.type}
      data-mode={item.mode ?? ''}
      data-status={item.sale_status}
    >
      <div className="nft-card-media">
        <Cover src={item.cover} alt={item.name} />
        <RarityBadge rarity={item.rarity} className="nft-card-rarity" />
        <TypeMark type={item.type} />
        <FavouriteButton id={item.id} collected={item.collected} favourites={item.favourites} className="nft-card-fav" />
      </div>
      <div className="nft-card-body">
        <strong className="nft-card-name ellipsis" data-testid="nft-artwork-name">
          {item.name}
        </strong>
        <span className="nft-card-artist ellipsis">{item.artist_name}</span>
        <div className="nft-card-tags">
          {showListing ? (
            <span className={`nft-tag nft-listing-${listing ?? 'none'}`} data-testid="nft-listing-state" data-state={listing ?? 'none'}>
              {t(`nft.listing.${listing ?? 'none'}`)}
            </span>
          ) : (
            <>
              <ModeTag mode={item.mode} />
              <SaleTag status={item.sale_status} />
            </>
          )}
        </div>
        <div className="nft-card-price">
          <span className="nft-card-price-label">{t(`nft.price.${price.kind}`)}</span>
          <b data-testid="nft-artwork-price">{price.value !== null ? `${exact(price.value)} ${item.currency_name}` : PLACEHOLDER}</b>
        </div>
      </div>
    </TapCard>
  );
}
