import type { Q } from '../query'
import { placeholders } from '../db'

/**
 * The menu as the store edits it (issue 44; server/domain/store/menu.ts): categories in their order, dishes with their
 * packing fee, daily stock and removal mark, option groups and options (removed by a mark too: ids are never given to
 * another row), today's sold counts, and the shop's change history. Reads for shoppers stay in ./takeout.ts.
 */

export interface CategoryRow {
  id: number
  shop_id: number
  name: string
  sort: number
}

export const categoriesOf = async (db: Q, shopId: number) => (await db.all('SELECT id, shop_id, name, sort FROM dish_categories WHERE shop_id = ? ORDER BY sort, id', shopId)) as CategoryRow[]

export const categoryOf = async (db: Q, shopId: number, id: number) => (await db.get('SELECT id, shop_id, name, sort FROM dish_categories WHERE id = ? AND shop_id = ?', id, shopId)) as CategoryRow | undefined

export const categoryNamed = async (db: Q, shopId: number, name: string) => (await db.get('SELECT id, shop_id, name, sort FROM dish_categories WHERE shop_id = ? AND name = ?', shopId, name)) as CategoryRow | undefined

export async function insertCategory(db: Q, shopId: number, name: string): Promise<number> {
  const last = await db.value<number | null>('SELECT MAX(sort) FROM dish_categories WHERE shop_id = ?', shopId)
  return db.insert('INSERT INTO dish_categories (shop_id, name, sort) VALUES (?, ?, ?)', shopId, name, Number(last ?? -1) + 1)
}

/** A category's new name, and its dishes' (dishes.category keeps the name the shoppers' reads use). */
export async function renameCategory(db: Q, shopId: number, id: number, name: string): Promise<void> {
  await db.run('UPDATE dish_categories SET name = ? WHERE id = ? AND shop_id = ?', name, id, shopId)
  await db.run('UPDATE dishes SET category = ? WHERE category_id = ? AND shop_id = ?', name, id, shopId)
}

/** An empty category goes; the dishes once removed from it keep their own rows, no longer in any category. */
export async function deleteCategory(db: Q, shopId: number, id: number): Promise<void> {
  await db.run('UPDATE dishes SET category_id = NULL WHERE category_id = ? AND shop_id = ? AND removed = 1', id, shopId)
  await db.run('DELETE FROM dish_categories WHERE id = ? AND shop_id = ?', id, shopId)
}

export const setCategorySort = (db: Q, id: number, sort: number) => db.run('UPDATE dish_categories SET sort = ? WHERE id = ?', sort, id)

/** Dishes on the menu in a category (removed ones are not). */
export const dishCountIn = async (db: Q, categoryId: number) => Number((await db.value<number>('SELECT COUNT(*) FROM dishes WHERE category_id = ? AND removed = 0', categoryId)) ?? 0)

export const dishCountOf = async (db: Q, shopId: number) => Number((await db.value<number>('SELECT COUNT(*) FROM dishes WHERE shop_id = ? AND removed = 0', shopId)) ?? 0)

export interface EditorDishRow {
  id: number
  shop_id: number
  category_id: number
  category: string
  name: string
  description: string
  image: string
  price: number
  packing_fee: number
  daily_stock: number | null
  sold_out: number
  sort: number
  monthly_sales: number
}
const DISH = 'SELECT id, shop_id, category_id, category, name, description, image, price, packing_fee, daily_stock, sold_out, sort, monthly_sales FROM dishes'

/** The menu's dishes, in their categories' order, then their own. */
export const editorDishesOf = async (db: Q, shopId: number) =>
  (await db.all(
    `SELECT d.id, d.shop_id, d.category_id, d.category, d.name, d.description, d.image, d.price, d.packing_fee, d.daily_stock, d.sold_out, d.sort, d.monthly_sales
       FROM dishes d JOIN dish_categories c ON c.id = d.category_id WHERE d.shop_id = ? AND d.removed = 0 ORDER BY c.sort, c.id, d.sort, d.id`,
    shopId,
  )) as EditorDishRow[]

export const editorDishOf = async (db: Q, shopId: number, id: number) => (await db.get(`${DISH} WHERE id = ? AND shop_id = ? AND removed = 0`, id, shopId)) as EditorDishRow | undefined

export const dishesInCategory = async (db: Q, categoryId: number) => (await db.all(`${DISH} WHERE category_id = ? AND removed = 0 ORDER BY sort, id`, categoryId)) as EditorDishRow[]

export interface DishFields {
  category_id: number
  category: string
  name: string
  description: string
  image: string
  price: number
  packing_fee: number
  daily_stock: number | null
}

export async function insertDish(db: Q, shopId: number, f: DishFields): Promise<number> {
  const last = await db.value<number | null>('SELECT MAX(sort) FROM dishes WHERE category_id = ? AND removed = 0', f.category_id)
  return db.insert(
    'INSERT INTO dishes (shop_id, category_id, category, name, description, image, price, packing_fee, daily_stock, sold_out, sort, monthly_sales) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, 0)',
    shopId,
    f.category_id,
    f.category,
    f.name,
    f.description,
    f.image,
    f.price,
    f.packing_fee,
    f.daily_stock,
    Number(last ?? -1) + 1,
  )
}

