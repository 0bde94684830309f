-- PostgreSQL's side of version 33 (issue 39, the mall): the cart's ticks kept per line, and the English
-- names a merchant may give its products and dishes (what English searches find).
ALTER TABLE cart_lines ADD COLUMN checked bigint NOT NULL DEFAULT 1;
ALTER TABLE mall_products ADD COLUMN name_en text;
ALTER TABLE dishes ADD COLUMN name_en text;
