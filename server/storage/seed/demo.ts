import { named, type Param, type Q } from '../query'
import { placeholders, rowsValues } from '../db'
import type { ProductStored } from '../repo/mallConsole'

/**
 * The demo seed's statements (issue 41): what server/demo/ writes — its content (shops, products, names, texts) stays
 * there — on either engine through Q, inside the seed's transaction (server/storage/seed/run.ts seeding). Portable SQL
 * only: `ON CONFLICT … DO NOTHING` for "added when missing", `ON CONFLICT (key) DO UPDATE` for a row written over, no
 * SQLite-only function. Rows the seed knows by id are written with their id (the sequences are moved past them after).
 */

/** `head` (`INSERT INTO t (columns)`) with every row in one VALUES list, then `tail`: one statement; none for no rows. */
async function insertRows(q: Q, head: string, rows: ReadonlyArray<readonly Param[]>, tail = ''): Promise<void> {
  if (!rows.length) return
  const [values, params] = rowsValues(rows)
  await q.run(`${head} VALUES ${values}${tail}`, ...params)
}

/** The tables whose being empty or not tells a part of the demo seed whether it ran. */
type SeededTable = 'shops' | 'oil_pumps' | 'takeout_shops' | 'mall_products' | 'jobs'

export const countRows = async (q: Q, table: SeededTable): Promise<number> => Number((await q.value(`SELECT COUNT(*) AS n FROM ${table}`)) ?? 0)

/** How many of these ids the table holds. */
export const countIds = async (q: Q, table: 'home_banners' | 'seckill_sessions', ids: readonly number[]): Promise<number> =>
  Number((await q.value(`SELECT COUNT(*) AS n FROM ${table} WHERE id IN (${placeholders(ids)})`, ...ids)) ?? 0)

export const hasId = async (q: Q, table: 'shops' | 'cities' | 'business_classes' | 'seckill_products', id: number): Promise<boolean> =>
  (await q.get(`SELECT 1 AS one FROM ${table} WHERE id = ?`, id)) !== undefined

export const shopIds = async (q: Q): Promise<number[]> => (await q.all<{ id: number }>('SELECT id FROM shops ORDER BY id')).map((r) => Number(r.id))

// ——— shops ———

export type DemoShop = {
  id: number
  name: string
  class_id: number
  city_id: number
  address: string
  lat: number
  lng: number
  phone: string
  hours: string
  rating: number
  discount_rate: number
  image: string
  intro: string
  is_oil: number
  delivery_fee: number
  packing_fee: number
  min_order: number
}

/** A demo shop; `ifMissing`: nothing when its id is taken (a later part of the seed adding shops to an older database). */
export const insertShop = (q: Q, shop: DemoShop, ifMissing: boolean) =>
  q.run(
    ...named(
      `INSERT INTO shops (id, name, class_id, city_id, address, lat, lng, phone, hours, rating, discount_rate, image, intro, is_oil, delivery_fee, packing_fee, min_order)
       VALUES (@id, @name, @class_id, @city_id, @address, @lat, @lng, @phone, @hours, @rating, @discount_rate, @image, @intro, @is_oil, @delivery_fee, @packing_fee, @min_order)${ifMissing ? ' ON CONFLICT DO NOTHING' : ''}`,
      shop,
    ),
  )

export const setShopPlace = (q: Q, id: number, lat: number, lng: number, hours: string) => q.run('UPDATE shops SET lat = ?, lng = ?, hours = ? WHERE id = ?', lat, lng, hours, id)

/** The shop's old delivery columns, following its takeout settings. */
export const setShopDelivery = (q: Q, id: number, deliveryFee: number, packingFee: number, minOrder: number) =>
  q.run('UPDATE shops SET delivery_fee = ?, packing_fee = ?, min_order = ? WHERE id = ?', deliveryFee, packingFee, minOrder, id)

// ——— the first seed's goods ———

/** A dish of the first seed (the takeout seed replaces these with full menus). */
export const insertPlainDish = (q: Q, id: number, shopId: number, category: string, name: string, price: number) =>
  q.run('INSERT INTO dishes (id, shop_id, category, name, price) VALUES (?, ?, ?, ?, ?)', id, shopId, category, name, price)

export const insertCardProduct = (q: Q, id: number, name: string, level: number, price: number, days: number, memberRate: number, benefits: string) =>
  q.run('INSERT INTO card_products (id, name, level, price, days, member_rate, benefits) VALUES (?, ?, ?, ?, ?, ?, ?)', id, name, level, price, days, memberRate, benefits)

