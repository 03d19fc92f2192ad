-- Artists linked to user accounts, and what unlinked artists accrued.
-- `user_id` is the account an artist's resale royalties are paid to, in the
-- sale's own transaction (NULL: not linked, the royalty is held in the
-- royalties account 112 for them); `links` counts the times the artist was
-- linked, so each link's payout has a ledger key of its own.
ALTER TABLE nft_artists ADD COLUMN user_id BIGINT REFERENCES users(id);
ALTER TABLE nft_artists ADD COLUMN links BIGINT NOT NULL DEFAULT 0;

-- What each unlinked artist accrued and has not been paid, per coin, in
-- units: raised in the transaction of each resale while the artist is not
-- linked, paid out (to zero) in the transaction that links them. The sum
-- per coin is the royalties account's balance.
CREATE TABLE nft_artist_royalties (
    artist_id BIGINT NOT NULL REFERENCES nft_artists(id),
    currency BIGINT NOT NULL,
    unpaid BIGINT NOT NULL,
    PRIMARY KEY (artist_id, currency)
);

-- Every royalty recorded so far was held for its artist (no artist was
-- linked before this change).
INSERT INTO nft_artist_royalties (artist_id, currency, unpaid)
SELECT i.artist_id, l.currency, CAST(SUM(l.royalty) AS BIGINT)
FROM nft_listings l JOIN nft_items i ON i.id = l.item_id
WHERE l.status = 3 AND l.royalty > 0
GROUP BY i.artist_id, l.currency;
