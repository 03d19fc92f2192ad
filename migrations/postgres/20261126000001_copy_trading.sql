-- Copy trading. copy_traders.status: 0 applied, 1 approved, 2 rejected,
-- 3 paused (no new follows), 4 retired. copy_follows.mode: 1 fixed multiple
-- (`amount` in millionths of the leader's size), 2 fixed lots (`amount` in
-- hundredths of a lot); status: 1 following, 2 edited (following on changed
-- terms), 3 cancelled. `high_water` is the best realised copy profit (after
-- fees, recomputed from the follow's closed copies) a share was paid at,
-- `owed` a share due that the follower's balance could not yet cover.
-- lever_orders of a copy carry the follow and the leader's position they copy;
-- `self_held` 1 once the follower keeps it as their own (it no longer closes
-- with the leader's). copy_batches time each leader open or close copied
-- (filled_at the leader's fill, committed_at the copies' commit).

CREATE TABLE copy_traders (
    user_id BIGINT PRIMARY KEY REFERENCES users(id),
    name TEXT NOT NULL,
    intro TEXT NOT NULL,
    share_ppm BIGINT NOT NULL,
    max_followers BIGINT NOT NULL,
    status BIGINT NOT NULL,
    reject_reason TEXT,
    created_at BIGINT NOT NULL,
    reviewed_at BIGINT,
    stats TEXT
);

CREATE TABLE copy_follows (
    id BIGSERIAL PRIMARY KEY,
    trader_id BIGINT NOT NULL REFERENCES users(id),
    user_id BIGINT NOT NULL REFERENCES users(id),
    mode BIGINT NOT NULL,
    amount BIGINT NOT NULL,
    max_margin BIGINT NOT NULL,
    tp_ppm BIGINT,
    sl_ppm BIGINT,
    stop_loss BIGINT,
    status BIGINT NOT NULL,
    high_water BIGINT NOT NULL DEFAULT 0,
    shared BIGINT NOT NULL DEFAULT 0,
    owed BIGINT NOT NULL DEFAULT 0,
    settled_day BIGINT NOT NULL DEFAULT 0,
    end_reason TEXT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    ended_at BIGINT
);
CREATE UNIQUE INDEX copy_follows_live ON copy_follows(trader_id, user_id) WHERE status <> 3;
CREATE INDEX copy_follows_user ON copy_follows(user_id, status, id);

ALTER TABLE lever_orders ADD COLUMN centilots BIGINT NOT NULL DEFAULT 0;
ALTER TABLE lever_orders ADD COLUMN follow_id BIGINT;
ALTER TABLE lever_orders ADD COLUMN copy_of BIGINT;
ALTER TABLE lever_orders ADD COLUMN self_held BIGINT NOT NULL DEFAULT 0;
CREATE INDEX lever_orders_copy_of ON lever_orders(copy_of);
CREATE INDEX lever_orders_follow ON lever_orders(follow_id, status);

CREATE TABLE copy_batches (
    id BIGSERIAL PRIMARY KEY,
    trader_id BIGINT NOT NULL,
    market BIGINT NOT NULL,
    lead_id BIGINT NOT NULL,
    kind BIGINT NOT NULL,
    price BIGINT NOT NULL,
    copies BIGINT NOT NULL,
    skipped BIGINT NOT NULL,
    filled_at BIGINT NOT NULL,
    committed_at BIGINT
);
CREATE INDEX copy_batches_trader ON copy_batches(trader_id, id);

CREATE TABLE copy_skips (
    id BIGSERIAL PRIMARY KEY,
    follow_id BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    lead_id BIGINT NOT NULL,
    reason TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX copy_skips_follow ON copy_skips(follow_id, id);

CREATE TABLE copy_shares (
    id BIGSERIAL PRIMARY KEY,
    follow_id BIGINT NOT NULL,
    trader_id BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    amount BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX copy_shares_follow ON copy_shares(follow_id, id);
