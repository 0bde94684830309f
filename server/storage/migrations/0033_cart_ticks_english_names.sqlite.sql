-- issue 39, the mall. The cart's ticks kept per line (checked: 1 ticked, 0 not; a line arrives ticked, and the ticks stay
-- within one store: server/http/routes/cart.ts), so both targets show the same choice. English names a merchant may
-- give its products and dishes beside the names it writes (name_en; null: none) — what English searches find
-- (docs/decisions/2026-12-06-english-names-of-goods.md).
  ALTER TABLE cart_lines ADD COLUMN checked INTEGER NOT NULL DEFAULT 1;
  ALTER TABLE mall_products ADD COLUMN name_en TEXT;
  ALTER TABLE dishes ADD COLUMN name_en TEXT;
