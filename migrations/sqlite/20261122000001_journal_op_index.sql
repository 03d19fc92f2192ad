-- Nothing looks journal entries up by their operation (listings go from an
-- entry to its operation, through the operation's key), and operations are
-- never deleted, so this index was only written: one more B-tree insert for
-- every entry of every posting, on the path every order takes.
DROP INDEX ledger_journal_op;
