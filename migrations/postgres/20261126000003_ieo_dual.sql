-- Token sales (IEO). ieo_projects.status: 0 warm-up, 1 in progress, 2 ended
-- (allocated, awaiting the platform's review), 3 credited (tokens credited
-- locked to the launchpad account, released by cycle). Prices are units of
-- the pay currency per whole token; `supply`, `user_cap`, `min_amount` and
-- `subscribed` are token units. Tokens are released from `lock_ends_at`, an
-- equal part at the start of each of `cycles` cycles of `cycle_ms`;
-- `released_cycles` counts the releases applied (each once).
-- ieo_orders.status: 0 subscribed (cost frozen on the spot account), 1
-- allocated (the rest refunded), 2 credited, 3 fully released.
CREATE TABLE ieo_projects (
    id BIGSERIAL PRIMARY KEY,
    name TEXT NOT NULL,
    intro TEXT NOT NULL,
    token BIGINT NOT NULL UNIQUE,
    pay_currency BIGINT NOT NULL,
    price BIGINT NOT NULL,
    supply BIGINT NOT NULL,
    user_cap BIGINT NOT NULL,
    min_amount BIGINT NOT NULL,
    subscribed BIGINT NOT NULL DEFAULT 0,
    subscribers BIGINT NOT NULL DEFAULT 0,
    starts_at BIGINT NOT NULL,
    ends_at BIGINT NOT NULL,
    lock_ends_at BIGINT NOT NULL,
    cycle_ms BIGINT NOT NULL,
    cycles BIGINT NOT NULL,
    whitepaper TEXT NOT NULL,
    website TEXT NOT NULL,
    status BIGINT NOT NULL,
    allocated BIGINT,
    released_cycles BIGINT NOT NULL DEFAULT 0,
    credited_at BIGINT,
    created_at BIGINT NOT NULL
);

CREATE TABLE ieo_orders (
    id BIGSERIAL PRIMARY KEY,
    project_id BIGINT NOT NULL REFERENCES ieo_projects(id),
    user_id BIGINT NOT NULL REFERENCES users(id),
    amount BIGINT NOT NULL,
    cost BIGINT NOT NULL,
    allocated BIGINT,
    paid BIGINT,
    refund BIGINT,
    released BIGINT NOT NULL DEFAULT 0,
    status BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);

CREATE INDEX ieo_orders_user ON ieo_orders (user_id, id);
CREATE INDEX ieo_orders_project ON ieo_orders (project_id, id);

-- Dual investment. A product is sold until `starts_at`, holds until
-- `matures_at` and settles against the average of the index samples of the
-- 30 minutes before it (dual_samples, every one kept). `kind` 1 call (the
-- coin is invested), 2 put (the quote); `unit` is what one share invests
-- (units of that currency), `linked_price` quote units per whole coin,
-- `apr_ppm` the annual rate in millionths. `template` names the offer a
-- product renews. status: 0 selling or holding, 1 settling, 2 settled.
-- dual_orders.status: 0 purchased, 1 settling, 2 completed, 3 failed.
CREATE TABLE dual_products (
    id BIGSERIAL PRIMARY KEY,
    template TEXT NOT NULL,
    currency BIGINT NOT NULL,
    quote BIGINT NOT NULL,
    kind BIGINT NOT NULL,
    unit BIGINT NOT NULL,
    apr_ppm BIGINT NOT NULL,
    linked_price BIGINT NOT NULL,
    days BIGINT NOT NULL,
    shares_total BIGINT NOT NULL,
    shares_sold BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    starts_at BIGINT NOT NULL,
    matures_at BIGINT NOT NULL,
    status BIGINT NOT NULL,
    settlement_price BIGINT,
    settled_at BIGINT
);

CREATE INDEX dual_products_open ON dual_products (status, starts_at);
CREATE UNIQUE INDEX dual_products_window ON dual_products (template, starts_at);

CREATE TABLE dual_samples (
    product_id BIGINT NOT NULL REFERENCES dual_products(id),
    at BIGINT NOT NULL,
    price BIGINT NOT NULL,
    PRIMARY KEY (product_id, at)
);

CREATE TABLE dual_orders (
    id BIGSERIAL PRIMARY KEY,
    product_id BIGINT NOT NULL REFERENCES dual_products(id),
    user_id BIGINT NOT NULL REFERENCES users(id),
    shares BIGINT NOT NULL,
    amount BIGINT NOT NULL,
    status BIGINT NOT NULL,
    payout_currency BIGINT,
    payout BIGINT,
    reason TEXT,
    created_at BIGINT NOT NULL,
    settled_at BIGINT
);

CREATE INDEX dual_orders_user ON dual_orders (user_id, id);
CREATE INDEX dual_orders_product ON dual_orders (product_id, status);