export const updateDish = (db: Q, shopId: number, id: number, f: DishFields, sort: number) =>
  db.run(
    'UPDATE dishes SET category_id = ?, category = ?, name = ?, description = ?, image = ?, price = ?, packing_fee = ?, daily_stock = ?, sort = ? WHERE id = ? AND shop_id = ? AND removed = 0',
    f.category_id,
    f.category,
    f.name,
    f.description,
    f.image,
    f.price,
    f.packing_fee,
    f.daily_stock,
    sort,
    id,
    shopId,
  )

export const nextDishSort = async (db: Q, categoryId: number) => Number((await db.value<number | null>('SELECT MAX(sort) FROM dishes WHERE category_id = ? AND removed = 0', categoryId)) ?? -1) + 1

export const removeDish = (db: Q, shopId: number, id: number) => db.run('UPDATE dishes SET removed = 1 WHERE id = ? AND shop_id = ? AND removed = 0', id, shopId)

export const setDishSort = (db: Q, id: number, sort: number) => db.run('UPDATE dishes SET sort = ? WHERE id = ?', sort, id)

export interface EditorOptionRow {
  group_id: number
  group_name: string
  required: number
  max_choices: number
  dish_id: number
  option_id: number | null
  option_name: string | null
  price: number | null
}

/** The option groups and options on the menu of these dishes, in order. */
export async function editorOptionsOf(db: Q, dishIds: readonly number[]): Promise<EditorOptionRow[]> {
  if (dishIds.length === 0) return []
  return (await db.all(
    `SELECT g.id AS group_id, g.name AS group_name, g.required, g.max_choices, g.dish_id, o.id AS option_id, o.name AS option_name, o.price
       FROM dish_option_groups g LEFT JOIN dish_options o ON o.group_id = g.id AND o.removed = 0
      WHERE g.dish_id IN (${placeholders(dishIds)}) AND g.removed = 0 ORDER BY g.dish_id, g.sort, g.id, o.sort, o.id`,
    ...dishIds,
  )) as EditorOptionRow[]
}

export const insertGroup = (db: Q, dishId: number, g: { name: string; required: boolean; max: number }, sort: number) =>
  db.insert('INSERT INTO dish_option_groups (dish_id, name, required, max_choices, sort) VALUES (?, ?, ?, ?, ?)', dishId, g.name, g.required ? 1 : 0, g.max, sort)
export const updateGroup = (db: Q, dishId: number, id: number, g: { name: string; required: boolean; max: number }, sort: number) =>
  db.run('UPDATE dish_option_groups SET name = ?, required = ?, max_choices = ?, sort = ? WHERE id = ? AND dish_id = ? AND removed = 0', g.name, g.required ? 1 : 0, g.max, sort, id, dishId)
export const removeGroupsExcept = (db: Q, dishId: number, keep: readonly number[]) =>
  keep.length === 0
    ? db.run('UPDATE dish_option_groups SET removed = 1 WHERE dish_id = ? AND removed = 0', dishId)
    : db.run(`UPDATE dish_option_groups SET removed = 1 WHERE dish_id = ? AND removed = 0 AND id NOT IN (${placeholders(keep)})`, dishId, ...keep)

export const insertOption = (db: Q, groupId: number, o: { name: string; price: number }, sort: number) =>
  db.insert('INSERT INTO dish_options (group_id, name, price, sort) VALUES (?, ?, ?, ?)', groupId, o.name, o.price, sort)
export const updateOption = (db: Q, groupId: number, id: number, o: { name: string; price: number }, sort: number) =>
  db.run('UPDATE dish_options SET name = ?, price = ?, sort = ? WHERE id = ? AND group_id = ? AND removed = 0', o.name, o.price, sort, id, groupId)
export const removeOptionsExcept = (db: Q, groupId: number, keep: readonly number[]) =>
  keep.length === 0
    ? db.run('UPDATE dish_options SET removed = 1 WHERE group_id = ? AND removed = 0', groupId)
    : db.run(`UPDATE dish_options SET removed = 1 WHERE group_id = ? AND removed = 0 AND id NOT IN (${placeholders(keep)})`, groupId, ...keep)

// A dish's daily stock ------------------------------------------------------------------------------------------------

/** Sold today (the business day `day`) of each of these dishes. */
export async function soldOn(db: Q, dishIds: readonly number[], day: string): Promise<Map<number, number>> {
  if (dishIds.length === 0) return new Map()
  const rows = (await db.all(`SELECT dish_id, sold FROM dish_stock_days WHERE day = ? AND dish_id IN (${placeholders(dishIds)})`, day, ...dishIds)) as Array<{ dish_id: number; sold: number }>
  return new Map(rows.map((r) => [Number(r.dish_id), Number(r.sold)]))
}

