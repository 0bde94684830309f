import type { Q } from '../query'

/**
 * Home's content and the platform's lists as the console writes them (issue 45, server/domain/console/home.ts and
 * places.ts): Home's banners (in carousel order; a window and a withdrawal in ms), Home's service grid as ordered, and
 * the cities and business classes with how many shops use each. What shoppers read is selected on every call (nothing
 * kept), so a write shows at once.
 */

export interface BannerStored {
  id: number
  image: string
  title: string
  title_en: string
  path: string
  position: number
  shows_from: number | null
  shows_until: number | null
  withdrawn_at: number | null
}

const BANNER_COLUMNS = 'id, image, title, title_en, path, position, shows_from, shows_until, withdrawn_at'

/** Every banner, withdrawn ones too, in carousel order. */
export const allBanners = async (db: Q) => db.all<BannerStored>(`SELECT ${BANNER_COLUMNS} FROM home_banners ORDER BY position, id`)

/** The banners a shopper sees at `now`: not withdrawn, inside their window (from included, until excluded). */
export const bannersShownAt = async (db: Q, now: number) =>
  db.all<BannerStored>(
    `SELECT ${BANNER_COLUMNS} FROM home_banners WHERE withdrawn_at IS NULL AND (shows_from IS NULL OR shows_from <= ?) AND (shows_until IS NULL OR shows_until > ?) ORDER BY position, id`,
    now,
    now,
  )

export const banner = async (db: Q, id: number) => db.get<BannerStored>(`SELECT ${BANNER_COLUMNS} FROM home_banners WHERE id = ?`, id)

export type BannerFields = Pick<BannerStored, 'image' | 'title' | 'title_en' | 'path' | 'shows_from' | 'shows_until'>

/** A new banner, last in the carousel. */
export async function insertBanner(db: Q, f: BannerFields, now: number): Promise<number> {
  const last = await db.get<{ p: number | null }>('SELECT MAX(position) AS p FROM home_banners')
  return db.insert(
    'INSERT INTO home_banners (image, title, title_en, path, position, shows_from, shows_until, withdrawn_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, NULL, ?, ?)',
    f.image,
    f.title,
    f.title_en,
    f.path,
    Number(last?.p ?? -1) + 1,
    f.shows_from,
    f.shows_until,
    now,
    now,
  )
}

export const updateBanner = (db: Q, id: number, f: BannerFields, now: number) =>
  db.run('UPDATE home_banners SET image = ?, title = ?, title_en = ?, path = ?, shows_from = ?, shows_until = ?, updated_at = ? WHERE id = ?', f.image, f.title, f.title_en, f.path, f.shows_from, f.shows_until, now, id)

export const setBannerWithdrawn = (db: Q, id: number, at: number | null, now: number) => db.run('UPDATE home_banners SET withdrawn_at = ?, updated_at = ? WHERE id = ?', at, now, id)

export const setBannerPosition = (db: Q, id: number, position: number, now: number) => db.run('UPDATE home_banners SET position = ?, updated_at = ? WHERE id = ?', position, now, id)

export interface ModuleStored {
  key: string
  position: number
  shown: number
}

export const moduleRows = async (db: Q) => db.all<ModuleStored>('SELECT key, position, shown FROM home_modules ORDER BY position, key')

/** The grid as ordered: every row replaced (one write per save). */
export async function replaceModules(db: Q, rows: ReadonlyArray<{ key: string; shown: boolean }>): Promise<void> {
  await db.run('DELETE FROM home_modules')
  for (const [i, r] of rows.entries()) await db.run('INSERT INTO home_modules (key, position, shown) VALUES (?, ?, ?)', r.key, i, r.shown ? 1 : 0)
}

export interface CityStored {
  id: number
  name: string
  name_en: string | null
  pinyin: string
  hot: number
  lat: number | null
  lng: number | null
  hidden_at: number | null
  shops: number
}

const CITY_SELECT = 'SELECT c.id, c.name, c.name_en, c.pinyin, c.hot, c.lat, c.lng, c.hidden_at, (SELECT COUNT(*) FROM shops s WHERE s.city_id = c.id) AS shops FROM cities c'

export const allCities = async (db: Q) => db.all<CityStored>(`${CITY_SELECT} ORDER BY c.hot DESC, c.pinyin, c.id`)

export const city = async (db: Q, id: number) => db.get<CityStored>(`${CITY_SELECT} WHERE c.id = ?`, id)

/** Another city of this name (Chinese or English), if any. */
export const cityNamed = async (db: Q, name: string, nameEn: string, exceptId: number) =>
  db.get<{ id: number; name: string }>('SELECT id, name FROM cities WHERE (name = ? OR LOWER(name_en) = LOWER(?)) AND id <> ?', name, nameEn, exceptId)

export type CityFields = Pick<CityStored, 'name' | 'name_en' | 'pinyin' | 'hot' | 'lat' | 'lng'>

export const insertCity = (db: Q, f: CityFields) => db.insert('INSERT INTO cities (name, name_en, pinyin, hot, lat, lng) VALUES (?, ?, ?, ?, ?, ?)', f.name, f.name_en, f.pinyin, f.hot, f.lat, f.lng)

export const updateCity = (db: Q, id: number, f: CityFields) => db.run('UPDATE cities SET name = ?, name_en = ?, pinyin = ?, hot = ?, lat = ?, lng = ? WHERE id = ?', f.name, f.name_en, f.pinyin, f.hot, f.lat, f.lng, id)

export const setCityHidden = (db: Q, id: number, at: number | null) => db.run('UPDATE cities SET hidden_at = ? WHERE id = ?', at, id)

export interface BusinessClassStored {
  id: number
  name: string
  name_en: string | null
  icon: string
  sort: number
  hidden_at: number | null
  shops: number
}

const CLASS_SELECT = 'SELECT c.id, c.name, c.name_en, c.icon, c.sort, c.hidden_at, (SELECT COUNT(*) FROM shops s WHERE s.class_id = c.id) AS shops FROM business_classes c'

export const allClasses = async (db: Q) => db.all<BusinessClassStored>(`${CLASS_SELECT} ORDER BY c.sort, c.id`)

export const businessClass = async (db: Q, id: number) => db.get<BusinessClassStored>(`${CLASS_SELECT} WHERE c.id = ?`, id)

export const classNamed = async (db: Q, name: string, nameEn: string, exceptId: number) =>
  db.get<{ id: number; name: string }>('SELECT id, name FROM business_classes WHERE (name = ? OR LOWER(name_en) = LOWER(?)) AND id <> ?', name, nameEn, exceptId)

export type ClassFields = Pick<BusinessClassStored, 'name' | 'name_en' | 'icon'>

/** A new class, last. */
export async function insertClass(db: Q, f: ClassFields): Promise<number> {
  const last = await db.get<{ s: number | null }>('SELECT MAX(sort) AS s FROM business_classes')
  return db.insert('INSERT INTO business_classes (name, name_en, icon, sort) VALUES (?, ?, ?, ?)', f.name, f.name_en, f.icon, Number(last?.s ?? -1) + 1)
}

export const updateClass = (db: Q, id: number, f: ClassFields) => db.run('UPDATE business_classes SET name = ?, name_en = ?, icon = ? WHERE id = ?', f.name, f.name_en, f.icon, id)

export const setClassHidden = (db: Q, id: number, at: number | null) => db.run('UPDATE business_classes SET hidden_at = ? WHERE id = ?', at, id)
