import type { Q } from '../query'
import { distanceMeters, type GeoPoint } from '../../../src/contract/geo'
import type { Shop } from '../../../src/contract/member'
import { searchTerm } from '../../../src/contract/searchWords'
import { type DB } from '../db'

/**
 * `distance_m(lat, lng, lat2, lng2)` in SQL: metres, the same haversine the contract uses — registered on SQLite's
 * handle when the server opens it (server/http/app.ts); PostgreSQL's is a SQL function of the schema
 * (server/storage/migrations/0030_distance_function.postgres.sql, the same arithmetic).
 */
export function addDistanceFunction(db: DB): void {
  db.function('distance_m', { deterministic: true }, (lat: unknown, lng: unknown, lat2: unknown, lng2: unknown) =>
    [lat, lng, lat2, lng2].every((v) => typeof v === 'number') ? distanceMeters({ lat: lat as number, lng: lng as number }, { lat: lat2 as number, lng: lng2 as number }) : null,
  )
}

/** What pricing needs of a shop. */
export interface ShopTerms {
  id: number
  name: string
  discount_rate: number
  is_oil: number
  delivery_fee: number
  packing_fee: number
  min_order: number
}

const SHOP_SELECT = `SELECT s.id, s.name, s.class_id, c.name AS class_name, s.city_id, s.address, s.phone, s.hours, s.rating, s.discount_rate, s.image, s.intro, s.lat, s.lng
  FROM shops s JOIN business_classes c ON c.id = s.class_id`

export const shopName = async (db: Q, id: number) => ((await db.get('SELECT name FROM shops WHERE id = ?', id)) as { name: string } | undefined)?.name

/** A shop's name and where it is (an order collected there: name, address, hours, a map). */
export const shopPlace = async (db: Q, id: number) =>
  (await db.get('SELECT id, name, address, hours, lat, lng FROM shops WHERE id = ?', id)) as { id: number; name: string; address: string; hours: string; lat: number; lng: number } | undefined

export const shopTerms = async (db: Q, id: number) =>
  (await db.get('SELECT id, name, discount_rate, is_oil, delivery_fee, packing_fee, min_order FROM shops WHERE id = ?', id)) as ShopTerms | undefined

/** One shop; with a point, its `distance` from it in metres. */
export async function shopById(db: Q, id: number, from?: GeoPoint | null): Promise<Shop | undefined> {
  const shop = (await db.get(`${SHOP_SELECT} WHERE s.id = ?`, id)) as Shop | undefined
  return shop && from ? { ...shop, distance: distanceMeters(from, shop) } : shop
}

/**
 * Shops that are not fuel stations, filtered by class, city and a name fragment: best discount first, or with a
 * point nearest first (each with its `distance`), ties by id so pages never repeat or skip a shop.
 */
export async function shopPage(db: Q, filter: { class_id?: number; city_id?: number; keyword?: string }, limit: number, offset: number, from?: GeoPoint | null): Promise<{ list: Shop[]; total: number }> {
  const where = ['s.is_oil = 0']
  const args: Array<string | number> = []
  if (filter.class_id) {
    where.push('s.class_id = ?')
    args.push(filter.class_id)
  }
  if (filter.city_id) {
    where.push('s.city_id = ?')
    args.push(filter.city_id)
  }
  if (filter.keyword) {
    where.push("LOWER(s.name) LIKE LOWER(?) ESCAPE '\\'")
    args.push(likePattern(searchTerm(filter.keyword)))
  }
  const sqlWhere = where.join(' AND ')
  const total = ((await db.get(`SELECT COUNT(*) AS n FROM shops s WHERE ${sqlWhere}`, ...args)) as { n: number }).n
  if (from) {
    const list = (await db.all(`SELECT * FROM (${SHOP_SELECT.replace('SELECT ', 'SELECT distance_m(?, ?, s.lat, s.lng) AS distance, ')} WHERE ${sqlWhere}) AS near ORDER BY distance, id LIMIT ? OFFSET ?`, from.lat, from.lng, ...args, limit, offset)) as Shop[]
    return { list, total }
  }
  const list = (await db.all(`${SHOP_SELECT} WHERE ${sqlWhere} ORDER BY s.discount_rate ASC, s.id LIMIT ? OFFSET ?`, ...args, limit, offset)) as Shop[]
  return { list, total }
}

