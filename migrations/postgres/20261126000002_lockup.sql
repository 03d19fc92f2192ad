-- Lock-up mining. lock_products are the products on offer (seeded from the
-- config by `key`, then edited by admins; edits apply to new orders, each
-- order keeps its terms). Rates are millionths of the principal per day;
-- `accrual_hour` the UTC hour of the daily accrual; `accrued_through` the
-- last accrual applied (its moment), so one that fell due while the server
-- was down is applied once when it is back; `accruals` counts them (an
-- accrual's ledger key). `locked` and `holders` are the
-- open orders' principal and users, kept with every change.
-- lock_rates: the rate of each day (period index `day`, starting at
-- `starts_at`), drawn inside the range before the day starts.
-- lock_orders.status: 0 in progress, 1 redeemed early, 2 matured.
-- `promised_left` is the yield the order may still be paid at the top of its
-- range: earn_reserves.promised is its sum over a coin's open orders, which
-- the coin's yield reserve (system account 110) must cover.

CREATE TABLE lock_products (
    id BIGSERIAL PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    category TEXT NOT NULL,
    name TEXT NOT NULL,
    currency BIGINT NOT NULL,
    rate_min_ppm BIGINT NOT NULL,
    rate_max_ppm BIGINT NOT NULL,
    days BIGINT NOT NULL,
    min_amount BIGINT NOT NULL,
    user_cap BIGINT NOT NULL,
    total_cap BIGINT NOT NULL,
    penalty_ppm BIGINT NOT NULL,
    enabled BIGINT NOT NULL,
    accrual_hour BIGINT NOT NULL,
    accrued_through BIGINT NOT NULL,
    accruals BIGINT NOT NULL DEFAULT 0,
    locked BIGINT NOT NULL DEFAULT 0,
    holders BIGINT NOT NULL DEFAULT 0,
    sort BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE TABLE lock_rates (
    product_id BIGINT NOT NULL REFERENCES lock_products(id),
    day BIGINT NOT NULL,
    starts_at BIGINT NOT NULL,
    rate_ppm BIGINT NOT NULL,
    PRIMARY KEY (product_id, day)
);

CREATE TABLE lock_orders (
    id BIGSERIAL PRIMARY KEY,
    product_id BIGINT NOT NULL REFERENCES lock_products(id),
    user_id BIGINT NOT NULL REFERENCES users(id),
    currency BIGINT NOT NULL,
    amount BIGINT NOT NULL,
    rate_min_ppm BIGINT NOT NULL,
    rate_max_ppm BIGINT NOT NULL,
    days BIGINT NOT NULL,
    penalty_ppm BIGINT NOT NULL,
    paid_days BIGINT NOT NULL DEFAULT 0,
    accrued BIGINT NOT NULL DEFAULT 0,
    promised_left BIGINT NOT NULL,
    status BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    first_accrual_at BIGINT NOT NULL,
    matures_at BIGINT NOT NULL,
    ended_at BIGINT,
    returned BIGINT,
    penalty BIGINT
);

CREATE INDEX lock_orders_user ON lock_orders (user_id, id);
CREATE INDEX lock_orders_open ON lock_orders (product_id, status);

CREATE TABLE earn_reserves (
    currency BIGINT PRIMARY KEY,
    promised BIGINT NOT NULL DEFAULT 0
);
