-- a merchant runs their own shop (issue 44; server/domain/store/menu.ts, coupons.ts, changes.ts). The menu's
-- categories get rows of their own (ordered, renamed, deleted when empty; dishes.category keeps the name as before), from
-- the names the dishes had; a dish has a packing fee per piece, a daily stock (NULL: unlimited; sold counted per business
-- day in dish_stock_days) and is removed by a mark, never deleted — so its id, and its options', are never used again by
-- another dish (a shopper's cart holds ids). A shop's coupon is a value or a percentage with a cap (amount), has a
-- quantity (NULL: unlimited) and counts its claims, a per-person limit (the seq of each shopper's claims, unique: a race
-- claims once per place), a window (valid_from/valid_to, business days) or days from the claim (valid_days), and can be
-- stopped; a claimed coupon of a window starts at its first day (user_coupons.starts_at). Every change of the menu, the
-- delivery settings and the coupons is a row of shop_changes: who, when, what, before and after (JSON).
-- PostgreSQL: 0039_shop_menu_coupons.postgres.sql.
  CREATE TABLE dish_categories (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    shop_id INTEGER NOT NULL REFERENCES shops(id),
    name TEXT NOT NULL,
    sort INTEGER NOT NULL
  );
  CREATE INDEX dish_categories_shop ON dish_categories(shop_id, sort);
  INSERT INTO dish_categories (shop_id, name, sort)
    SELECT shop_id, category, MIN(sort * 1000 + id) FROM dishes GROUP BY shop_id, category ORDER BY shop_id, MIN(sort * 1000 + id);
  ALTER TABLE dishes ADD COLUMN category_id INTEGER REFERENCES dish_categories(id);
  UPDATE dishes SET category_id = (SELECT c.id FROM dish_categories c WHERE c.shop_id = dishes.shop_id AND c.name = dishes.category);
  ALTER TABLE dishes ADD COLUMN packing_fee INTEGER NOT NULL DEFAULT 0 CHECK (packing_fee >= 0);
  ALTER TABLE dishes ADD COLUMN daily_stock INTEGER CHECK (daily_stock IS NULL OR daily_stock > 0);
  ALTER TABLE dishes ADD COLUMN removed INTEGER NOT NULL DEFAULT 0 CHECK (removed IN (0, 1));
  ALTER TABLE dish_option_groups ADD COLUMN removed INTEGER NOT NULL DEFAULT 0 CHECK (removed IN (0, 1));
  ALTER TABLE dish_options ADD COLUMN removed INTEGER NOT NULL DEFAULT 0 CHECK (removed IN (0, 1));
  CREATE TABLE dish_stock_days (
    dish_id INTEGER NOT NULL REFERENCES dishes(id),
    day TEXT NOT NULL,
    sold INTEGER NOT NULL DEFAULT 0 CHECK (sold >= 0),
    PRIMARY KEY (dish_id, day)
  );
  ALTER TABLE coupons ADD COLUMN percent_off INTEGER CHECK (percent_off IS NULL OR percent_off BETWEEN 1 AND 90);
  ALTER TABLE coupons ADD COLUMN quantity INTEGER CHECK (quantity IS NULL OR quantity > 0);
  ALTER TABLE coupons ADD COLUMN claimed INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE coupons ADD COLUMN per_person INTEGER NOT NULL DEFAULT 1 CHECK (per_person >= 1);
  ALTER TABLE coupons ADD COLUMN valid_from TEXT;
  ALTER TABLE coupons ADD COLUMN valid_to TEXT;
  ALTER TABLE coupons ADD COLUMN stopped_at TEXT;
  ALTER TABLE coupons ADD COLUMN created_at TEXT;
  CREATE INDEX coupons_shop ON coupons(shop_id, id);
  ALTER TABLE user_coupons ADD COLUMN seq INTEGER NOT NULL DEFAULT 1;
  ALTER TABLE user_coupons ADD COLUMN starts_at TEXT;
  DROP INDEX user_coupons_one_each;
  CREATE UNIQUE INDEX user_coupons_each_seq ON user_coupons(user_id, coupon_id, seq);
  CREATE INDEX user_coupons_coupon ON user_coupons(coupon_id, status);
  CREATE TABLE shop_changes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    shop_id INTEGER NOT NULL REFERENCES shops(id),
    user_id INTEGER NOT NULL REFERENCES users(id),
    role TEXT NOT NULL CHECK (role IN ('owner', 'staff')),
    at TEXT NOT NULL,
    kind TEXT NOT NULL,
    subject TEXT NOT NULL,
    before TEXT,
    after TEXT
  );
  CREATE INDEX shop_changes_shop ON shop_changes(shop_id, id);
