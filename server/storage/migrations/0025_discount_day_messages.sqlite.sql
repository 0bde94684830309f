-- Discount-day reminders as subscription messages (issue 26, server/domain/discountDay/discountDay.ts): sent_at (ms) once the message
-- of that morning was recorded; the sandbox outbox (sandbox_messages) also takes messages of no order (order_id null:
-- a discount day's) — SQLite cannot drop a NOT NULL, so the table is copied.
  ALTER TABLE discount_day_reminders ADD COLUMN sent_at INTEGER;
  CREATE TABLE sandbox_messages_copy (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users(id),
    order_id INTEGER REFERENCES orders(id),
    touser TEXT,
    template_id TEXT NOT NULL,
    event TEXT NOT NULL,
    page TEXT NOT NULL,
    data TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  INSERT INTO sandbox_messages_copy (id, user_id, order_id, touser, template_id, event, page, data, created_at)
    SELECT id, user_id, order_id, touser, template_id, event, page, data, created_at FROM sandbox_messages;
  DROP TABLE sandbox_messages;
  ALTER TABLE sandbox_messages_copy RENAME TO sandbox_messages;
  CREATE INDEX sandbox_messages_order ON sandbox_messages(order_id, id);
