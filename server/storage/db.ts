import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'

export type DB = Database.Database

/**
 * Migrations run in order on start; each runs once (user_version). All other SQL lives in the
 * repositories (server/storage/repo/*).
 *
 * This is SQLite, not a portable layer. What a PostgreSQL port would have to change:
 * - better-sqlite3 is synchronous and `tx` runs a synchronous callback: the repositories would become
 *   async and `tx` would hold one pooled client for the callback's awaits.
 * - `tx` is BEGIN IMMEDIATE (the whole database's write lock); the check-then-write code (money, stock,
 *   login codes) would need `SELECT … FOR UPDATE` on the rows it checks, or SERIALIZABLE with retries.
 * - inserts read `lastInsertRowid`: PostgreSQL needs `INSERT … RETURNING id`.
 * - SQLite error codes (SQLITE_CONSTRAINT_UNIQUE, SQLITE_BUSY) are matched by name in the repositories and the
 *   error handler.
 * - times are text ('YYYY-MM-DD HH:mm:ss', compared as strings) or epoch-ms integers, `datetime` nowhere;
 *   PostgreSQL would want timestamptz; `INTEGER PRIMARY KEY AUTOINCREMENT` would be identity columns.
 * - the partial unique index (payments_one_paid) and `LIKE … ESCAPE` carry over; `PRAGMA user_version`,
 *   `CREATE TEMP TABLE … AS` in migration 5 and the WAL/busy_timeout pragmas do not.
 */
/** Where the SQLite database lives when DB_PATH does not say (the server's config and `npm run db:copy`). */
export const DEFAULT_DB_PATH = './data/onecard.sqlite'

