/** A collection (the spec's "collection" component): cover, name, artist and its item count; opens its artist's page on it. */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { TapCard } from '../../../components/TapCard';
import { artistRoute } from '../../../shared/nft/routes';
import type { Collection } from '../api';
import { Cover } from './Parts';

export function CollectionCard({ collection: c, onOpen }: { collection: Collection; onOpen?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <TapCard
      className="nft-collection-card"
      onOpen={onOpen ?? (() => navigate(artistRoute(c.artist_id, c.id)))}
      data-testid="nft-collection"
      data-id={c.id}
    >
      <Cover src={c.cover} alt={c.name} className="nft-collection-cover" />
      <div className="nft-collection-who">
        <strong className="ellipsis">{c.name}</strong>
        <span className="hint ellipsis">{c.artist_name}</span>
        {c.intro ? <span className="nft-clamp hint">{c.intro}</span> : null}
        <span className="nft-artist-counts">{t('nft.collection.items', { count: c.items })}</span>
      </div>
    </TapCard>
  );
}
