-- Leveraged contracts and seconds options.
-- lever_orders.status: 0 pending (limit not yet triggered), 1 holding, 2 closing,
-- 3 closed, 4 cancelled; direction 1 long, 2 short. `frozen` is what the order
-- holds frozen on the lever account (margin + fee while pending, margin after).
-- micro_orders.status: 0 holding, 1 settled; direction 1 rise, 2 fall;
-- outcome 1 win, 2 lose, 3 tie.

CREATE TABLE lever_orders (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users(id),
    market BIGINT NOT NULL,
    direction BIGINT NOT NULL,
    status BIGINT NOT NULL,
    share BIGINT NOT NULL,
    qty BIGINT NOT NULL,
    multiple BIGINT NOT NULL,
    target_price BIGINT NOT NULL DEFAULT 0,
    open_price BIGINT NOT NULL DEFAULT 0,
    margin BIGINT NOT NULL,
    fee BIGINT NOT NULL,
    frozen BIGINT NOT NULL,
    overnight BIGINT NOT NULL DEFAULT 0,
    overnight_day BIGINT NOT NULL DEFAULT 0,
    tp BIGINT,
    sl BIGINT,
    close_price BIGINT,
    profit BIGINT,
    payout BIGINT,
    shortfall BIGINT,
    close_reason TEXT,
    opened_at BIGINT,
    closed_at BIGINT,
    created_at BIGINT NOT NULL
);
CREATE INDEX lever_orders_user ON lever_orders(user_id, status, id);
CREATE INDEX lever_orders_live ON lever_orders(market, status);

CREATE TABLE micro_orders (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users(id),
    market BIGINT NOT NULL,
    currency BIGINT NOT NULL,
    direction BIGINT NOT NULL,
    seconds BIGINT NOT NULL,
    stake BIGINT NOT NULL,
    fee BIGINT NOT NULL,
    ratio_ppm BIGINT NOT NULL,
    open_price BIGINT NOT NULL,
    opened_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    close_price BIGINT,
    closed_at BIGINT,
    status BIGINT NOT NULL DEFAULT 0,
    outcome BIGINT NOT NULL DEFAULT 0,
    payout BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX micro_orders_user ON micro_orders(user_id, status, id);
CREATE INDEX micro_orders_live ON micro_orders(market, status, expires_at);
