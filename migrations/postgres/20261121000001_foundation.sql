-- Accounts, sessions, codes, uploads, content and notifications.
-- Times are integer milliseconds since the epoch; flags are integers (0/1) so the
-- same SQL reads alike on SQLite and PostgreSQL.

CREATE TABLE users (
    id BIGSERIAL PRIMARY KEY,
    email TEXT UNIQUE,
    mobile TEXT UNIQUE,
    area_code TEXT,
    password_hash TEXT NOT NULL,
    pay_password_hash TEXT,
    nickname TEXT NOT NULL,
    signature TEXT NOT NULL DEFAULT '',
    head_portrait TEXT NOT NULL DEFAULT '',
    invite_code TEXT NOT NULL UNIQUE,
    parent_id BIGINT REFERENCES users(id),
    credit_score BIGINT NOT NULL DEFAULT 100,
    role TEXT NOT NULL DEFAULT 'user',
    created_at BIGINT NOT NULL
);
CREATE INDEX users_parent ON users(parent_id);

CREATE TABLE tokens (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users(id),
    token_hash TEXT NOT NULL UNIQUE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    revoked_at BIGINT
);
CREATE INDEX tokens_user ON tokens(user_id);

CREATE TABLE codes (
    id BIGSERIAL PRIMARY KEY,
    address TEXT NOT NULL,
    code_hash TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    attempts BIGINT NOT NULL DEFAULT 0,
    used_at BIGINT
);
CREATE INDEX codes_address ON codes(address, id);

CREATE TABLE outbox (
    id BIGSERIAL PRIMARY KEY,
    to_addr TEXT NOT NULL,
    code TEXT NOT NULL,
    sent_at BIGINT NOT NULL
);
CREATE INDEX outbox_to ON outbox(to_addr, id);

CREATE TABLE uploads (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users(id),
    name TEXT NOT NULL UNIQUE,
    content_type TEXT NOT NULL,
    size BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);

CREATE TABLE settings (
    keyword TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

CREATE TABLE articles (
    id BIGSERIAL PRIMARY KEY,
    c_id BIGINT NOT NULL,
    lang TEXT NOT NULL,
    title TEXT NOT NULL,
    summary TEXT NOT NULL DEFAULT '',
    content TEXT NOT NULL DEFAULT '',
    thumbnail TEXT NOT NULL DEFAULT '',
    is_pop BIGINT NOT NULL DEFAULT 0,
    sort BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL
);
CREATE INDEX articles_list ON articles(c_id, lang, sort);

CREATE TABLE pages (
    slug TEXT NOT NULL,
    lang TEXT NOT NULL,
    title TEXT NOT NULL,
    content TEXT NOT NULL,
    PRIMARY KEY (slug, lang)
);

CREATE TABLE faqs (
    id BIGSERIAL PRIMARY KEY,
    lang TEXT NOT NULL,
    question TEXT NOT NULL,
    answer TEXT NOT NULL,
    sort BIGINT NOT NULL DEFAULT 0
);

CREATE TABLE notifications (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users(id),
    title TEXT NOT NULL,
    content TEXT NOT NULL,
    is_red BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL
);
CREATE INDEX notifications_user ON notifications(user_id, id);

CREATE TABLE rebates (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users(id),
    from_user_id BIGINT NOT NULL REFERENCES users(id),
    currency TEXT NOT NULL,
    amount BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX rebates_user ON rebates(user_id, id);
