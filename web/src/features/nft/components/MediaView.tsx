/**
 * An item's media as its page shows it: a picture or GIF inline; audio as
 * its cover with the player under it; video in a player that loads only its
 * first frame and length until played (`preload="metadata"`, the server
 * answers range requests), inline on phones, the cover as its poster.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NftCard } from '../api';
import { RetryImage } from '../../../components/RetryImage';

export function MediaView({ item }: { item: Pick<NftCard, 'type' | 'media' | 'cover' | 'name'> }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const error = failed ? (
    <p className="nft-media-error" role="alert" data-testid="nft-media-error">
      {t(item.type === 'audio' ? 'nft.media.audioError' : 'nft.media.error')}
    </p>
  ) : null;
  if (item.type === 'video') {
    return (
      <div className="nft-media nft-media-video" data-testid="nft-media" data-type="video">
        <video src={item.media} poster={item.cover} controls playsInline preload="metadata" onError={() => setFailed(true)} aria-label={item.name} />
        {error}
      </div>
    );
  }
  if (item.type === 'audio') {
    return (
      <div className="nft-media nft-media-audio" data-testid="nft-media" data-type="audio">
        <RetryImage src={item.cover} alt={item.name} />
        <audio src={item.media} controls preload="metadata" onError={() => setFailed(true)} aria-label={item.name} />
        {error}
      </div>
    );
  }
  return (
    <div className="nft-media" data-testid="nft-media" data-type={item.type}>
      <img src={item.media} alt={item.name} onError={() => setFailed(true)} />
      {error}
    </div>
  );
}
