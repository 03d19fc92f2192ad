/** An artist as the market lists them (the spec's "artist" component): avatar, name, intro, counts; opens the artist. */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { TapCard } from '../../../components/TapCard';
import { artistRoute } from '../../../shared/nft/routes';
import type { Artist } from '../api';
import { RetryImage } from '../../../components/RetryImage';

export function ArtistCard({ artist }: { artist: Artist }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <TapCard className="nft-artist-card" onOpen={() => navigate(artistRoute(artist.id))} data-testid="nft-artist" data-id={artist.id}>
      <RetryImage className="nft-avatar" src={artist.avatar} alt="" loading="lazy" />
      <div className="nft-artist-who">
        <strong className="ellipsis" data-testid="nft-artist-name">
          {artist.name}
        </strong>
        <span className="nft-clamp hint">{artist.intro}</span>
        <span className="nft-artist-counts">{`${t('nft.artist.itemCount', { count: artist.items })} · ${t('nft.artist.collectionCount', { count: artist.collections })}`}</span>
      </div>
    </TapCard>
  );
}