export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE users (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    phone TEXT NOT NULL UNIQUE,
    nickname TEXT NOT NULL,
    avatar TEXT NOT NULL,
    referrer_id INTEGER REFERENCES users(id),
    wx_openid TEXT,
    gzh_openid TEXT,
    created_at TEXT NOT NULL
  );
  CREATE TABLE tokens (
    hash TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    expires_at INTEGER NOT NULL
  );
  CREATE TABLE sms_codes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    phone TEXT NOT NULL,
    scene TEXT NOT NULL,
    code TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    used INTEGER NOT NULL DEFAULT 0,
    attempts INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX sms_codes_phone ON sms_codes(phone, created_at);
  CREATE TABLE cities (id INTEGER PRIMARY KEY, name TEXT NOT NULL, pinyin TEXT NOT NULL, hot INTEGER NOT NULL DEFAULT 0);
  CREATE TABLE business_classes (id INTEGER PRIMARY KEY, name TEXT NOT NULL, icon TEXT NOT NULL, sort INTEGER NOT NULL);
  CREATE TABLE shops (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    class_id INTEGER NOT NULL REFERENCES business_classes(id),
    city_id INTEGER NOT NULL REFERENCES cities(id),
    address TEXT NOT NULL,
    lat REAL NOT NULL,
    lng REAL NOT NULL,
    phone TEXT NOT NULL,
    hours TEXT NOT NULL,
    rating REAL NOT NULL,
    discount_rate INTEGER NOT NULL,
    image TEXT NOT NULL,
    intro TEXT NOT NULL,
    is_oil INTEGER NOT NULL DEFAULT 0,
    delivery_fee INTEGER NOT NULL DEFAULT 0,
    packing_fee INTEGER NOT NULL DEFAULT 0,
    min_order INTEGER NOT NULL DEFAULT 0
  );
  CREATE TABLE oil_prices (shop_id INTEGER NOT NULL REFERENCES shops(id), grade TEXT NOT NULL, price INTEGER NOT NULL, PRIMARY KEY (shop_id, grade));
  CREATE TABLE dishes (id INTEGER PRIMARY KEY, shop_id INTEGER NOT NULL REFERENCES shops(id), category TEXT NOT NULL, name TEXT NOT NULL, price INTEGER NOT NULL);
  CREATE TABLE card_products (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    level INTEGER NOT NULL,
    price INTEGER NOT NULL,
    days INTEGER NOT NULL,
    member_rate INTEGER NOT NULL,
    benefits TEXT NOT NULL
  );
  CREATE TABLE user_cards (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users(id),
    card_product_id INTEGER NOT NULL REFERENCES card_products(id),
    card_no TEXT NOT NULL UNIQUE,
    start_at TEXT NOT NULL,
    end_at TEXT NOT NULL,
    order_id INTEGER NOT NULL UNIQUE
  );
  CREATE TABLE coupons (
    id INTEGER PRIMARY KEY,
    title TEXT NOT NULL,
    amount INTEGER NOT NULL,
    min_spend INTEGER NOT NULL,
    shop_id INTEGER REFERENCES shops(id),
    kind TEXT,
    valid_days INTEGER NOT NULL
  );
  CREATE TABLE user_coupons (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users(id),
    coupon_id INTEGER NOT NULL REFERENCES coupons(id),
    status TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    order_id INTEGER
  );
  CREATE TABLE seckill_sessions (id INTEGER PRIMARY KEY, title TEXT NOT NULL, start_time TEXT NOT NULL, end_time TEXT NOT NULL);
  CREATE TABLE seckill_products (
    id INTEGER PRIMARY KEY,
    session_id INTEGER NOT NULL REFERENCES seckill_sessions(id),
    name TEXT NOT NULL,
    image TEXT NOT NULL,
    price INTEGER NOT NULL,
    original_price INTEGER NOT NULL,
    stock INTEGER NOT NULL CHECK (stock >= 0),
    total_stock INTEGER NOT NULL,
    limit_per_user INTEGER NOT NULL,
    rules TEXT NOT NULL
  );
  CREATE TABLE comments (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    shop_id INTEGER REFERENCES shops(id),
    product_id INTEGER REFERENCES seckill_products(id),
    nickname TEXT NOT NULL,
    avatar TEXT NOT NULL,
    rating INTEGER NOT NULL,
    content TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE TABLE orders (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    order_no TEXT NOT NULL UNIQUE,
    user_id INTEGER NOT NULL REFERENCES users(id),
    kind TEXT NOT NULL,
    title TEXT NOT NULL,
    shop_id INTEGER REFERENCES shops(id),
    ref_id INTEGER,
    quantity INTEGER NOT NULL DEFAULT 1,
    status INTEGER NOT NULL,
    original_amount INTEGER NOT NULL,
    discount_amount INTEGER NOT NULL,
    member_discount_amount INTEGER NOT NULL,
    coupon_amount INTEGER NOT NULL,
    fee_amount INTEGER NOT NULL,
    pay_amount INTEGER NOT NULL,
    user_coupon_id INTEGER REFERENCES user_coupons(id),
    client_request_id TEXT NOT NULL,
    detail TEXT NOT NULL,
    verify_code TEXT NOT NULL,
    refund_reason TEXT,
    create_time TEXT NOT NULL,
    pay_time TEXT,
    expire_at INTEGER NOT NULL,
    UNIQUE (user_id, client_request_id)
  );
  CREATE INDEX orders_user ON orders(user_id, id);
  CREATE TABLE payments (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    order_id INTEGER NOT NULL REFERENCES orders(id),
    trade_no TEXT NOT NULL UNIQUE,
    channel INTEGER NOT NULL,
    amount INTEGER NOT NULL,
    status TEXT NOT NULL,
    success_url TEXT,
    fail_url TEXT,
    notified_at TEXT
  );
  CREATE TABLE qr_numbers (number TEXT PRIMARY KEY, url TEXT NOT NULL);
  CREATE TABLE uploads (id INTEGER PRIMARY KEY AUTOINCREMENT, user_id INTEGER NOT NULL, name TEXT NOT NULL, mime TEXT NOT NULL, data BLOB NOT NULL, created_at TEXT NOT NULL);
  `,
  // The unpaid-order sweep runs before order reads: find expired unpaid orders without a scan.
  `CREATE INDEX orders_unpaid_expiry ON orders(status, expire_at);`,
  `
  CREATE TABLE addresses (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users(id),
    name TEXT NOT NULL,
    mobile TEXT NOT NULL,
    province TEXT NOT NULL,
    city TEXT NOT NULL,
    district TEXT NOT NULL,
    detail TEXT NOT NULL,
    is_default INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL
  );
  CREATE INDEX addresses_user ON addresses(user_id);
  `,
  // Sessions a shopper can see and end; consent records; refunds of late or duplicate payments;
  // unguessable upload names; at most one payment attached to an order (the paid-once guard).
  `
  ALTER TABLE tokens ADD COLUMN created_at INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE tokens ADD COLUMN last_seen_at INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE tokens ADD COLUMN device TEXT NOT NULL DEFAULT '';
  CREATE INDEX tokens_user ON tokens(user_id);
  CREATE INDEX tokens_expiry ON tokens(expires_at);
  ALTER TABLE users ADD COLUMN privacy_version TEXT;
  ALTER TABLE users ADD COLUMN privacy_agreed_at TEXT;
  ALTER TABLE users ADD COLUMN deleted_at TEXT;
  CREATE INDEX payments_order ON payments(order_id);
  CREATE UNIQUE INDEX payments_one_paid ON payments(order_id) WHERE status = 'paid';
  CREATE TABLE refunds (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    refund_no TEXT NOT NULL UNIQUE,
    payment_id INTEGER NOT NULL UNIQUE REFERENCES payments(id),
    order_id INTEGER NOT NULL REFERENCES orders(id),
    amount INTEGER NOT NULL,
    reason TEXT NOT NULL,
    status TEXT NOT NULL,
    created_at TEXT NOT NULL,
    notified_at TEXT
  );
  ALTER TABLE uploads ADD COLUMN public_id TEXT;
  CREATE UNIQUE INDEX uploads_public ON uploads(public_id);
  CREATE INDEX sms_codes_created ON sms_codes(created_at);
  `,
  // One of each coupon per shopper, kept by the database (a claim cannot double under any engine or any
  // number of processes). Duplicates from before are merged first: per shopper and coupon the row that
  // went furthest (used, then locked, then available, then the oldest) stays, orders that pointed at a
  // merged row point at it, the others go. Amounts on orders are untouched.
  `
  CREATE TEMP TABLE coupon_keep AS
    SELECT uc.id, (SELECT k.id FROM user_coupons k WHERE k.user_id = uc.user_id AND k.coupon_id = uc.coupon_id
      ORDER BY CASE k.status WHEN 'used' THEN 0 WHEN 'locked' THEN 1 WHEN 'available' THEN 2 ELSE 3 END, k.id LIMIT 1) AS keep_id
    FROM user_coupons uc;
  UPDATE orders SET user_coupon_id = (SELECT keep_id FROM coupon_keep WHERE coupon_keep.id = orders.user_coupon_id)
    WHERE user_coupon_id IN (SELECT id FROM coupon_keep WHERE keep_id <> id);
  DELETE FROM user_coupons WHERE id IN (SELECT id FROM coupon_keep WHERE keep_id <> id);
  DROP TABLE coupon_keep;
  CREATE UNIQUE INDEX user_coupons_one_each ON user_coupons(user_id, coupon_id);
  `,
  // Flash-sale sessions recur every business day: a session is minutes after the day's midnight (more
  // than 1440: the next day), made into times when read. The sessions seeded before were pinned to the
  // day the database was made; their minutes count from that day's midnight.
  `
  ALTER TABLE seckill_sessions ADD COLUMN start_minute INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE seckill_sessions ADD COLUMN end_minute INTEGER NOT NULL DEFAULT 0;
  UPDATE seckill_sessions SET
    start_minute = CAST(round((julianday(start_time) - julianday(date((SELECT MIN(start_time) FROM seckill_sessions)))) * 1440) AS INTEGER),
    end_minute = CAST(round((julianday(end_time) - julianday(date((SELECT MIN(start_time) FROM seckill_sessions)))) * 1440) AS INTEGER);
  ALTER TABLE seckill_sessions DROP COLUMN start_time;
  ALTER TABLE seckill_sessions DROP COLUMN end_time;
  `,
  // A refund request remembers the status it came from (a refused request goes back to it); a card ended by
  // an upgrade names the card that replaced it.
  `
  ALTER TABLE orders ADD COLUMN refund_from INTEGER;
  ALTER TABLE user_cards ADD COLUMN replaced_by INTEGER;
  `,
  // The store's side (issue 12): staff (one store per user), every store action on an order (who, when,
  // why; by_user_id NULL = the timer or the provider), the time a refund was asked (the automatic approval
  // counts from it), the reason a refused request was refused (the shopper reads it), the store a flash-sale
  // product is collected at (its orders belong to that store), and a per-card secret for the till code.
  `
  CREATE TABLE store_staff (
    user_id INTEGER PRIMARY KEY REFERENCES users(id),
    shop_id INTEGER NOT NULL REFERENCES shops(id),
    created_at TEXT NOT NULL
  );
  CREATE INDEX store_staff_shop ON store_staff(shop_id);
  CREATE TABLE order_actions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    order_id INTEGER NOT NULL REFERENCES orders(id),
    action TEXT NOT NULL,
    by_user_id INTEGER REFERENCES users(id),
    reason TEXT,
    at TEXT NOT NULL
  );
  CREATE INDEX order_actions_order ON order_actions(order_id, id);
  ALTER TABLE orders ADD COLUMN refund_requested_at INTEGER;
  ALTER TABLE orders ADD COLUMN refund_rejection TEXT;
  ALTER TABLE orders ADD COLUMN refund_rejected_at TEXT;
  UPDATE orders SET refund_requested_at = CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) WHERE status = 60;
  CREATE INDEX orders_refund_due ON orders(status, refund_requested_at);
  CREATE INDEX orders_shop ON orders(shop_id, status, id);
  CREATE INDEX orders_verify_code ON orders(verify_code);
  ALTER TABLE seckill_products ADD COLUMN pickup_shop_id INTEGER REFERENCES shops(id);
  UPDATE seckill_products SET pickup_shop_id = (SELECT id FROM shops WHERE id = 8);
  UPDATE orders SET shop_id = (SELECT p.pickup_shop_id FROM seckill_products p WHERE p.id = orders.ref_id) WHERE kind = 'product' AND shop_id IS NULL;
  ALTER TABLE user_cards ADD COLUMN secret TEXT;
  UPDATE user_cards SET secret = lower(hex(randomblob(20)));
  `,
  // What a create request asked for (a hash of its payload), so the same client_request_id with another
  // payload is refused instead of answered with the first order. Older orders have none (not compared).
  `
  ALTER TABLE orders ADD COLUMN request_hash TEXT;
  `,
  // Where each city is (its centre, GCJ-02): website.hui_china_city/locate finds the nearest one. A city
  // without coordinates is never the answer. The demo cities of a database seeded before get theirs here.
  `
  ALTER TABLE cities ADD COLUMN lat REAL;
  ALTER TABLE cities ADD COLUMN lng REAL;
  UPDATE cities SET lat = 22.5431, lng = 114.0579 WHERE id = 1 AND name = '深圳';
  UPDATE cities SET lat = 23.1291, lng = 113.2644 WHERE id = 2 AND name = '广州';
  UPDATE cities SET lat = 31.2304, lng = 121.4737 WHERE id = 3 AND name = '上海';
  UPDATE cities SET lat = 39.9042, lng = 116.4074 WHERE id = 4 AND name = '北京';
  UPDATE cities SET lat = 30.2741, lng = 120.1551 WHERE id = 5 AND name = '杭州';
  UPDATE cities SET lat = 30.5728, lng = 104.0668 WHERE id = 6 AND name = '成都';
  UPDATE cities SET lat = 23.0207, lng = 113.7518 WHERE id = 7 AND name = '东莞';
  UPDATE cities SET lat = 23.0215, lng = 113.1214 WHERE id = 8 AND name = '佛山';
  `,
  // Fuel (issue 13): a station's facts (brand; open hours are the shop's), its own pump numbers, the grades it
  // offers, and prices with the business day they apply from (history and scheduled changes: the price in
  // force is the latest effective_from on or before the business day). The one-price-per-grade table goes;
  // its prices apply from long ago.
  `
  CREATE TABLE oil_stations (shop_id INTEGER PRIMARY KEY REFERENCES shops(id), brand TEXT NOT NULL);
  CREATE TABLE oil_pumps (shop_id INTEGER NOT NULL REFERENCES oil_stations(shop_id), pump_no INTEGER NOT NULL, PRIMARY KEY (shop_id, pump_no));
  CREATE TABLE oil_grades (shop_id INTEGER NOT NULL REFERENCES oil_stations(shop_id), grade TEXT NOT NULL, sort INTEGER NOT NULL, PRIMARY KEY (shop_id, grade));
  CREATE TABLE oil_price_history (
    shop_id INTEGER NOT NULL,
    grade TEXT NOT NULL,
    price INTEGER NOT NULL CHECK (price > 0),
    effective_from TEXT NOT NULL,
    PRIMARY KEY (shop_id, grade, effective_from),
    FOREIGN KEY (shop_id, grade) REFERENCES oil_grades(shop_id, grade)
  );
  INSERT INTO oil_stations (shop_id, brand) SELECT id, CASE WHEN name LIKE '中石油%' THEN '中国石油' ELSE '中国石化' END FROM shops WHERE is_oil = 1;
  INSERT INTO oil_grades (shop_id, grade, sort) SELECT shop_id, grade, CASE grade WHEN '92#' THEN 1 WHEN '95#' THEN 2 WHEN '98#' THEN 3 ELSE 4 END FROM oil_prices WHERE shop_id IN (SELECT shop_id FROM oil_stations);
  INSERT INTO oil_price_history (shop_id, grade, price, effective_from) SELECT shop_id, grade, price, '2000-01-01' FROM oil_prices WHERE shop_id IN (SELECT shop_id FROM oil_stations);
  DROP TABLE oil_prices;
  `,
  // The micro mall (issue 14): categories, products sold and shipped by a store (pickup there where allowed),
  // specs each with its price, member price and stock (the stock check and the decrement are one statement),
  // specials (a themed collection with a banner) and the gallery's slides.
  `
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
  `,
  // Parcels (issue 14): a shipped mall order's carrier and tracking number, when it went out (ms, on the
  // carrier's clock) and who shipped it; its tracking events stored as they come due (server/domain/shipping.ts).
  `
  CREATE TABLE shipments (
    order_id INTEGER PRIMARY KEY REFERENCES orders(id),
    carrier TEXT NOT NULL,
    tracking_no TEXT NOT NULL,
    shipped_at INTEGER NOT NULL,
    shipped_by INTEGER REFERENCES users(id)
  );
  CREATE TABLE parcel_events (
    order_id INTEGER NOT NULL REFERENCES shipments(order_id),
    state TEXT NOT NULL,
    at INTEGER NOT NULL,
    PRIMARY KEY (order_id, state)
  );
  `,
  // Member cards checked at the till (issue 23): every store_card/check, who (staff member and store), which card
  // (null: the code named no card), when (ms, server clock) and what it answered. Failed checks ('invalid') are
  // counted per staff account and per card (partial indexes) to limit guessing (server/domain/store/tillChecks.ts).
  `
  CREATE TABLE till_checks (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    staff_user_id INTEGER NOT NULL REFERENCES users(id),
    shop_id INTEGER NOT NULL REFERENCES shops(id),
    card_id INTEGER,
    result TEXT NOT NULL CHECK (result IN ('valid', 'suspended', 'expired', 'invalid', 'refused')),
    at INTEGER NOT NULL
  );
  CREATE INDEX till_checks_shop ON till_checks(shop_id, id);
  CREATE INDEX till_checks_card ON till_checks(card_id, id);
  CREATE INDEX till_checks_staff_failed ON till_checks(staff_user_id, at) WHERE result = 'invalid';
  CREATE INDEX till_checks_card_failed ON till_checks(card_id, shop_id, at) WHERE result = 'invalid';
  `,
  // Uploads (issue 23): counted per shopper per business day from an index, never by reading the pictures' rows;
  // stored re-encoded (server/hosting/picture.ts). Rows from before hold the bytes as sent: re-encoded when first served.
  `
  CREATE INDEX uploads_user_day ON uploads(user_id, created_at);
  ALTER TABLE uploads ADD COLUMN reencoded INTEGER NOT NULL DEFAULT 0;
  `,
  // Takeout (issue 25): categories, each restaurant's settings (hours "10:00-14:00,17:00-02:00", radius, fee tiers
  // by distance as JSON [[up_to_m, fee]], packing fee, minimum order, pickup, preparation minutes, paused), dishes
  // with picture, words, sold-out state and order, option groups and options with prices; addresses with GCJ-02
  // coordinates (from the map pick, or the district centre the server ships); a takeout order's own state: how it
  // is delivered, its slot and promised time, when the acceptance timer counts from (set when paid, cleared when
  // it leaves 10), pickup number, rider, and updated_at (ms, every move: a change feed reads it).
  `
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
  `,
  // The mall's cart (issue 24): a shopper's lines, one per spec (adding the same spec again adds to its quantity),
  // kept on the server so weapp and H5 share them; a product can be taken off sale (the cart shows it greyed).
  `
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
  `,
  // The server's settings shared by every process on the file (issue 27): today the sandbox's clock offsets
  // (server/time.ts: clock_offset_ms, carrier_offset_ms; values are text).
  `
  CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  `,
  // Subscription messages of takeout orders (issue 25, server/domain/takeout/subscriptions.ts): a shopper's one-time consent per order
  // and template (the events its template covers, comma-separated; used_at ms once its one message is spent), and the
  // sandbox outbox of the messages WeChat would have been asked to send (data: the template's fields as JSON).
  `
  CREATE TABLE takeout_subscriptions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users(id),
    order_id INTEGER NOT NULL REFERENCES orders(id),
    template_id TEXT NOT NULL,
    events TEXT NOT NULL,
    granted_at INTEGER NOT NULL,
    used_at INTEGER,
    UNIQUE (order_id, template_id)
  );
  CREATE TABLE sandbox_messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users(id),
    order_id INTEGER NOT NULL REFERENCES orders(id),
    touser TEXT,
    template_id TEXT NOT NULL,
    event TEXT NOT NULL,
    page TEXT NOT NULL,
    data TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX sandbox_messages_order ON sandbox_messages(order_id, id);
  `,
  // The referral contest (issue 26, server/domain/referral.ts): contests (ms instants, titles and prizes in zh and en as JSON);
  // a referral per referred account (recorded when it first binds through a share; pending until its first paid
  // order, then confirmed once, or void when its phone was counted before); the keyed hashes (HMAC) of phones
  // already counted, kept after an account is deleted so a phone never counts twice; shoppers who hid their name.
  `
  CREATE TABLE referral_contests (
    id INTEGER PRIMARY KEY,
    title TEXT NOT NULL,
    title_en TEXT NOT NULL,
    start_at INTEGER NOT NULL,
    end_at INTEGER NOT NULL,
    prizes TEXT NOT NULL
  );
  CREATE TABLE referrals (
    referred_id INTEGER PRIMARY KEY REFERENCES users(id),
    referrer_id INTEGER NOT NULL REFERENCES users(id),
    phone_hash TEXT NOT NULL,
    bound_at INTEGER NOT NULL,
    state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'confirmed', 'void')),
    confirmed_at INTEGER,
    order_id INTEGER REFERENCES orders(id)
  );
  CREATE INDEX referrals_referrer ON referrals(referrer_id, state);
  CREATE INDEX referrals_confirmed ON referrals(state, confirmed_at);
  CREATE TABLE referral_phones (phone_hash TEXT PRIMARY KEY, counted_at INTEGER NOT NULL);
  CREATE TABLE referral_hidden (user_id INTEGER PRIMARY KEY REFERENCES users(id));
  `,
  // Discount days (issue 26, server/domain/discountDay/discountDay.ts): the days (business days, "YYYY-MM-DD"), the shops taking part with
  // their extra rate (percent paid after the shop's and the card's discounts), and the reminders shoppers asked for
  // (the sandbox's stand-in for the subscription message: recorded, never sent).
  `
  CREATE TABLE discount_days (day TEXT PRIMARY KEY);
  CREATE TABLE discount_day_shops (shop_id INTEGER PRIMARY KEY REFERENCES shops(id), extra_rate INTEGER NOT NULL CHECK (extra_rate BETWEEN 50 AND 99));
  CREATE TABLE discount_day_reminders (
    user_id INTEGER NOT NULL REFERENCES users(id),
    day TEXT NOT NULL,
    template_id TEXT NOT NULL,
    granted_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, day)
  );
  `,
  // Jobs (issue 26, server/domain/jobs.ts): postings by shops (salaries in yuan a month; refreshed_at ms: posted, edited or
  // confirmed "still hiring" — listed for 30 days from it; closed_at ms: closed by the shop), shoppers' reports
  // (open until the shop answers; one open report per shopper and posting), and the contacts a shopper saw per
  // business day (the limit).
  `
  CREATE TABLE jobs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    shop_id INTEGER NOT NULL REFERENCES shops(id),
    title TEXT NOT NULL,
    category TEXT NOT NULL,
    salary_min INTEGER NOT NULL,
    salary_max INTEGER NOT NULL,
    headcount INTEGER NOT NULL,
    hours TEXT NOT NULL,
    requirements TEXT NOT NULL,
    benefits TEXT NOT NULL,
    contact_name TEXT NOT NULL,
    contact_phone TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    refreshed_at INTEGER NOT NULL,
    closed_at INTEGER
  );
  CREATE INDEX jobs_shop ON jobs(shop_id);
  CREATE TABLE job_reports (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    job_id INTEGER NOT NULL REFERENCES jobs(id),
    user_id INTEGER NOT NULL REFERENCES users(id),
    reason TEXT NOT NULL,
    note TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    answered_at INTEGER,
    answer TEXT
  );
  CREATE UNIQUE INDEX job_reports_open ON job_reports(job_id, user_id) WHERE answered_at IS NULL;
  CREATE TABLE job_contacts (
    user_id INTEGER NOT NULL REFERENCES users(id),
    job_id INTEGER NOT NULL REFERENCES jobs(id),
    day TEXT NOT NULL,
    seen_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, day, job_id)
  );
  `,
  // Merchant sign-up (issue 26, server/domain/merchant.ts): applications (one row per applicant, edited when resubmitted after
  // a rejection; rejections: JSON field → why; times ms on the server's clock; shop_id once approved), and a role per
  // staff member: 'owner' (the applicant of an approved application) or 'staff' — the rows before this were made
  // staff by the seed or by hand, none by an application, so they stay 'staff'.
  `
  CREATE TABLE merchant_applications (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL UNIQUE REFERENCES users(id),
    status TEXT NOT NULL CHECK (status IN ('submitted', 'in_review', 'approved', 'rejected')),
    shop_name TEXT NOT NULL,
    class_id INTEGER NOT NULL REFERENCES business_classes(id),
    contact_name TEXT NOT NULL,
    mobile TEXT NOT NULL,
    city_id INTEGER NOT NULL REFERENCES cities(id),
    district TEXT NOT NULL,
    address TEXT NOT NULL,
    lat REAL,
    lng REAL,
    hours TEXT NOT NULL,
    discount_rate INTEGER NOT NULL,
    licence_image TEXT NOT NULL,
    storefront_image TEXT NOT NULL,
    rejections TEXT NOT NULL DEFAULT '{}',
    shop_id INTEGER REFERENCES shops(id),
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    reviewed_at INTEGER
  );
  CREATE INDEX merchant_applications_mobile ON merchant_applications(mobile, status);
  CREATE INDEX merchant_applications_status ON merchant_applications(status, id);
  ALTER TABLE store_staff ADD COLUMN role TEXT NOT NULL DEFAULT 'staff' CHECK (role IN ('owner', 'staff'));
  `,
  // Staff invites (issue 26, server/domain/store/staff.ts): a store's one-time invites — the code's SHA-256 only (the code is shown
  // once, to the owner who made it), who made it, when it expires (ms, server clock), who used it and when, or when
  // the owner withdrew it.
  `
  CREATE TABLE staff_invites (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    shop_id INTEGER NOT NULL REFERENCES shops(id),
    code_hash TEXT NOT NULL UNIQUE,
    created_by INTEGER NOT NULL REFERENCES users(id),
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    used_by INTEGER REFERENCES users(id),
    used_at INTEGER,
    revoked_at INTEGER
  );
  CREATE INDEX staff_invites_shop ON staff_invites(shop_id, id);
  `,
  // Discount-day reminders as subscription messages (issue 26, server/domain/discountDay/discountDay.ts): sent_at (ms) once the message
  // of that morning was recorded; the sandbox outbox (sandbox_messages) also takes messages of no order (order_id null:
  // a discount day's) — SQLite cannot drop a NOT NULL, so the table is copied.
  `
  ALTER TABLE discount_day_reminders ADD COLUMN sent_at INTEGER;
  CREATE TABLE sandbox_messages_copy (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users(id),
    order_id INTEGER REFERENCES orders(id),
    touser TEXT,
    template_id TEXT NOT NULL,
    event TEXT NOT NULL,
    page TEXT NOT NULL,
    data TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  INSERT INTO sandbox_messages_copy (id, user_id, order_id, touser, template_id, event, page, data, created_at)
    SELECT id, user_id, order_id, touser, template_id, event, page, data, created_at FROM sandbox_messages;
  DROP TABLE sandbox_messages;
  ALTER TABLE sandbox_messages_copy RENAME TO sandbox_messages;
  CREATE INDEX sandbox_messages_order ON sandbox_messages(order_id, id);
  `,
  // WeChat Pay's order number of a paid trade (issue 26, the receipt page in WeChat Pay's frame, server/domain/pay/receipt.ts): the
  // provider's `transaction_id`, given with its success notification (the sandbox provider issues one); null before,
  // and for notifications that carried none.
  `
  ALTER TABLE payments ADD COLUMN transaction_id TEXT;
  CREATE UNIQUE INDEX payments_transaction ON payments(transaction_id) WHERE transaction_id IS NOT NULL;
  `,
  // The provider outbox (issue 28, server/domain/pay/outbox.ts): a call to the payment provider recorded in the transaction that
  // decides it and made after that transaction commits — close_trade (ref_no: the trade number) or refund (ref_no: the
  // refund number); one row per call (kind, ref_no); pending → done (result: closed / paid / asked) or failed after its
  // attempts; next_attempt_at (ms, server clock) is when it may be taken next — taking it moves it on (the backoff).
  `
  CREATE TABLE provider_calls (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL CHECK (kind IN ('close_trade', 'refund')),
    ref_no TEXT NOT NULL,
    trade_no TEXT NOT NULL,
    order_id INTEGER NOT NULL REFERENCES orders(id),
    amount INTEGER,
    state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'done', 'failed')),
    result TEXT,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,
    last_error TEXT,
    created_at INTEGER NOT NULL,
    done_at INTEGER,
    UNIQUE (kind, ref_no)
  );
  CREATE INDEX provider_calls_due ON provider_calls(state, next_attempt_at);
  `,
  // Many processes (issue 28, docs/multi-process.md): what one process's memory held and every process must see — the
  // per-client request limits (server/http/clientLimits.ts: a key = route + client address, its window's end, ms on the
  // server's clock, and the requests counted in it) and the sandbox's SMS outbox (server/sandbox/sandbox.ts; the newest 200).
  `
  CREATE TABLE client_limits (
    key TEXT PRIMARY KEY,
    window_ends_at INTEGER NOT NULL,
    hits INTEGER NOT NULL
  );
  CREATE TABLE sandbox_sms (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    phone TEXT NOT NULL,
    code TEXT NOT NULL,
    at INTEGER NOT NULL
  );
  CREATE INDEX sandbox_sms_phone ON sandbox_sms(phone, id);
  `,
  // 29 — sessions get an id column (issue 28): they were addressed by SQLite's rowid, which PostgreSQL has not. The
  // table is rebuilt (SQLite cannot add a primary key); each session keeps its number (id = the old rowid), so signed-in
  // devices and the session list are untouched. Nothing references tokens.
  `
  CREATE TABLE tokens_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    hash TEXT NOT NULL UNIQUE,
    user_id INTEGER NOT NULL REFERENCES users(id),
    expires_at INTEGER NOT NULL,
    created_at INTEGER NOT NULL DEFAULT 0,
    last_seen_at INTEGER NOT NULL DEFAULT 0,
    device TEXT NOT NULL DEFAULT ''
  );
  INSERT INTO tokens_new (id, hash, user_id, expires_at, created_at, last_seen_at, device)
    SELECT rowid, hash, user_id, expires_at, created_at, last_seen_at, device FROM tokens ORDER BY rowid;
  DROP TABLE tokens;
  ALTER TABLE tokens_new RENAME TO tokens;
  CREATE INDEX tokens_user ON tokens(user_id);
  CREATE INDEX tokens_expiry ON tokens(expires_at);
  `,
  // 30 — PostgreSQL's distance_m (migrations/pg/0030_distance_function.sql); SQLite registers it per connection
  // (server/storage/repo/shops.ts addDistanceFunction). A no-op here, so both engines count the same versions.
  `SELECT 1;`,
  // 31 — the takeout order page (issue 39): a refund request's detail and photos beside its reason (one row per order, the
  // latest request's; server/domain/orders.ts requestRefund), and the shopper's rating of a finished takeout order
  // (once per order: its primary key; server/domain/takeout/rating.ts). PostgreSQL: migrations/pg/0031_refund_details_ratings.sql.
  `
  CREATE TABLE refund_details (
    order_id INTEGER PRIMARY KEY REFERENCES orders(id),
    detail TEXT,
    photos TEXT NOT NULL DEFAULT '[]',
    at INTEGER NOT NULL
  );
  CREATE TABLE takeout_ratings (
    order_id INTEGER PRIMARY KEY REFERENCES orders(id),
    user_id INTEGER NOT NULL REFERENCES users(id),
    shop_id INTEGER NOT NULL REFERENCES shops(id),
    stars INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 5),
    words TEXT,
    created_at TEXT NOT NULL
  );
  CREATE INDEX takeout_ratings_shop ON takeout_ratings(shop_id, created_at);
  `,
  // 32 — a card product the operator withdrew (issue 40, `npm run admin -- card-disable N`): off sale — no longer listed or
  // sold; the cards bought stay as they are. Every product before was on sale.
  `ALTER TABLE card_products ADD COLUMN on_sale INTEGER NOT NULL DEFAULT 1 CHECK (on_sale IN (0, 1));`,
  // 33 — issue 39, the mall. The cart's ticks kept per line (checked: 1 ticked, 0 not; a line arrives ticked, and the ticks stay
  // within one store: server/http/routes/cart.ts), so both targets show the same choice. English names a merchant may
  // give its products and dishes beside the names it writes (name_en; null: none) — what English searches find
  // (docs/decisions/2026-12-06-english-names-of-goods.md).
  `
  ALTER TABLE cart_lines ADD COLUMN checked INTEGER NOT NULL DEFAULT 1;
  ALTER TABLE mall_products ADD COLUMN name_en TEXT;
  ALTER TABLE dishes ADD COLUMN name_en TEXT;
  `,
  // 34 — payment providers (issue 40, server/providers/README.md): each trade names its provider ('sandbox', 'wechatpay',
  // 'alipay') and how it is paid (method: wechat_jsapi, wechat_h5, wechat_native, alipay_jsapi, alipay_wap, sandbox); the
  // provider's last answer to payparam (prepared: JSON, given again until prepared_until, ms on the server's clock); the
  // WeChat Pay sub-merchant it was opened for in service-provider mode (sub_mchid, from the shop's wxpay_sub_mchid).
  // Trades opened before are the sandbox's: channel 8's were its JSAPI stand-in, the others its cashier.
  `
  ALTER TABLE payments ADD COLUMN provider TEXT NOT NULL DEFAULT 'sandbox';
  ALTER TABLE payments ADD COLUMN method TEXT NOT NULL DEFAULT 'sandbox';
  ALTER TABLE payments ADD COLUMN prepared TEXT;
  ALTER TABLE payments ADD COLUMN prepared_until INTEGER;
  ALTER TABLE payments ADD COLUMN sub_mchid TEXT;
  UPDATE payments SET method = 'wechat_jsapi' WHERE channel = 8;
  ALTER TABLE shops ADD COLUMN wxpay_sub_mchid TEXT;
  `,
  // 35 — limits against a few throwaway accounts (issue 43). Redemption codes guessed at the till
  // (server/domain/store/tillChecks.ts): the till's record counts them too, as rows of kind 'redemption' (a code that named
  // no order of the store: result 'invalid'; card_id null), limited per staff account and per store like the member-code
  // checks (kind 'card', every row before this); the sweep drops rows older than TILL_CHECKS_KEEP_DAYS by their time. A
  // job contact records the client address it was asked from (server/domain/jobs.ts: postings revealed per address a day;
  // null before this), and the sweep drops contacts of days gone. PostgreSQL: migrations/pg/0035_issue43_limits.sql.
  `
  ALTER TABLE till_checks ADD COLUMN kind TEXT NOT NULL DEFAULT 'card' CHECK (kind IN ('card', 'redemption'));
  CREATE INDEX till_checks_redemption_failed ON till_checks(shop_id, at) WHERE kind = 'redemption' AND result = 'invalid';
  CREATE INDEX till_checks_at ON till_checks(at);
  ALTER TABLE job_contacts ADD COLUMN client TEXT;
  CREATE INDEX job_contacts_client ON job_contacts(client, day, job_id);
  CREATE INDEX job_contacts_day ON job_contacts(day);
  `,
  // 36 — WeChat's server API and login (issue 40; server/providers/wechat). wechat_tokens: an access_token (per app id) or a
  // jsapi_ticket (per official account) every process shares — its value and when it expires (ms), a refresh lease
  // (lease_until: the process that took it refreshes; the others wait or use the value still valid) and the last forced
  // refresh (forced_at: at most one every 30 s over all processes; WeChat allows 20 a day). wechat_messages: the subscription
  // messages' outbox (server/domain/takeout/subscriptions.ts, discount-day reminders) — recorded in the transaction that
  // decides a message, sent after it commits; pending → sent, refused (43101: the shopper's consent is gone, final),
  // skipped (no openid to send to) or failed (a definite error or out of attempts; errcode kept). The sandbox's outbox view
  // (GET /api/sandbox/messages) lists these rows; sandbox_messages' rows are copied in (the table is no longer written).
  // users.wx_unionid: the UnionID jscode2session or the official account's OAuth answers, when the apps share an open platform.
  // PostgreSQL: migrations/pg/0036_wechat.sql.
  `
  CREATE TABLE wechat_tokens (
    app_id TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('access_token', 'jsapi_ticket')),
    value TEXT,
    expires_at INTEGER NOT NULL DEFAULT 0,
    lease_until INTEGER NOT NULL DEFAULT 0,
    forced_at INTEGER NOT NULL DEFAULT 0,
    updated_at INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (app_id, kind)
  );
  CREATE TABLE wechat_messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL,
    order_id INTEGER,
    touser TEXT,
    template_id TEXT NOT NULL,
    event TEXT NOT NULL,
    page TEXT NOT NULL,
    data TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'refused', 'skipped', 'failed')),
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,
    errcode INTEGER,
    last_error TEXT,
    done_at INTEGER
  );
  CREATE INDEX wechat_messages_due ON wechat_messages(state, next_attempt_at);
  CREATE INDEX wechat_messages_order ON wechat_messages(order_id, id);
  INSERT INTO wechat_messages (user_id, order_id, touser, template_id, event, page, data, created_at, state, next_attempt_at, done_at)
    SELECT user_id, order_id, touser, template_id, event, page, data, created_at, 'sent', created_at, created_at FROM sandbox_messages ORDER BY id;
  ALTER TABLE users ADD COLUMN wx_unionid TEXT;
  `,
  // 37 — abuse of the new services (issue 43). Jobs (server/domain/jobs.ts): reports no longer hide a posting by their count;
  // they wait for the operator's review (decided_at, outcome: kept or hidden; one undecided report per shopper and posting,
  // the partial unique index), and the operator hides a posting (hidden_at). Reports the shop answered under the old rule
  // are closed as decided (no outcome). The referral contest (server/domain/referral.ts): a contest's minimum purchase
  // (min_amount, cents); a referral's qualifying purchase while it waits to be kept (order_id, paid_at), the identity it
  // was held for when it matched one already counted (held_for), the payer's keyed hash when the provider names one
  // (payer_hash); the keyed hashes of the identities already counted (referral_identities). PostgreSQL:
  // migrations/pg/0037_reviews_and_kept_referrals.sql.
  `
  ALTER TABLE jobs ADD COLUMN hidden_at INTEGER;
  ALTER TABLE job_reports ADD COLUMN decided_at INTEGER;
  ALTER TABLE job_reports ADD COLUMN outcome TEXT CHECK (outcome IN ('kept', 'hidden'));
  UPDATE job_reports SET decided_at = answered_at WHERE answered_at IS NOT NULL;
  DROP INDEX job_reports_open;
  CREATE UNIQUE INDEX job_reports_open ON job_reports(job_id, user_id) WHERE decided_at IS NULL;
  CREATE INDEX job_reports_reporter ON job_reports(user_id, outcome, decided_at);
  ALTER TABLE referral_contests ADD COLUMN min_amount INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE referrals ADD COLUMN paid_at INTEGER;
  ALTER TABLE referrals ADD COLUMN held_for TEXT;
  ALTER TABLE referrals ADD COLUMN payer_hash TEXT;
  CREATE INDEX referrals_holding ON referrals(state, order_id);
  CREATE TABLE referral_identities (key_hash TEXT PRIMARY KEY, referred_id INTEGER NOT NULL, counted_at INTEGER NOT NULL);
  `,
  // 38 — the shop's profile (issue 44, server/domain/store/profile.ts): its district (the address's; '' for shops from before),
  // the week's hours as JSON (7 days, Monday first, each [{open, close}]; NULL: only the older free-text `hours`), closed
  // dates as JSON ["YYYY-MM-DD"], photos in order as JSON (the cover stays `image`), the introduction as the allow-list
  // left it (NULL: only the older plain `intro`); and the names owners asked for, waiting for the operator (one pending a
  // shop; times ms on the server's clock). PostgreSQL: migrations/pg/0038_shop_profile.sql.
  `
  ALTER TABLE shops ADD COLUMN district TEXT NOT NULL DEFAULT '';
  ALTER TABLE shops ADD COLUMN week_hours TEXT;
  ALTER TABLE shops ADD COLUMN closed_dates TEXT NOT NULL DEFAULT '[]';
  ALTER TABLE shops ADD COLUMN photos TEXT NOT NULL DEFAULT '[]';
  ALTER TABLE shops ADD COLUMN intro_html TEXT;
  CREATE TABLE shop_name_reviews (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    shop_id INTEGER NOT NULL REFERENCES shops(id),
    name TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected', 'withdrawn')),
    requested_by INTEGER NOT NULL REFERENCES users(id),
    requested_at INTEGER NOT NULL,
    decided_at INTEGER,
    reason TEXT
  );
  CREATE UNIQUE INDEX shop_name_reviews_pending ON shop_name_reviews(shop_id) WHERE status = 'pending';
  CREATE INDEX shop_name_reviews_shop ON shop_name_reviews(shop_id, id);
  `,
  // 39 — a merchant runs their own shop (issue 44; server/domain/store/menu.ts, coupons.ts, changes.ts). The menu's
  // categories get rows of their own (ordered, renamed, deleted when empty; dishes.category keeps the name as before), from
  // the names the dishes had; a dish has a packing fee per piece, a daily stock (NULL: unlimited; sold counted per business
  // day in dish_stock_days) and is removed by a mark, never deleted — so its id, and its options', are never used again by
  // another dish (a shopper's cart holds ids). A shop's coupon is a value or a percentage with a cap (amount), has a
  // quantity (NULL: unlimited) and counts its claims, a per-person limit (the seq of each shopper's claims, unique: a race
  // claims once per place), a window (valid_from/valid_to, business days) or days from the claim (valid_days), and can be
  // stopped; a claimed coupon of a window starts at its first day (user_coupons.starts_at). Every change of the menu, the
  // delivery settings and the coupons is a row of shop_changes: who, when, what, before and after (JSON).
  // PostgreSQL: migrations/pg/0039_shop_menu_coupons.sql.
  `
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
  `,
  // 40 — one serial for the numbers people are shown (issue 42, server/domain/numbers.ts: order, trade and refund numbers,
  // redemption codes), never handed out twice by any process: SQLite takes it under the file's write lock (an insert into
  // an AUTOINCREMENT table, deleted at once: AUTOINCREMENT never reuses a number); PostgreSQL from the table's identity
  // sequence, without a row (migrations/pg/0040_serials.sql). npm run db:copy sets that sequence past SQLite's mark.
  `CREATE TABLE serials (id INTEGER PRIMARY KEY AUTOINCREMENT);`,
  // 41 — the operator's console (issue 45, server/domain/console/): operators (a unique lower-case username, a name, one
  // role, the password's scrypt hash with its salt, the TOTP secret and the last TOTP step used — a code is accepted once
  // — disabled_at ms or NULL, created_at ms, created_by: the operator who made it, NULL from the command line or the demo
  // seed); their sessions (only the token's SHA-256, never the token; expires_at the absolute end, last_seen_at for the
  // idle end; a row ends with the session); the audit trail (who, when in ms, `<area>.<verb>`, what — kind and id — and
  // the row before and after as JSON, and the operator's reason), written in the transaction of the write it records.
  // PostgreSQL: migrations/pg/0041_operators.sql.
  `
  CREATE TABLE operators (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    username TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('admin', 'content', 'finance', 'reviewer')),
    password_hash TEXT NOT NULL,
    totp_secret TEXT NOT NULL,
    totp_last_step INTEGER NOT NULL DEFAULT 0,
    disabled_at INTEGER,
    created_at INTEGER NOT NULL,
    created_by INTEGER REFERENCES operators(id)
  );
  CREATE TABLE operator_sessions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    token_hash TEXT NOT NULL UNIQUE,
    operator_id INTEGER NOT NULL REFERENCES operators(id),
    expires_at INTEGER NOT NULL,
    last_seen_at INTEGER NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX operator_sessions_operator ON operator_sessions(operator_id);
  CREATE TABLE operator_audit (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    operator_id INTEGER NOT NULL REFERENCES operators(id),
    at INTEGER NOT NULL,
    action TEXT NOT NULL,
    target_kind TEXT NOT NULL,
    target_id TEXT,
    before_json TEXT,
    after_json TEXT,
    reason TEXT
  );
  CREATE INDEX operator_audit_operator ON operator_audit(operator_id, id);
  CREATE INDEX operator_audit_action ON operator_audit(action, id);
  `,
  // 42 — nothing on SQLite: PostgreSQL's writes announce live changes (LISTEN/NOTIFY, issue 42,
  // migrations/pg/0042_live_notify.sql); on SQLite the live streams' check reads the database every 500 ms as before.
  `SELECT 1;`,
  // 43 — the console's content (issue 45, server/domain/console/content/): a flash-sale product taken off sale keeps its
  // row (orders and comments point at it) with withdrawn_at ms; fuel price changes an operator states (price in fen per
  // litre from an instant, ms on the server's clock — now or later; cancelled_at ms or NULL while it stands), read beside
  // oil_price_history's business-day rows: the price in force is the one that took effect last.
  // PostgreSQL: migrations/pg/0043_console_content.sql.
  `
  ALTER TABLE seckill_products ADD COLUMN withdrawn_at INTEGER;
  CREATE TABLE oil_price_changes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    shop_id INTEGER NOT NULL,
    grade TEXT NOT NULL,
    price INTEGER NOT NULL CHECK (price > 0),
    effective_at INTEGER NOT NULL,
    created_by INTEGER REFERENCES operators(id),
    created_at INTEGER NOT NULL,
    cancelled_at INTEGER,
    FOREIGN KEY (shop_id, grade) REFERENCES oil_grades(shop_id, grade)
  );
  CREATE INDEX oil_price_changes_grade ON oil_price_changes(shop_id, grade, effective_at);
  `,
  // 44 — Home's content and the platform's lists in the console (issue 45,
  // server/domain/console/home.ts): Home's banners as rows (a picture of this server, the title in Chinese and English,
  // one of the app's own pages, the place in the carousel, an optional window — shows_from / shows_until, ms — and
  // withdrawn_at ms or NULL; none in a production database: Home draws without a carousel); Home's service grid as the
  // operator ordered it (a module without a row keeps its place after those with one, shown); a city's and a business
  // class's English name (NULL: the system's, server/domain/names.ts) and hidden_at ms (NULL: offered to new sign-ups
  // and in the filters; a hidden one stays on the shops filed under it). PostgreSQL: migrations/pg/0044_home_content.sql.
  `
  CREATE TABLE home_banners (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    image TEXT NOT NULL,
    title TEXT NOT NULL,
    title_en TEXT NOT NULL,
    path TEXT NOT NULL,
    position INTEGER NOT NULL,
    shows_from INTEGER,
    shows_until INTEGER,
    withdrawn_at INTEGER,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE TABLE home_modules (key TEXT PRIMARY KEY, position INTEGER NOT NULL, shown INTEGER NOT NULL);
  ALTER TABLE cities ADD COLUMN name_en TEXT;
  ALTER TABLE cities ADD COLUMN hidden_at INTEGER;
  ALTER TABLE business_classes ADD COLUMN name_en TEXT;
  ALTER TABLE business_classes ADD COLUMN hidden_at INTEGER;
  `,
  // 45 — the mall in the console (issue 45, server/domain/console/mall.ts): a category hidden from shoppers (1) keeps
  // its row and its products (orders point at them); its tab and its products leave the shoppers' lists. A special or
  // a gallery slide withdrawn (withdrawn_at ms) keeps its row; shoppers no longer see it. Specials in the operator's order.
  // PostgreSQL: migrations/pg/0045_mall_console.sql.
  `
  ALTER TABLE mall_categories ADD COLUMN hidden INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE mall_specials ADD COLUMN sort INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE mall_specials ADD COLUMN withdrawn_at INTEGER;
  ALTER TABLE mall_gallery ADD COLUMN withdrawn_at INTEGER;
  `,
  // 46 — a fuel station's grades and pumps in the console (issue 45, server/domain/console/fuelStations.ts): a grade
  // switched off (off_at ms; NULL while offered) keeps its row and its prices (price changes and orders point at it);
  // shoppers no longer see or order it. PostgreSQL: migrations/pg/0046_fuel_stations.sql.
  `
  ALTER TABLE oil_grades ADD COLUMN off_at INTEGER;
  `,
]

/**
 * A write transaction that takes the write lock when it starts (BEGIN IMMEDIATE). With several server
 * processes on one database file, a deferred transaction that reads and then writes fails with
 * SQLITE_BUSY when another process wrote in between; an immediate one waits (busy_timeout) and then
 * reads the current state, so check-then-write stays correct.
 */
export function tx<T>(db: DB, fn: () => T): T {
  return db.transaction(fn).immediate()
}

export function openDatabase(dbPath: string): DB {
  if (dbPath !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(dbPath)), { recursive: true })
  const db = new Database(dbPath)
  db.pragma('busy_timeout = 5000')
  // Freed bytes are zeroed — a deleted row's, an updated row's old copy, a freed page (issue 43): what an account
  // deletion erases does not stay readable in the file's free space. A setting of each connection, so every opener sets
  // it here. Its cost and what else it takes (the log emptied after an erasure): docs/api.md "What stays in the files".
  db.pragma('secure_delete = ON')
  toWal(db)
  db.pragma('foreign_keys = ON')
  migrate(db)
  return db
}

/**
 * WAL, which a new file needs once (it is kept in the file). Switching takes the file's exclusive lock, and SQLite
 * answers SQLITE_BUSY at once, without the busy timeout, when another connection holds a lock it cannot wait behind:
 * several processes opening one new file together (three servers started at once on it; manyProcesses.test.ts saw one
 * exit with "database is locked"). Tried again for up to 5 s; a file another process already switched reads as WAL.
 */
function toWal(db: DB): void {
  const pause = new Int32Array(new SharedArrayBuffer(4))
  for (let attempt = 1; ; attempt++) {
    try {
      db.pragma('journal_mode = WAL')
      return
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'SQLITE_BUSY' || attempt >= 100) throw error
      Atomics.wait(pause, 0, 0, 50)
    }
  }
}

/**
 * Statements, compiled once per database and SQL text: better-sqlite3 statements are reusable, and
 * preparing on every request cost ~10 % of a simple read (measured with bench/api.ts). The repositories
 * (server/storage/repo/*) take every statement from here; the SQL texts are a fixed, small set, so the cache
 * stays small. Statements built from a variable number of placeholders (`IN (?, ?)`) are one text per
 * count. A plain `db.prepare` still compiles afresh (the seed and the tests use it for one-off SQL).
 */
const statements = new WeakMap<DB, Map<string, Database.Statement>>()

export function sql(db: DB, text: string): Database.Statement {
  let cache = statements.get(db)
  if (!cache) {
    cache = new Map()
    statements.set(db, cache)
  }
  let stmt = cache.get(text)
  if (!stmt) {
    stmt = db.prepare(text)
    cache.set(text, stmt)
  }
  return stmt
}

/** `?, ?, ?` for a list of values bound one by one. */
export const placeholders = (values: readonly unknown[]): string => values.map(() => '?').join(', ')

/** Each migration once, even when several processes open a new database file at the same moment. */
function migrate(db: DB): void {
  for (;;) {
    const done = tx(db, () => {
      const v = db.pragma('user_version', { simple: true }) as number
      if (v >= MIGRATIONS.length) return true
      db.exec(MIGRATIONS[v])
      db.pragma(`user_version = ${v + 1}`)
      return false
    })
    if (done) return
  }
}