/**
 * Takes `quantity` of a dish's daily stock on `day` in one statement (concurrent orders never take more than the stock):
 * false when fewer are left. A dish without a daily stock takes nothing and answers true.
 */
export async function takeDishStock(db: Q, dishId: number, day: string, quantity: number): Promise<boolean> {
  const stock = await db.value<number | null>('SELECT daily_stock FROM dishes WHERE id = ?', dishId)
  if (stock === null || stock === undefined) return true
  await db.run('INSERT INTO dish_stock_days (dish_id, day, sold) VALUES (?, ?, 0) ON CONFLICT (dish_id, day) DO NOTHING', dishId, day)
  return (await db.run('UPDATE dish_stock_days SET sold = sold + ? WHERE dish_id = ? AND day = ? AND sold + ? <= ?', quantity, dishId, day, quantity, Number(stock))).changes === 1
}

/** What is left of a dish's daily stock on `day` (null: unlimited). */
export async function stockLeft(db: Q, dishId: number, day: string): Promise<number | null> {
  const row = (await db.get('SELECT d.daily_stock, COALESCE(s.sold, 0) AS sold FROM dishes d LEFT JOIN dish_stock_days s ON s.dish_id = d.id AND s.day = ? WHERE d.id = ?', day, dishId)) as { daily_stock: number | null; sold: number } | undefined
  if (!row || row.daily_stock === null) return null
  return Math.max(0, Number(row.daily_stock) - Number(row.sold))
}

/** Gives back what an order took of a day's stock (never below none). */
export const returnDishStock = (db: Q, dishId: number, day: string, quantity: number) =>
  db.run('UPDATE dish_stock_days SET sold = CASE WHEN sold >= ? THEN sold - ? ELSE 0 END WHERE dish_id = ? AND day = ?', quantity, quantity, dishId, day)

// The shop's change history -------------------------------------------------------------------------------------------

export interface ShopChangeRow {
  id: number
  shop_id: number
  user_id: number
  role: 'owner' | 'staff'
  at: string
  kind: string
  subject: string
  before: string | null
  after: string | null
  nickname: string
  phone: string
}

export const insertChange = (db: Q, c: Omit<ShopChangeRow, 'id' | 'nickname' | 'phone'>) =>
  db.insert('INSERT INTO shop_changes (shop_id, user_id, role, at, kind, subject, before, after) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', c.shop_id, c.user_id, c.role, c.at, c.kind, c.subject, c.before, c.after)

export async function changePage(db: Q, shopId: number, limit: number, offset: number): Promise<{ rows: ShopChangeRow[]; total: number }> {
  const total = Number((await db.value<number>('SELECT COUNT(*) FROM shop_changes WHERE shop_id = ?', shopId)) ?? 0)
  const rows = (await db.all(
    `SELECT c.id, c.shop_id, c.user_id, c.role, c.at, c.kind, c.subject, c.before, c.after, u.nickname, u.phone
       FROM shop_changes c JOIN users u ON u.id = c.user_id WHERE c.shop_id = ? ORDER BY c.id DESC LIMIT ? OFFSET ?`,
    shopId,
    limit,
    offset,
  )) as ShopChangeRow[]
  return { rows, total }
}

// Takeout's delivery settings -----------------------------------------------------------------------------------------

export interface DeliveryRow {
  category_id: number
  hours: string
  radius_m: number
  fee_tiers: string
  packing_fee: number
  min_order: number
  pickup: number
  prep_minutes: number
}

/** A shop's first delivery settings: takeout starts for it (not paused, no sales yet). */
export const insertTakeoutShop = (db: Q, shopId: number, d: DeliveryRow) =>
  db.run(
    'INSERT INTO takeout_shops (shop_id, category_id, hours, radius_m, fee_tiers, packing_fee, min_order, pickup, prep_minutes, monthly_sales, paused) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0)',
    shopId,
    d.category_id,
    d.hours,
    d.radius_m,
    d.fee_tiers,
    d.packing_fee,
    d.min_order,
    d.pickup,
    d.prep_minutes,
  )

export const updateTakeoutShop = (db: Q, shopId: number, d: DeliveryRow) =>
  db.run(
    'UPDATE takeout_shops SET category_id = ?, hours = ?, radius_m = ?, fee_tiers = ?, packing_fee = ?, min_order = ?, pickup = ?, prep_minutes = ? WHERE shop_id = ?',
    d.category_id,
    d.hours,
    d.radius_m,
    d.fee_tiers,
    d.packing_fee,
    d.min_order,
    d.pickup,
    d.prep_minutes,
    shopId,
  )

export const takeoutCategoryExists = async (db: Q, id: number) => (await db.get('SELECT id FROM takeout_categories WHERE id = ?', id)) !== undefined

export const takeoutCategoryOf = async (db: Q, shopId: number) => (await db.value<number>('SELECT category_id FROM takeout_shops WHERE shop_id = ?', shopId)) ?? null
