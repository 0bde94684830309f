-- The mall's cart (issue 24): a shopper's lines, one per spec (adding the same spec again adds to its quantity),
-- kept on the server so weapp and H5 share them; a product can be taken off sale (the cart shows it greyed).
  CREATE TABLE cart_lines (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users(id),
    product_id INTEGER NOT NULL REFERENCES mall_products(id),
    spec_id INTEGER NOT NULL REFERENCES mall_specs(id),
    quantity INTEGER NOT NULL CHECK (quantity >= 1),
    added_at INTEGER NOT NULL,
    UNIQUE (user_id, spec_id)
  );
  ALTER TABLE mall_products ADD COLUMN on_sale INTEGER NOT NULL DEFAULT 1;
