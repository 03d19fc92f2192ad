-- Accounts that exist for the demo (the demo user, the demo traders) are marked,
-- so that admins tell them from people.
ALTER TABLE users ADD COLUMN demo BIGINT NOT NULL DEFAULT 0;
