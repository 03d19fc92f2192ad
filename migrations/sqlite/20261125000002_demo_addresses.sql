-- Deposit addresses the configuration did not name are demo addresses, derived
-- by the server in each network's format and marked so wherever they show. The
-- placeholders seeded before (not valid for their network) become demo ones,
-- which the server rewrites on start.
ALTER TABLE deposit_addresses ADD COLUMN demo BIGINT NOT NULL DEFAULT 0;
UPDATE deposit_addresses SET demo = 1 WHERE address LIKE '%demo0%' OR address LIKE 'bc1qbourse0demo%';
