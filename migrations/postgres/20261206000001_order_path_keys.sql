-- Two links on the order path's inserts are checked by the audit instead of
-- per row. On PostgreSQL a foreign key is a trigger per inserted row that
-- looks the parent up and locks it FOR KEY SHARE: the journal is the largest
-- insert of a batch (two entries per order, more per fill; 1,000 entries took
-- 7.6 ms with the key and 3.3 ms without), and every order locked its owner's
-- users row. One market's orders/s at saturation went from 10,546 to 14,236
-- without the journal's key, and to 16,362 without both (docs/benchmarks.md,
-- "PostgreSQL's statements"). Each row is written by one code path (entries
-- right after their operation, in its transaction; an order for the signed-in
-- user), and `bourse audit` names any entry whose operation or order whose
-- user does not exist. SQLite keeps both keys: there a check is one lookup of
-- a page already in memory, and dropping one means rebuilding the table.
ALTER TABLE IF EXISTS ledger_journal DROP CONSTRAINT IF EXISTS ledger_journal_op_id_fkey;
ALTER TABLE IF EXISTS orders DROP CONSTRAINT IF EXISTS orders_user_id_fkey;