export const insertCoupon = (q: Q, id: number, title: string, amount: number, minSpend: number, shopId: number | null, kind: string, validDays: number) =>
  q.run('INSERT INTO coupons (id, title, amount, min_spend, shop_id, kind, valid_days) VALUES (?, ?, ?, ?, ?, ?, ?)', id, title, amount, minSpend, shopId, kind, validDays)

export const insertSeckillSession = (q: Q, id: number, title: string, startMinute: number, endMinute: number) =>
  q.run('INSERT INTO seckill_sessions (id, title, start_minute, end_minute) VALUES (?, ?, ?, ?)', id, title, startMinute, endMinute)

export type DemoFlashProduct = {
  id: number
  session_id: number
  name: string
  image: string
  price: number
  original_price: number
  stock: number
  total_stock: number
  limit_per_user: number
  rules: string
  pickup_shop_id: number
}

export const insertSeckillProduct = (q: Q, p: DemoFlashProduct, ifMissing: boolean) =>
  q.run(
    ...named(
      `INSERT INTO seckill_products (id, session_id, name, image, price, original_price, stock, total_stock, limit_per_user, rules, pickup_shop_id)
       VALUES (@id, @session_id, @name, @image, @price, @original_price, @stock, @total_stock, @limit_per_user, @rules, @pickup_shop_id)${ifMissing ? ' ON CONFLICT DO NOTHING' : ''}`,
      p,
    ),
  )

/** A review of a shop or of a flash-sale product (the other null). */
export type DemoComment = { shop_id: number | null; product_id: number | null; nickname: string; avatar: string; rating: number; content: string; created_at: string }

/** Comments, in one statement (their ids in the list's order): ~200 rows, one round trip instead of one each on PostgreSQL. */
export const insertComments = async (q: Q, list: readonly DemoComment[]): Promise<void> => {
  await insertRows(q, 'INSERT INTO comments (shop_id, product_id, nickname, avatar, rating, content, created_at)', list.map((c) => [c.shop_id, c.product_id, c.nickname, c.avatar, c.rating, c.content, c.created_at]))
}

export const insertQrNumber = (q: Q, number: string, url: string) => q.run('INSERT INTO qr_numbers (number, url) VALUES (?, ?)', number, url)

// ——— fuel ———

export const putOilStation = (q: Q, shopId: number, brand: string) =>
  q.run('INSERT INTO oil_stations (shop_id, brand) VALUES (?, ?) ON CONFLICT (shop_id) DO UPDATE SET brand = excluded.brand', shopId, brand)

/** A station's pumps 1…count, in one statement. */
export const addOilPumps = async (q: Q, shopId: number, count: number): Promise<void> => {
  await insertRows(q, 'INSERT INTO oil_pumps (shop_id, pump_no)', Array.from({ length: count }, (_, i) => [shopId, i + 1]), ' ON CONFLICT DO NOTHING')
}

/** A station's grades in their order (sort 1, 2, …) with each one's price from `effectiveFrom`: two statements. */
export const addOilGrades = async (q: Q, shopId: number, grades: ReadonlyArray<{ grade: string; price: number }>, effectiveFrom: string): Promise<void> => {
  await insertRows(q, 'INSERT INTO oil_grades (shop_id, grade, sort)', grades.map((g, i) => [shopId, g.grade, i + 1]), ' ON CONFLICT DO NOTHING')
  await addOilPrices(q, shopId, grades.map((g) => ({ ...g, effectiveFrom })))
}

/** Prices of a station's grades, each from its moment, in one statement. */
export const addOilPrices = async (q: Q, shopId: number, prices: ReadonlyArray<{ grade: string; price: number; effectiveFrom: string }>): Promise<void> => {
  await insertRows(q, 'INSERT INTO oil_price_history (shop_id, grade, price, effective_from)', prices.map((p) => [shopId, p.grade, p.price, p.effectiveFrom]), ' ON CONFLICT DO NOTHING')
}

// ——— takeout ———

/** Every menu (dishes, their options, stock days, categories): the takeout seed writes the menus anew, once. */
export async function clearMenus(q: Q): Promise<void> {
  await q.run('DELETE FROM dish_options')
  await q.run('DELETE FROM dish_option_groups')
  await q.run('DELETE FROM dish_stock_days')
  await q.run('DELETE FROM dishes')
  await q.run('DELETE FROM dish_categories')
}

