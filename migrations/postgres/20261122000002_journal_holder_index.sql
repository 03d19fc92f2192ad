-- A holder's journal entries are listed newest first across all coins and
-- accounts, so the index the listing needs is (holder, id): it hands the page
-- over in order instead of sorting every entry of the holder. It also keeps a
-- holder's entries of all coins side by side, so a batch of orders rewrites
-- one index page per trader instead of one per trader, coin and account.
-- The audit sums the journal in one pass and needs neither index.
DROP INDEX ledger_journal_balance;
CREATE INDEX ledger_journal_holder ON ledger_journal(holder, id);
