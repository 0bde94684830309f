-- The takeout order page (issue 39): PostgreSQL's side of version 31 — a refund request's detail
-- and photos beside its reason, and the shopper's rating of a finished takeout order (once per order).
CREATE TABLE refund_details (
  order_id bigint PRIMARY KEY REFERENCES orders(id),
  detail text,
  photos text NOT NULL DEFAULT '[]',
  at bigint NOT NULL
);
CREATE TABLE takeout_ratings (
  order_id bigint PRIMARY KEY REFERENCES orders(id),
  user_id bigint NOT NULL REFERENCES users(id),
  shop_id bigint NOT NULL REFERENCES shops(id),
  stars bigint NOT NULL CHECK (stars BETWEEN 1 AND 5),
  words text,
  created_at text NOT NULL
);
CREATE INDEX takeout_ratings_shop ON takeout_ratings(shop_id, created_at);
