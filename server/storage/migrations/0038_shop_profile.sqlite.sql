-- the shop's profile (issue 44, server/domain/store/profile.ts): its district (the address's; '' for shops from before),
-- the week's hours as JSON (7 days, Monday first, each [{open, close}]; NULL: only the older free-text `hours`), closed
-- dates as JSON ["YYYY-MM-DD"], photos in order as JSON (the cover stays `image`), the introduction as the allow-list
-- left it (NULL: only the older plain `intro`); and the names owners asked for, waiting for the operator (one pending a
-- shop; times ms on the server's clock). PostgreSQL: 0038_shop_profile.postgres.sql.
  ALTER TABLE shops ADD COLUMN district TEXT NOT NULL DEFAULT '';
  ALTER TABLE shops ADD COLUMN week_hours TEXT;
  ALTER TABLE shops ADD COLUMN closed_dates TEXT NOT NULL DEFAULT '[]';
  ALTER TABLE shops ADD COLUMN photos TEXT NOT NULL DEFAULT '[]';
  ALTER TABLE shops ADD COLUMN intro_html TEXT;
  CREATE TABLE shop_name_reviews (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    shop_id INTEGER NOT NULL REFERENCES shops(id),
    name TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected', 'withdrawn')),
    requested_by INTEGER NOT NULL REFERENCES users(id),
    requested_at INTEGER NOT NULL,
    decided_at INTEGER,
    reason TEXT
  );
  CREATE UNIQUE INDEX shop_name_reviews_pending ON shop_name_reviews(shop_id) WHERE status = 'pending';
  CREATE INDEX shop_name_reviews_shop ON shop_name_reviews(shop_id, id);