export const insertTakeoutShop = (
  q: Q,
  s: { shop_id: number; category_id: number; hours: string; radius_m: number; fee_tiers: string; packing_fee: number; min_order: number; pickup: number; prep_minutes: number; monthly_sales: number },
) =>
  q.run(
    ...named(
      `INSERT INTO takeout_shops (shop_id, category_id, hours, radius_m, fee_tiers, packing_fee, min_order, pickup, prep_minutes, monthly_sales)
       VALUES (@shop_id, @category_id, @hours, @radius_m, @fee_tiers, @packing_fee, @min_order, @pickup, @prep_minutes, @monthly_sales)`,
      s,
    ),
  )

/** Menu dishes in the order given: one statement. */
export const insertMenuDishes = async (
  q: Q,
  list: ReadonlyArray<{ id: number; shop_id: number; category: string; name: string; price: number; description: string; image: string; sold_out: number; sort: number; monthly_sales: number }>,
): Promise<void> => {
  await insertRows(q, 'INSERT INTO dishes (id, shop_id, category, name, price, description, image, sold_out, sort, monthly_sales)', list.map((d) => [d.id, d.shop_id, d.category, d.name, d.price, d.description, d.image, d.sold_out, d.sort, d.monthly_sales]))
}

/** Dish option groups in the order given: one statement. */
export const insertOptionGroups = async (q: Q, list: ReadonlyArray<{ id: number; dish_id: number; name: string; required: number; max_choices: number; sort: number }>): Promise<void> => {
  await insertRows(q, 'INSERT INTO dish_option_groups (id, dish_id, name, required, max_choices, sort)', list.map((g) => [g.id, g.dish_id, g.name, g.required, g.max_choices, g.sort]))
}

/** Dish options in the order given: one statement. */
export const insertOptions = async (q: Q, list: ReadonlyArray<{ id: number; group_id: number; name: string; price: number; sort: number }>): Promise<void> => {
  await insertRows(q, 'INSERT INTO dish_options (id, group_id, name, price, sort)', list.map((o) => [o.id, o.group_id, o.name, o.price, o.sort]))
}

/**
 * The menus' categories as rows (issue 44: the store orders, renames and deletes them), in the order of their first
 * dish, and every dish filed under its category's row.
 */
export async function categoriseDishes(q: Q): Promise<void> {
  await q.run(
    `INSERT INTO dish_categories (shop_id, name, sort)
       SELECT shop_id, category, MIN(sort * 1000 + id) FROM dishes WHERE category_id IS NULL GROUP BY shop_id, category ORDER BY shop_id, MIN(sort * 1000 + id)`,
  )
  await q.run('UPDATE dishes SET category_id = (SELECT c.id FROM dish_categories c WHERE c.shop_id = dishes.shop_id AND c.name = dishes.category) WHERE category_id IS NULL')
}

/** The merchants' English names of the goods, by their Chinese name, where a row of that name has none yet: one statement for the whole list. */
export const setEnglishNames = async (q: Q, table: 'mall_products' | 'dishes', names: ReadonlyArray<readonly [zh: string, en: string]>): Promise<void> => {
  if (!names.length) return
  await q.run(
    `UPDATE ${table} SET name_en = CASE name ${names.map(() => 'WHEN ? THEN ?').join(' ')} END WHERE name_en IS NULL AND name IN (${placeholders(names)})`,
    ...names.flatMap(([zh, en]) => [zh, en]),
    ...names.map(([zh]) => zh),
  )
}

// ——— staff accounts ———

/** Which of these phones belong to some store's staff: one statement. */
export const staffPhonesAmong = async (q: Q, phones: readonly string[]): Promise<Set<string>> =>
  phones.length
    ? new Set((await q.all<{ phone: string }>(`SELECT u.phone FROM store_staff s JOIN users u ON u.id = s.user_id WHERE u.phone IN (${placeholders(phones)})`, ...phones)).map((r) => r.phone))
    : new Set()

/** The accounts of these phones that exist, by phone: one statement. */
export const userIdsByPhone = async (q: Q, phones: readonly string[]): Promise<Map<string, number>> =>
  phones.length
    ? new Map((await q.all<{ id: number; phone: string }>(`SELECT id, phone FROM users WHERE phone IN (${placeholders(phones)})`, ...phones)).map((r) => [r.phone, Number(r.id)]))
    : new Map()

/** Accounts in the order given (their ids in that order): one statement. */
export const insertUsers = async (q: Q, users: ReadonlyArray<{ phone: string; nickname: string; avatar: string; created_at: string }>): Promise<void> => {
  await insertRows(q, 'INSERT INTO users (phone, nickname, avatar, created_at)', users.map((u) => [u.phone, u.nickname, u.avatar, u.created_at]))
}

