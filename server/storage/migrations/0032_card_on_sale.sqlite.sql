-- a card product the operator withdrew (issue 40, `npm run admin -- card-disable N`): off sale — no longer listed or
-- sold; the cards bought stay as they are. Every product before was on sale.
ALTER TABLE card_products ADD COLUMN on_sale INTEGER NOT NULL DEFAULT 1 CHECK (on_sale IN (0, 1));
