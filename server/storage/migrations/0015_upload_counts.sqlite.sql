-- Uploads (issue 23): counted per shopper per business day from an index, never by reading the pictures' rows;
-- stored re-encoded (server/hosting/picture.ts). Rows from before hold the bytes as sent: re-encoded when first served.
  CREATE INDEX uploads_user_day ON uploads(user_id, created_at);
  ALTER TABLE uploads ADD COLUMN reencoded INTEGER NOT NULL DEFAULT 0;
