-- The store's side (issue 12): staff (one store per user), every store action on an order (who, when,
-- why; by_user_id NULL = the timer or the provider), the time a refund was asked (the automatic approval
-- counts from it), the reason a refused request was refused (the shopper reads it), the store a flash-sale
-- product is collected at (its orders belong to that store), and a per-card secret for the till code.
  CREATE TABLE store_staff (
    user_id INTEGER PRIMARY KEY REFERENCES users(id),
    shop_id INTEGER NOT NULL REFERENCES shops(id),
    created_at TEXT NOT NULL
  );
  CREATE INDEX store_staff_shop ON store_staff(shop_id);
  CREATE TABLE order_actions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    order_id INTEGER NOT NULL REFERENCES orders(id),
    action TEXT NOT NULL,
    by_user_id INTEGER REFERENCES users(id),
    reason TEXT,
    at TEXT NOT NULL
  );
  CREATE INDEX order_actions_order ON order_actions(order_id, id);
  ALTER TABLE orders ADD COLUMN refund_requested_at INTEGER;
  ALTER TABLE orders ADD COLUMN refund_rejection TEXT;
  ALTER TABLE orders ADD COLUMN refund_rejected_at TEXT;
  UPDATE orders SET refund_requested_at = CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) WHERE status = 60;
  CREATE INDEX orders_refund_due ON orders(status, refund_requested_at);
  CREATE INDEX orders_shop ON orders(shop_id, status, id);
  CREATE INDEX orders_verify_code ON orders(verify_code);
  ALTER TABLE seckill_products ADD COLUMN pickup_shop_id INTEGER REFERENCES shops(id);
  UPDATE seckill_products SET pickup_shop_id = (SELECT id FROM shops WHERE id = 8);
  UPDATE orders SET shop_id = (SELECT p.pickup_shop_id FROM seckill_products p WHERE p.id = orders.ref_id) WHERE kind = 'product' AND shop_id IS NULL;
  ALTER TABLE user_cards ADD COLUMN secret TEXT;
  UPDATE user_cards SET secret = lower(hex(randomblob(20)));
