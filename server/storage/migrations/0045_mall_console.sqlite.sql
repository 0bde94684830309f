-- the mall in the console (issue 45, server/domain/console/mall.ts): a category hidden from shoppers (1) keeps
-- its row and its products (orders point at them); its tab and its products leave the shoppers' lists. A special or
-- a gallery slide withdrawn (withdrawn_at ms) keeps its row; shoppers no longer see it. Specials in the operator's order.
-- PostgreSQL: 0045_mall_console.postgres.sql.
  ALTER TABLE mall_categories ADD COLUMN hidden INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE mall_specials ADD COLUMN sort INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE mall_specials ADD COLUMN withdrawn_at INTEGER;
  ALTER TABLE mall_gallery ADD COLUMN withdrawn_at INTEGER;
