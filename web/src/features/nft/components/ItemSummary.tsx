/** The item a form is about: its cover, name, artist and rarity, on one line (the buy, bid, resale and owned-item pages). */
import type { NftCard } from '../api';
import { Cover, RarityBadge } from './Parts';

export function ItemSummary({ item }: { item: NftCard }) {
  return (
    <section className="ui-card nft-summary" data-testid="nft-summary" data-id={item.id}>
      <Cover src={item.cover} alt={item.name} className="nft-summary-cover" eager />
      <div className="nft-summary-who">
        <strong className="ellipsis" data-testid="nft-summary-name">
          {item.name}
        </strong>
        <span className="hint ellipsis">{item.artist_name}</span>
        <RarityBadge rarity={item.rarity} />
      </div>
    </section>
  );
}
