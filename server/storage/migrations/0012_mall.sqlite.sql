-- The micro mall (issue 14): categories, products sold and shipped by a store (pickup there where allowed),
-- specs each with its price, member price and stock (the stock check and the decrement are one statement),
-- specials (a themed collection with a banner) and the gallery's slides.
  CREATE TABLE mall_categories (id INTEGER PRIMARY KEY, name TEXT NOT NULL, icon TEXT NOT NULL, sort INTEGER NOT NULL);
  CREATE TABLE mall_products (
    id INTEGER PRIMARY KEY,
    category_id INTEGER NOT NULL REFERENCES mall_categories(id),
    shop_id INTEGER NOT NULL REFERENCES shops(id),
    name TEXT NOT NULL,
    subtitle TEXT NOT NULL,
    image TEXT NOT NULL,
    images TEXT NOT NULL,
    description TEXT NOT NULL,
    list_price INTEGER NOT NULL,
    limit_per_order INTEGER NOT NULL CHECK (limit_per_order >= 1),
    pickup INTEGER NOT NULL DEFAULT 0,
    shipping_fee INTEGER NOT NULL DEFAULT 0,
    sort INTEGER NOT NULL
  );
  CREATE INDEX mall_products_category ON mall_products(category_id, sort);
  CREATE TABLE mall_specs (
    id INTEGER PRIMARY KEY,
    product_id INTEGER NOT NULL REFERENCES mall_products(id),
    name TEXT NOT NULL,
    price INTEGER NOT NULL CHECK (price > 0),
    member_price INTEGER NOT NULL CHECK (member_price > 0),
    stock INTEGER NOT NULL CHECK (stock >= 0),
    total_stock INTEGER NOT NULL,
    sort INTEGER NOT NULL
  );
  CREATE INDEX mall_specs_product ON mall_specs(product_id, sort);
  CREATE TABLE mall_specials (id INTEGER PRIMARY KEY, title TEXT NOT NULL, subtitle TEXT NOT NULL, banner TEXT NOT NULL);
  CREATE TABLE mall_special_products (special_id INTEGER NOT NULL REFERENCES mall_specials(id), product_id INTEGER NOT NULL REFERENCES mall_products(id), sort INTEGER NOT NULL, PRIMARY KEY (special_id, product_id));
  CREATE TABLE mall_gallery (id INTEGER PRIMARY KEY, image TEXT NOT NULL, title TEXT NOT NULL, subtitle TEXT NOT NULL, link_type TEXT NOT NULL CHECK (link_type IN ('product', 'special')), link_id INTEGER NOT NULL, sort INTEGER NOT NULL);
  -- A mall order names its spec (a flash-sale order has none) and how it is delivered: shipped or picked up.
  ALTER TABLE orders ADD COLUMN spec_id INTEGER REFERENCES mall_specs(id);
  ALTER TABLE orders ADD COLUMN delivery TEXT CHECK (delivery IN ('ship', 'pickup'));
