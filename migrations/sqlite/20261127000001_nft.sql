-- NFT marketplace. Artists and collections are made by admins; an item is one
-- artwork (type 0 image, 1 gif, 2 audio, 3 video), owned by the platform until
-- sold (owner_id NULL) and by a user after. `media`, `cover` and `avatar` are
-- upload addresses. Prices are units of the item's currency.
CREATE TABLE nft_artists (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL UNIQUE,
    avatar TEXT NOT NULL,
    intro TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

CREATE TABLE nft_collections (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    artist_id BIGINT NOT NULL REFERENCES nft_artists(id),
    name TEXT NOT NULL,
    intro TEXT NOT NULL,
    cover TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

-- A blind-box series: `total` boxes, one per item of the series (the items
-- carry `series_id` and `slot`, 0 to total - 1, published before the sale).
-- The item in box `number` is the slot the rule gives from `seed` (kept
-- secret, shown once the series sold out or ended) and the number; the
-- series publishes `seed_hash` (SHA-256 of the seed) before the sale.
CREATE TABLE nft_series (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    collection_id BIGINT NOT NULL REFERENCES nft_collections(id),
    name TEXT NOT NULL,
    intro TEXT NOT NULL,
    cover TEXT NOT NULL,
    currency BIGINT NOT NULL,
    price BIGINT NOT NULL,
    total BIGINT NOT NULL,
    sold BIGINT NOT NULL DEFAULT 0,
    seed TEXT NOT NULL,
    seed_hash TEXT NOT NULL,
    starts_at BIGINT NOT NULL,
    ends_at BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);

CREATE TABLE nft_items (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    collection_id BIGINT NOT NULL REFERENCES nft_collections(id),
    artist_id BIGINT NOT NULL REFERENCES nft_artists(id),
    series_id BIGINT REFERENCES nft_series(id),
    slot BIGINT,
    name TEXT NOT NULL,
    intro TEXT NOT NULL,
    kind BIGINT NOT NULL,
    media TEXT NOT NULL,
    cover TEXT NOT NULL,
    rarity BIGINT NOT NULL,
    currency BIGINT NOT NULL,
    owner_id BIGINT REFERENCES users(id),
    last_price BIGINT,
    created_at BIGINT NOT NULL
);
CREATE INDEX nft_items_owner ON nft_items (owner_id);
CREATE INDEX nft_items_collection ON nft_items (collection_id);
CREATE UNIQUE INDEX nft_items_slot ON nft_items (series_id, slot);

-- A listing puts an item on sale: mode 0 fixed price (`price`), 1 auction
-- (`price` the opening bid, `step` the least increase, `margin` the deposit
-- to join). seller_id NULL is the platform's first sale. status: 0 waiting
-- for review (resales), 1 on sale, 2 ended, awaiting payment, 3 sold, 4
-- closed unsold or withdrawn, 5 refused in review. `top_price`/`top_user`
-- are the leading bid, `bids` their count; `royalty` and `fee` what the
-- artist and the platform took of `sold_price`. `demo` 1 for the demo
-- market's cycling auction.
CREATE TABLE nft_listings (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    item_id BIGINT NOT NULL REFERENCES nft_items(id),
    seller_id BIGINT REFERENCES users(id),
    mode BIGINT NOT NULL,
    currency BIGINT NOT NULL,
    price BIGINT NOT NULL,
    step BIGINT NOT NULL,
    margin BIGINT NOT NULL,
    starts_at BIGINT NOT NULL,
    ends_at BIGINT NOT NULL,
    status BIGINT NOT NULL,
    top_price BIGINT,
    top_user BIGINT,
    bids BIGINT NOT NULL DEFAULT 0,
    buyer_id BIGINT,
    sold_price BIGINT,
    sold_at BIGINT,
    royalty BIGINT,
    fee BIGINT,
    demo BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL
);
CREATE INDEX nft_listings_item ON nft_listings (item_id, status);
CREATE INDEX nft_listings_status ON nft_listings (status, mode);

-- Auction deposits: status 0 held (NFT escrow account), 1 returned, 2
-- forfeited, 3 applied to the price.
CREATE TABLE nft_deposits (
    listing_id BIGINT NOT NULL REFERENCES nft_listings(id),
    user_id BIGINT NOT NULL REFERENCES users(id),
    amount BIGINT NOT NULL,
    status BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (listing_id, user_id)
);

CREATE TABLE nft_bids (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    listing_id BIGINT NOT NULL REFERENCES nft_listings(id),
    user_id BIGINT NOT NULL REFERENCES users(id),
    price BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX nft_bids_listing ON nft_bids (listing_id, id);
CREATE INDEX nft_bids_user ON nft_bids (user_id, listing_id);

-- What a won auction's winner (round 0) or, after a default, the runner-up
-- (round 1) owes: `price` less `deposit` (applied) by `due_at`. status 0
-- awaiting, 1 paid, 2 expired.
CREATE TABLE nft_payments (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    listing_id BIGINT NOT NULL REFERENCES nft_listings(id),
    user_id BIGINT NOT NULL REFERENCES users(id),
    round BIGINT NOT NULL,
    price BIGINT NOT NULL,
    deposit BIGINT NOT NULL,
    due_at BIGINT NOT NULL,
    status BIGINT NOT NULL,
    paid_at BIGINT,
    created_at BIGINT NOT NULL,
    UNIQUE (listing_id, round)
);
CREATE INDEX nft_payments_user ON nft_payments (user_id, status);

-- Bought blind boxes: `number` in order of sale; `item_id` once opened.
CREATE TABLE nft_boxes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    series_id BIGINT NOT NULL REFERENCES nft_series(id),
    number BIGINT NOT NULL,
    user_id BIGINT NOT NULL REFERENCES users(id),
    price BIGINT NOT NULL,
    item_id BIGINT,
    bought_at BIGINT NOT NULL,
    opened_at BIGINT,
    UNIQUE (series_id, number)
);
CREATE INDEX nft_boxes_user ON nft_boxes (user_id);

CREATE TABLE nft_favourites (
    user_id BIGINT NOT NULL REFERENCES users(id),
    item_id BIGINT NOT NULL REFERENCES nft_items(id),
    created_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, item_id)
);
-- An item's favourites are counted from here (cards show the count).
CREATE INDEX nft_favourites_item ON nft_favourites (item_id);

-- Order and payment messages: `kind` names what happened (the app words it),
-- is_read 0/1.
CREATE TABLE nft_messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT NOT NULL REFERENCES users(id),
    kind TEXT NOT NULL,
    item_id BIGINT NOT NULL,
    listing_id BIGINT,
    price BIGINT,
    currency BIGINT NOT NULL,
    is_read BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL
);
CREATE INDEX nft_messages_user ON nft_messages (user_id, id);

-- NFT media (pictures, audio, video) uploaded by admins or shipped for the
-- demo: public, served with range requests under /media/nft/NAME.
CREATE TABLE nft_media (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL UNIQUE,
    content_type TEXT NOT NULL,
    size BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
