-- The mall in the console (issue 45): PostgreSQL's side of version 45 — a category hidden
-- from shoppers (1) keeps its row and its products; its tab and its products leave the shoppers' lists. A special or a
-- gallery slide withdrawn (withdrawn_at ms) keeps its row; shoppers no longer see it. Specials in the operator's order.
ALTER TABLE mall_categories ADD COLUMN hidden bigint NOT NULL DEFAULT 0;
ALTER TABLE mall_specials ADD COLUMN sort bigint NOT NULL DEFAULT 0;
ALTER TABLE mall_specials ADD COLUMN withdrawn_at bigint;
ALTER TABLE mall_gallery ADD COLUMN withdrawn_at bigint;
