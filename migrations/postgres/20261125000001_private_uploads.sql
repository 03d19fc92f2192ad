-- Uploads are private unless made public (an avatar); private ones are served
-- through signed links whose key is kept here, made once per database.
ALTER TABLE uploads ADD COLUMN public BIGINT NOT NULL DEFAULT 0;
UPDATE uploads SET public = 1 WHERE '/uploads/' || name IN (SELECT head_portrait FROM users WHERE head_portrait IS NOT NULL);

CREATE TABLE site_secrets (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
