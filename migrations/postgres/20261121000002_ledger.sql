-- The double-entry ledger. Holder 0 is the system; amounts are 10^-8 units.

CREATE TABLE balances (
    holder BIGINT NOT NULL,
    currency BIGINT NOT NULL,
    account BIGINT NOT NULL,
    available BIGINT NOT NULL DEFAULT 0,
    frozen BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (holder, currency, account)
);

CREATE TABLE ledger_operations (
    id BIGSERIAL PRIMARY KEY,
    idem_key TEXT NOT NULL UNIQUE,
    reason TEXT NOT NULL,
    ref_type TEXT NOT NULL,
    ref_id BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);

CREATE TABLE ledger_journal (
    id BIGSERIAL PRIMARY KEY,
    op_id BIGINT NOT NULL REFERENCES ledger_operations(id),
    holder BIGINT NOT NULL,
    currency BIGINT NOT NULL,
    account BIGINT NOT NULL,
    bucket BIGINT NOT NULL,
    amount BIGINT NOT NULL,
    balance_after BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX ledger_journal_balance ON ledger_journal(holder, currency, account, id);
CREATE INDEX ledger_journal_op ON ledger_journal(op_id);
