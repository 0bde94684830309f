-- the console's content (issue 45, server/domain/console/content/): a flash-sale product taken off sale keeps its
-- row (orders and comments point at it) with withdrawn_at ms; fuel price changes an operator states (price in fen per
-- litre from an instant, ms on the server's clock — now or later; cancelled_at ms or NULL while it stands), read beside
-- oil_price_history's business-day rows: the price in force is the one that took effect last.
-- PostgreSQL: 0043_console_content.postgres.sql.
  ALTER TABLE seckill_products ADD COLUMN withdrawn_at INTEGER;
  CREATE TABLE oil_price_changes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    shop_id INTEGER NOT NULL,
    grade TEXT NOT NULL,
    price INTEGER NOT NULL CHECK (price > 0),
    effective_at INTEGER NOT NULL,
    created_by INTEGER REFERENCES operators(id),
    created_at INTEGER NOT NULL,
    cancelled_at INTEGER,
    FOREIGN KEY (shop_id, grade) REFERENCES oil_grades(shop_id, grade)
  );
  CREATE INDEX oil_price_changes_grade ON oil_price_changes(shop_id, grade, effective_at);
