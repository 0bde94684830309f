-- Sessions a shopper can see and end; consent records; refunds of late or duplicate payments;
-- unguessable upload names; at most one payment attached to an order (the paid-once guard).
  ALTER TABLE tokens ADD COLUMN created_at INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE tokens ADD COLUMN last_seen_at INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE tokens ADD COLUMN device TEXT NOT NULL DEFAULT '';
  CREATE INDEX tokens_user ON tokens(user_id);
  CREATE INDEX tokens_expiry ON tokens(expires_at);
  ALTER TABLE users ADD COLUMN privacy_version TEXT;
  ALTER TABLE users ADD COLUMN privacy_agreed_at TEXT;
  ALTER TABLE users ADD COLUMN deleted_at TEXT;
  CREATE INDEX payments_order ON payments(order_id);
  CREATE UNIQUE INDEX payments_one_paid ON payments(order_id) WHERE status = 'paid';
  CREATE TABLE refunds (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    refund_no TEXT NOT NULL UNIQUE,
    payment_id INTEGER NOT NULL UNIQUE REFERENCES payments(id),
    order_id INTEGER NOT NULL REFERENCES orders(id),
    amount INTEGER NOT NULL,
    reason TEXT NOT NULL,
    status TEXT NOT NULL,
    created_at TEXT NOT NULL,
    notified_at TEXT
  );
  ALTER TABLE uploads ADD COLUMN public_id TEXT;
  CREATE UNIQUE INDEX uploads_public ON uploads(public_id);
  CREATE INDEX sms_codes_created ON sms_codes(created_at);
