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
