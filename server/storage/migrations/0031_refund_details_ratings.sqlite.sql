-- the takeout order page (issue 39): a refund request's detail and photos beside its reason (one row per order, the
-- latest request's; server/domain/orders.ts requestRefund), and the shopper's rating of a finished takeout order
-- (once per order: its primary key; server/domain/takeout/rating.ts). PostgreSQL: 0031_refund_details_ratings.postgres.sql.
  CREATE TABLE refund_details (
    order_id INTEGER PRIMARY KEY REFERENCES orders(id),
    detail TEXT,
    photos TEXT NOT NULL DEFAULT '[]',
    at INTEGER NOT NULL
  );
  CREATE TABLE takeout_ratings (
    order_id INTEGER PRIMARY KEY REFERENCES orders(id),
    user_id INTEGER NOT NULL REFERENCES users(id),
    shop_id INTEGER NOT NULL REFERENCES shops(id),
    stars INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 5),
    words TEXT,
    created_at TEXT NOT NULL
  );
  CREATE INDEX takeout_ratings_shop ON takeout_ratings(shop_id, created_at);