/**
 * `%fragment%` with LIKE's own characters escaped (use with ESCAPE '\'). Compare `LOWER(col) LIKE LOWER(?)`: SQLite's
 * LIKE ignores ASCII case, PostgreSQL's does not (issue 28) — lowered on both, a search matches the same rows.
 */
export const likePattern = (fragment: string) => `%${fragment.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * An English name that has a word starting with the keyword, any case (issue 39: "ice" finds "Matcha ice cream", not
 * "Steamed rice"; hyphens part words: "fried" finds "Stir-fried …"). `column` may be NULL (no English name): no match.
 * Binds one parameter: englishWordPattern(keyword).
 */
export const englishNameLike = (column: string): string => `(' ' || REPLACE(LOWER(${column}), '-', ' ')) LIKE ? ESCAPE '\\'`
export const englishWordPattern = (keyword: string): string => `% ${keyword.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** A dish of this shop's menu (a dish of another shop is not found). */
export const dishOf = async (db: Q, shopId: number, dishId: number) =>
  (await db.get('SELECT id, name, price FROM dishes WHERE id = ? AND shop_id = ?', dishId, shopId)) as { id: number; name: string; price: number } | undefined

/** A class a new shop may be filed under: one the console has not hidden (h45-home). */
export const classExists = async (db: Q, id: number): Promise<boolean> => !!(await db.get('SELECT 1 AS one FROM business_classes WHERE id = ? AND hidden_at IS NULL', id))

/** A shop an approved merchant application opens (server/domain/merchant.ts approveApplication): no rating yet; its new id. */
export const insertMerchantShop = async (
  db: Q,
  s: { name: string; class_id: number; city_id: number; address: string; lat: number; lng: number; phone: string; hours: string; discount_rate: number; image: string },
): Promise<number> =>
  Number(
    await db.insert(
      `INSERT INTO shops (name, class_id, city_id, address, lat, lng, phone, hours, rating, discount_rate, image, intro, is_oil)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, '', 0)`,
      s.name, s.class_id, s.city_id, s.address, s.lat, s.lng, s.phone, s.hours, s.discount_rate, s.image,
    ),
  )

/** The classes offered to shoppers' filters and new sign-ups (hidden ones left out, h45-home). */
export const businessClasses = async (db: Q) => (await db.all('SELECT id, name, name_en, icon FROM business_classes WHERE hidden_at IS NULL ORDER BY sort, id')) as Array<{ id: number; name: string; name_en: string | null; icon: string }>

/** A shop as the operator's command lists it (npm run admin -- shops): its city and class, its owner's phone. */
export interface OperatorShopRow {
  id: number
  name: string
  city: string
  class_name: string
  owner_phone: string | null
  staff: number
}

/** Every shop, newest first, with its owner (an approved applicant) and how many staff accounts it has. */
export const operatorShops = async (db: Q) =>
  (await db.all(`SELECT s.id, s.name, ci.name AS city, c.name AS class_name,
       (SELECT u.phone FROM store_staff st JOIN users u ON u.id = st.user_id WHERE st.shop_id = s.id AND st.role = 'owner' ORDER BY st.user_id LIMIT 1) AS owner_phone,
       (SELECT COUNT(*) FROM store_staff st WHERE st.shop_id = s.id) AS staff
     FROM shops s JOIN business_classes c ON c.id = s.class_id JOIN cities ci ON ci.id = s.city_id ORDER BY s.id DESC`)) as OperatorShopRow[]

/**
 * WeChat Pay's sub-merchant id of each shop (service-provider mode: server/providers/wechatpay), when the database has the
 * column (shops.wxpay_sub_mchid, added with the WeChat Pay provider's migration); null when it has not.
 */
export async function subMchids(db: Q): Promise<Map<number, string | null> | null> {
  try {
    const rows = (await db.all('SELECT id, wxpay_sub_mchid FROM shops')) as Array<{ id: number; wxpay_sub_mchid: string | null }>
    return new Map(rows.map((r) => [Number(r.id), r.wxpay_sub_mchid]))
  } catch {
    return null
  }
}

/** Sets (or clears, null) a shop's WeChat Pay sub-merchant id; false when there is no such shop. */
export const setSubMchid = async (db: Q, shopId: number, subMchid: string | null) => (await db.run('UPDATE shops SET wxpay_sub_mchid = ? WHERE id = ?', subMchid, shopId)).changes === 1
