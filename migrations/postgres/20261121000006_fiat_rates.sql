-- Fiat rates (units per one US dollar), seeded from the configuration and
-- editable by admins; `updated_at` tells when they last changed.
CREATE TABLE fiat_rates (
    code TEXT PRIMARY KEY,
    symbol TEXT NOT NULL,
    rate TEXT NOT NULL,
    sort BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
