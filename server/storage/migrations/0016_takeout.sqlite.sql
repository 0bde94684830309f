-- Takeout (issue 25): categories, each restaurant's settings (hours "10:00-14:00,17:00-02:00", radius, fee tiers
-- by distance as JSON [[up_to_m, fee]], packing fee, minimum order, pickup, preparation minutes, paused), dishes
-- with picture, words, sold-out state and order, option groups and options with prices; addresses with GCJ-02
-- coordinates (from the map pick, or the district centre the server ships); a takeout order's own state: how it
-- is delivered, its slot and promised time, when the acceptance timer counts from (set when paid, cleared when
-- it leaves 10), pickup number, rider, and updated_at (ms, every move: a change feed reads it).
  CREATE TABLE takeout_categories (id INTEGER PRIMARY KEY, name TEXT NOT NULL, name_en TEXT NOT NULL, icon TEXT NOT NULL, sort INTEGER NOT NULL);
  CREATE TABLE takeout_shops (
    shop_id INTEGER PRIMARY KEY REFERENCES shops(id),
    category_id INTEGER NOT NULL REFERENCES takeout_categories(id),
    hours TEXT NOT NULL,
    radius_m INTEGER NOT NULL CHECK (radius_m >= 0),
    fee_tiers TEXT NOT NULL,
    packing_fee INTEGER NOT NULL CHECK (packing_fee >= 0),
    min_order INTEGER NOT NULL CHECK (min_order >= 0),
    pickup INTEGER NOT NULL DEFAULT 0,
    prep_minutes INTEGER NOT NULL,
    monthly_sales INTEGER NOT NULL DEFAULT 0,
    paused INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX takeout_shops_category ON takeout_shops(category_id);
  ALTER TABLE dishes ADD COLUMN description TEXT NOT NULL DEFAULT '';
  ALTER TABLE dishes ADD COLUMN image TEXT NOT NULL DEFAULT '';
  ALTER TABLE dishes ADD COLUMN sold_out INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE dishes ADD COLUMN sort INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE dishes ADD COLUMN monthly_sales INTEGER NOT NULL DEFAULT 0;
  CREATE INDEX dishes_shop ON dishes(shop_id, sort);
  CREATE TABLE dish_option_groups (id INTEGER PRIMARY KEY, dish_id INTEGER NOT NULL REFERENCES dishes(id), name TEXT NOT NULL, required INTEGER NOT NULL, max_choices INTEGER NOT NULL CHECK (max_choices >= 1), sort INTEGER NOT NULL);
  CREATE INDEX dish_option_groups_dish ON dish_option_groups(dish_id, sort);
  CREATE TABLE dish_options (id INTEGER PRIMARY KEY, group_id INTEGER NOT NULL REFERENCES dish_option_groups(id), name TEXT NOT NULL, price INTEGER NOT NULL CHECK (price >= 0), sort INTEGER NOT NULL);
  CREATE INDEX dish_options_group ON dish_options(group_id, sort);
  ALTER TABLE addresses ADD COLUMN lat REAL;
  ALTER TABLE addresses ADD COLUMN lng REAL;
  ALTER TABLE addresses ADD COLUMN geo_source TEXT CHECK (geo_source IN ('map', 'district'));
  CREATE TABLE takeout_orders (
    order_id INTEGER PRIMARY KEY REFERENCES orders(id),
    shop_id INTEGER NOT NULL REFERENCES shops(id),
    mode TEXT NOT NULL CHECK (mode IN ('delivery', 'pickup')),
    scheduled_for TEXT,
    promised_at TEXT NOT NULL,
    opens_at INTEGER,
    accept_from INTEGER,
    pickup_no TEXT,
    rider_name TEXT,
    rider_phone TEXT,
    ready_at TEXT,
    dispatched_at INTEGER,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX takeout_orders_accept ON takeout_orders(accept_from) WHERE accept_from IS NOT NULL;
  CREATE INDEX takeout_orders_dispatched ON takeout_orders(dispatched_at) WHERE dispatched_at IS NOT NULL;
  CREATE INDEX takeout_orders_updated ON takeout_orders(updated_at);
