/**
 * Routes of the NFT marketplace's screens (the spec's page registry: nft nft,
 * artistDetail, mine, artworkDetail, artworkDetail_video, purchase,
 * purchase_one, resell, myNft; and the blind-box series page, a decision),
 * shared by the nft feature and by Home, whose quick entry "nft" opens the
 * market. Nothing else here, so that the routes (part of the first chunk)
 * pull in nothing more.
 */
export const NFT_ROUTES = {
  /** The market: `?tab=artworks|artists|collections|boxes`, `?type=image|gif|audio|video`, `?q=` the search. */
  market: '/pages/nft/nft',
  /** An artist: `?id=` (and `&collection=` to show one collection's items). */
  artist: '/pages/nft/artistDetail',
  /** The caller's NFTs, boxes, bids, payments and messages: `?tab=nfts|boxes|bids|pay|messages`. */
  mine: '/pages/nft/mine',
  /** An artwork (picture, GIF or audio): `?id=`. */
  artwork: '/pages/nft/artworkDetail',
  /** A video artwork: `?id=`. */
  artworkVideo: '/pages/nft/artworkDetail_video',
  /** Bidding on an artwork's auction: `?id=`. */
  bid: '/pages/nft/purchase',
  /** Buying an artwork at its fixed price: `?id=`. */
  buy: '/pages/nft/purchase_one',
  /** Listing an owned artwork for resale: `?id=`. */
  resell: '/pages/nft/resell',
  /** An owned artwork: `?id=`. */
  mineItem: '/pages/nft/myNft',
  /** A blind-box series: `?id=` **(decision: the spec names no page for it)**. */
  series: '/pages/nft/box',
} as const;

/** An artwork's page: videos have a page of their own. */
export function artworkRoute(id: number, type?: string | null): string {
  return `${type === 'video' ? NFT_ROUTES.artworkVideo : NFT_ROUTES.artwork}?id=${id}`;
}

export function artistRoute(id: number, collection?: number | null): string {
  return `${NFT_ROUTES.artist}?id=${id}${collection ? `&collection=${collection}` : ''}`;
}

export function seriesRoute(id: number): string {
  return `${NFT_ROUTES.series}?id=${id}`;
}
