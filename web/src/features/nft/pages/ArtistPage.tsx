/**
 * An artist (nft/artistDetail, `?id=`, `&collection=` to show one
 * collection): avatar, name and intro, counts, the royalties the artist has
 * been paid from resales, the collections (tap one to show its items) and
 * the items.
 */
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { Figure } from '../../../components/Figures';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { PageShell } from '../../../components/PageShell';
import { EmptyState, ErrorState } from '../../../components/StateBlocks';
import { selectToken } from '../../../lib/session';
import { NFT_ROUTES } from '../../../shared/nft/routes';
import { useGetArtistDetailQuery, type ArtistDetail } from '../api';
import { ArtworkCard } from '../components/ArtworkCard';
import { useNftFigures } from '../components/Parts';
import { idParam } from '../logic';
import '../../../components/ui.css';
import '../nft.css';

function ArtistView({ detail, collection, onCollection }: { detail: ArtistDetail; collection: number | null; onCollection: (id: number | null) => void }) {
  const { t } = useTranslation();
  const { exact } = useNftFigures();
  const a = detail.artist;
  const items = collection === null ? detail.items : detail.items.filter((i) => i.collection_id === collection);
  return (
    <div data-testid="nft-artist-page" data-id={a.id}>
      <section className="ui-card nft-artist-head">
        <img className="nft-avatar big" src={a.avatar} alt="" />
        <div className="nft-artist-who">
          <h1 data-testid="nft-artist-name">{a.name}</h1>
          <span className="nft-artist-counts">{`${t('nft.artist.itemCount', { count: a.items })} · ${t('nft.artist.collectionCount', { count: a.collections })}`}</span>
        </div>
      </section>
      {a.intro ? <p className="nft-intro nft-artist-intro">{a.intro}</p> : null}
      <section className="ui-card" data-testid="nft-royalties">
        <h2 className="ui-card-title">{t('nft.artist.royalties')}</h2>
        {detail.royalties.length === 0 ? (
          <p className="hint">{t('nft.artist.noRoyalties')}</p>
        ) : (
          <div className="ui-grid">
            {detail.royalties.map((r) => (
              <Figure key={r.currency} label={r.currency_name}>
                {exact(r.amount)}
              </Figure>
            ))}
          </div>
        )}
      </section>
      <h2 className="nft-section-title">{t('nft.artist.collections')}</h2>
      <div className="nft-chips" role="group" aria-label={t('nft.artist.collections')} data-testid="nft-artist-collections">
        <button type="button" className={`nft-chip ${collection === null ? 'on' : ''}`} aria-pressed={collection === null} onClick={() => onCollection(null)}>
          {t('nft.type.all')}
        </button>
        {detail.collections.map((c) => (
          <button
            type="button"
            key={c.id}
            className={`nft-chip ${collection === c.id ? 'on' : ''}`}
            aria-pressed={collection === c.id}
            onClick={() => onCollection(c.id)}
            data-testid="nft-artist-collection"
            data-id={c.id}
          >
            {c.name}
          </button>
        ))}
      </div>
      {items.length === 0 ? (
        <EmptyState title={t('nft.empty.artworks')} />
      ) : (
        <div className="nft-grid" data-testid="nft-artworks">
          {items.map((item) => (
            <ArtworkCard key={item.id} item={item} />
          ))}
        </div>
      )}
    </div>
  );
}

export default function ArtistPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const id = idParam(params.get('id'));
  const collection = idParam(params.get('collection'));
  const token = useAppSelector(selectToken);
  const detail = useGetArtistDetailQuery({ id: id ?? 0, token }, { skip: id === null });
  let body;
  if (id === null) body = <EmptyState title={t('nft.notFound')} />;
  else if (detail.isLoading) body = <LoadingBlock lines={8} />;
  else if (detail.isError && !detail.data) body = <ErrorState onRetry={detail.refetch} />;
  else if (detail.data)
    body = (
      <ArtistView
        detail={detail.data}
        collection={collection}
        onCollection={(c) => setParams(c === null ? { id: String(id) } : { id: String(id), collection: String(c) }, { replace: true })}
      />
    );
  return (
    <PageShell backTo={`${NFT_ROUTES.market}?tab=artists`} className="ui-page nft-page">
      {body}
    </PageShell>
  );
}
