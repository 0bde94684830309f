-- Subscription messages of takeout orders (issue 25, server/domain/takeout/subscriptions.ts): a shopper's one-time consent per order
-- and template (the events its template covers, comma-separated; used_at ms once its one message is spent), and the
-- sandbox outbox of the messages WeChat would have been asked to send (data: the template's fields as JSON).
  CREATE TABLE takeout_subscriptions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users(id),
    order_id INTEGER NOT NULL REFERENCES orders(id),
    template_id TEXT NOT NULL,
    events TEXT NOT NULL,
    granted_at INTEGER NOT NULL,
    used_at INTEGER,
    UNIQUE (order_id, template_id)
  );
  CREATE TABLE sandbox_messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users(id),
    order_id INTEGER NOT NULL REFERENCES orders(id),
    touser TEXT,
    template_id TEXT NOT NULL,
    event TEXT NOT NULL,
    page TEXT NOT NULL,
    data TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX sandbox_messages_order ON sandbox_messages(order_id, id);
