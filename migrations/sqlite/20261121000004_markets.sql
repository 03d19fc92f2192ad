-- Spot and stock trading: orders, trades, K-line bars and favourites.
-- Order side 1 buy, 2 sell; type 0 limit, 1 market; status 0 open, 1 filled,
-- 2 cancelled (possibly after partial fills). frozen_left is what the order still
-- holds frozen in the ledger; it is released when the order ends.

CREATE TABLE orders (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT NOT NULL REFERENCES users(id),
    market BIGINT NOT NULL,
    side BIGINT NOT NULL,
    order_type BIGINT NOT NULL,
    price BIGINT NOT NULL,
    qty BIGINT NOT NULL,
    budget BIGINT NOT NULL,
    filled_qty BIGINT NOT NULL DEFAULT 0,
    filled_quote BIGINT NOT NULL DEFAULT 0,
    fee BIGINT NOT NULL DEFAULT 0,
    frozen_left BIGINT NOT NULL,
    status BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX orders_user ON orders(user_id, status, id);
CREATE INDEX orders_open ON orders(market, status, id);

CREATE TABLE trades (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    market BIGINT NOT NULL,
    price BIGINT NOT NULL,
    qty BIGINT NOT NULL,
    taker_side BIGINT NOT NULL,
    maker_order BIGINT NOT NULL,
    taker_order BIGINT NOT NULL,
    maker_user BIGINT NOT NULL,
    taker_user BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX trades_market ON trades(market, id);

CREATE TABLE klines (
    market BIGINT NOT NULL,
    period TEXT NOT NULL,
    open_time BIGINT NOT NULL,
    open BIGINT NOT NULL,
    high BIGINT NOT NULL,
    low BIGINT NOT NULL,
    close BIGINT NOT NULL,
    volume BIGINT NOT NULL,
    amount BIGINT NOT NULL,
    PRIMARY KEY (market, period, open_time)
);

CREATE TABLE favourites (
    user_id BIGINT NOT NULL REFERENCES users(id),
    market BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, market)
);