/** Staff rows in the order given: one statement. */
export const addStoreStaffRows = async (q: Q, rows: ReadonlyArray<{ user_id: number; shop_id: number; created_at: string }>): Promise<void> => {
  await insertRows(q, 'INSERT INTO store_staff (user_id, shop_id, created_at)', rows.map((r) => [r.user_id, r.shop_id, r.created_at]), ' ON CONFLICT DO NOTHING')
}

// ——— the micro mall ———

/** A demo mall product as stored; `on_sale` is left to the column's default. */
export type DemoMallProduct = Omit<ProductStored, 'on_sale'>

/** Mall products in the order given: one statement. */
export const insertMallProducts = async (q: Q, list: readonly DemoMallProduct[]): Promise<void> => {
  await insertRows(q, 'INSERT INTO mall_products (id, category_id, shop_id, name, subtitle, image, images, description, list_price, limit_per_order, pickup, shipping_fee, sort)', list.map((p) => [p.id, p.category_id, p.shop_id, p.name, p.subtitle, p.image, p.images, p.description, p.list_price, p.limit_per_order, p.pickup, p.shipping_fee, p.sort]))
}

/** Mall specs in the order given: one statement. */
export const insertMallSpecs = async (
  q: Q,
  list: ReadonlyArray<{ id: number; product_id: number; name: string; price: number; member_price: number; stock: number; total_stock: number; sort: number }>,
): Promise<void> => {
  await insertRows(q, 'INSERT INTO mall_specs (id, product_id, name, price, member_price, stock, total_stock, sort)', list.map((m) => [m.id, m.product_id, m.name, m.price, m.member_price, m.stock, m.total_stock, m.sort]))
}

export const insertMallSpecial = (q: Q, id: number, title: string, subtitle: string, banner: string) =>
  q.run('INSERT INTO mall_specials (id, title, subtitle, banner) VALUES (?, ?, ?, ?)', id, title, subtitle, banner)

/** A special's products in their order (sort 0, 1, …): one statement. */
export const insertMallSpecialProducts = async (q: Q, specialId: number, productIds: readonly number[]): Promise<void> => {
  await insertRows(q, 'INSERT INTO mall_special_products (special_id, product_id, sort)', productIds.map((productId, sort) => [specialId, productId, sort]))
}

export const insertMallSlide = (q: Q, id: number, image: string, title: string, subtitle: string, linkType: string, linkId: number, sort: number) =>
  q.run('INSERT INTO mall_gallery (id, image, title, subtitle, link_type, link_id, sort) VALUES (?, ?, ?, ?, ?, ?, ?)', id, image, title, subtitle, linkType, linkId, sort)

// ——— jobs, operators, Home's banners ———

export const insertJob = (
  q: Q,
  j: {
    shop_id: number
    title: string
    category: string
    salary_min: number
    salary_max: number
    headcount: number
    hours: string
    requirements: string
    benefits: string
    contact_name: string
    contact_phone: string
    created_at: number
    refreshed_at: number
  },
) =>
  q.run(
    ...named(
      `INSERT INTO jobs (shop_id, title, category, salary_min, salary_max, headcount, hours, requirements, benefits, contact_name, contact_phone, created_at, refreshed_at)
       VALUES (@shop_id, @title, @category, @salary_min, @salary_max, @headcount, @hours, @requirements, @benefits, @contact_name, @contact_phone, @created_at, @refreshed_at)`,
      j,
    ),
  )

/** A console operator by username, when missing. */
export const addOperator = (q: Q, o: { username: string; name: string; role: string; password_hash: string; totp_secret: string; created_at: number }) =>
  q.run(
    'INSERT INTO operators (username, name, role, password_hash, totp_secret, created_at, created_by) VALUES (?, ?, ?, ?, ?, ?, NULL) ON CONFLICT (username) DO NOTHING',
    o.username,
    o.name,
    o.role,
    o.password_hash,
    o.totp_secret,
    o.created_at,
  )

/** One of Home's banners by id, when missing (an operator's edit of it stays). */
export const addHomeBanner = (q: Q, b: { id: number; image: string; title: string; title_en: string; path: string; position: number; at: number }) =>
  q.run(
    'INSERT INTO home_banners (id, image, title, title_en, path, position, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
    b.id,
    b.image,
    b.title,
    b.title_en,
    b.path,
    b.position,
    b.at,
    b.at,
  )
