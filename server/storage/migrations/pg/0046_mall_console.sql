-- The mall in the console (issue 45): the PostgreSQL twin of server/storage/db.ts MIGRATIONS 46 — a category hidden
-- from shoppers (1) keeps its row and its products; its tab and its products leave the shoppers' lists.
ALTER TABLE mall_categories ADD COLUMN hidden bigint NOT NULL DEFAULT 0;
