-- What a user sees of each signed-in session: the browser and system it came
-- from (its user agent, cut short), the network it came from (the address made
-- coarse before it is stored: the last part of IPv4, all but the first three
-- groups of IPv6), and when it was last used (written at most once a minute).
ALTER TABLE tokens ADD COLUMN user_agent TEXT NOT NULL DEFAULT '';
ALTER TABLE tokens ADD COLUMN ip TEXT NOT NULL DEFAULT '';
ALTER TABLE tokens ADD COLUMN last_seen_at BIGINT;
