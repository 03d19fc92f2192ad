-- Content written by admins (and the demo) in the languages besides English:
-- one row per text, field and language. `field` names what the text is
-- (`lock.name`, `ieo.intro`, `nft_artist.intro`, `nft_collection.intro`,
-- `nft_series.intro`, `nft_item.intro`, `copy_trader.intro`), `owner` the row
-- it belongs to (the product's, artist's … id; a lead trader's user id). The
-- English text stays in the row's own column and is what a language without
-- a row here reads, as the site's articles and pages fall back to English.
CREATE TABLE content_texts (
    field TEXT NOT NULL,
    owner BIGINT NOT NULL,
    lang TEXT NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (field, owner, lang)
);
