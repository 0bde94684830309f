-- PostgreSQL's side of version 32: a card product the operator withdrew (npm run admin --
-- card-disable N) is off sale — no longer listed or sold; the cards bought stay as they are. Every product before was on sale.
ALTER TABLE card_products ADD COLUMN on_sale bigint NOT NULL DEFAULT 1 CHECK (on_sale IN (0, 1));
