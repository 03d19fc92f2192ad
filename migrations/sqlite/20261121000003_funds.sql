-- Funds and identity: deposit addresses, deposit and withdrawal requests, account
-- transfers, conversions, identity verification, wallet addresses and bank cards.
-- State codes: requests 0 under review, 1 completed, 2 rejected, 3 cancelled;
-- verifications 1 verifying, 2 verified, 3 failed.

CREATE TABLE deposit_addresses (
    currency BIGINT NOT NULL,
    network TEXT NOT NULL,
    address TEXT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (currency, network)
);

CREATE TABLE deposit_requests (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT NOT NULL REFERENCES users(id),
    currency BIGINT NOT NULL,
    network TEXT NOT NULL,
    address TEXT NOT NULL,
    amount BIGINT NOT NULL,
    voucher TEXT NOT NULL,
    state BIGINT NOT NULL DEFAULT 0,
    reason TEXT NOT NULL DEFAULT '',
    reviewed_by BIGINT,
    reviewed_at BIGINT,
    created_at BIGINT NOT NULL
);
CREATE INDEX deposit_requests_user ON deposit_requests(user_id, id);
CREATE INDEX deposit_requests_state ON deposit_requests(state, id);

CREATE TABLE withdraw_requests (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT NOT NULL REFERENCES users(id),
    request_key TEXT NOT NULL UNIQUE,
    currency BIGINT NOT NULL,
    kind BIGINT NOT NULL,
    destination TEXT NOT NULL,
    amount BIGINT NOT NULL,
    fee BIGINT NOT NULL,
    value_btc BIGINT NOT NULL,
    state BIGINT NOT NULL DEFAULT 0,
    reason TEXT NOT NULL DEFAULT '',
    reviewed_by BIGINT,
    reviewed_at BIGINT,
    created_at BIGINT NOT NULL
);
CREATE INDEX withdraw_requests_user ON withdraw_requests(user_id, id);
CREATE INDEX withdraw_requests_state ON withdraw_requests(state, id);

CREATE TABLE account_transfers (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT NOT NULL REFERENCES users(id),
    currency BIGINT NOT NULL,
    amount BIGINT NOT NULL,
    from_account BIGINT NOT NULL,
    to_account BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX account_transfers_user ON account_transfers(user_id, id);

CREATE TABLE conversions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT NOT NULL REFERENCES users(id),
    from_currency BIGINT NOT NULL,
    to_currency BIGINT NOT NULL,
    amount BIGINT NOT NULL,
    fee BIGINT NOT NULL,
    received BIGINT NOT NULL,
    rate TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX conversions_user ON conversions(user_id, id);

CREATE TABLE verifications (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT NOT NULL REFERENCES users(id),
    level BIGINT NOT NULL,
    state BIGINT NOT NULL,
    id_type TEXT NOT NULL DEFAULT '',
    name TEXT NOT NULL DEFAULT '',
    card_id TEXT NOT NULL DEFAULT '',
    front_pic TEXT NOT NULL,
    reverse_pic TEXT NOT NULL,
    erc_address TEXT NOT NULL DEFAULT '',
    trc_address TEXT NOT NULL DEFAULT '',
    reason TEXT NOT NULL DEFAULT '',
    reviewed_by BIGINT,
    reviewed_at BIGINT,
    created_at BIGINT NOT NULL
);
CREATE INDEX verifications_user ON verifications(user_id, level, id);
CREATE INDEX verifications_state ON verifications(state, id);

CREATE TABLE wallet_addresses (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT NOT NULL REFERENCES users(id),
    currency BIGINT NOT NULL,
    name TEXT NOT NULL,
    address TEXT NOT NULL,
    qrcode TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX wallet_addresses_user ON wallet_addresses(user_id, id);

-- One domestic (kind 0) and one international (kind 1) card per user. Column names
-- follow the app's stored field names; the screens label them differently.
CREATE TABLE bank_cards (
    user_id BIGINT NOT NULL REFERENCES users(id),
    kind BIGINT NOT NULL,
    alipay_account TEXT NOT NULL,
    real_name TEXT NOT NULL,
    bank_account TEXT NOT NULL,
    bank_dizhi TEXT NOT NULL,
    bank_name TEXT NOT NULL,
    bank_network TEXT NOT NULL,
    swift_code TEXT NOT NULL,
    phone TEXT NOT NULL,
    wechat_account TEXT NOT NULL,
    wechat_nickname TEXT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, kind)
);
