import type { Q } from './query'
import { seeding } from './seed/run'

/**
 * The reference data a platform needs before anyone sells anything (issue 40): the cities it serves (with their centres,
 * GCJ-02 — the nearest city is the one Home follows), the business classes a shop is filed under, and the categories of
 * the micro mall and of takeout. Every database gets them, at every start, on both engines, written through the storage
 * layer's Q (server/demo/prepare.ts; server/storage/seed/run.ts) — a production start as much as the sandbox's; nothing
 * else is invented in a production database (the demo: server/demo/seed.ts, only with DEMO_DATA=1 or the sandbox). The
 * provinces, cities and districts of addresses are in code (server/domain/address/regions.ts), not rows.
 *
 * Added by id when missing, never changed: an operator's edit of a row stays. Names are the system's (Chinese, as stored;
 * server/domain/names.ts has their English); icons are drawn by server/demo/assets.ts (served in production too).
 */

/** [id, name, pinyin, hot, lat, lng] */
export const CITIES = [
  [1, '深圳', 'shenzhen', 1, 22.5431, 114.0579],
  [2, '广州', 'guangzhou', 1, 23.1291, 113.2644],
  [3, '上海', 'shanghai', 1, 31.2304, 121.4737],
  [4, '北京', 'beijing', 1, 39.9042, 116.4074],
  [5, '杭州', 'hangzhou', 0, 30.2741, 120.1551],
  [6, '成都', 'chengdu', 0, 30.5728, 104.0668],
  [7, '东莞', 'dongguan', 0, 23.0207, 113.7518],
  [8, '佛山', 'foshan', 0, 23.0215, 113.1214],
] as const

/** Business classes, in the order Home shows them (id = position + 1). */
export const BUSINESS_CLASSES = ['美食', '丽人', '休闲娱乐', '生活服务', '加油站', '超市便利'] as const

/** The micro mall's categories: [id, name, tabler icon]. */
export const MALL_CATEGORIES = [
  [1, '生鲜水果', 'apple'],
  [2, '休闲零食', 'cookie'],
  [3, '家居日用', 'home'],
  [4, '数码家电', 'device-mobile'],
  [5, '美妆个护', 'sparkles'],
  [6, '母婴玩具', 'baby-carriage'],
] as const

/** Takeout's categories: [id, zh, en, tabler icon]. */
export const TAKEOUT_CATEGORIES = [
  [1, '快餐简餐', 'Quick meals', 'bowl-chopsticks'],
  [2, '粉面粥', 'Noodles & congee', 'soup'],
  [3, '日韩料理', 'Japanese & Korean', 'fish'],
  [4, '奶茶甜品', 'Tea & desserts', 'cup'],
  [5, '地方菜', 'Regional cuisine', 'chef-hat'],
] as const

/** The tables that hold reference data (a production database holds rows in these, its settings and nothing else at first). */
export const REFERENCE_TABLES = ['cities', 'business_classes', 'mall_categories', 'takeout_categories'] as const

const img = (name: string) => `/assets/img/${name}.svg`

/** Adds what is missing, by id (once per row, whatever number of processes start together: server/storage/seed/run.ts). */
export async function seedReferenceData(q: Q): Promise<void> {
  await seeding(q, async (t) => {
    const count = async (table: (typeof REFERENCE_TABLES)[number]) => Number(await t.value(`SELECT COUNT(*) AS n FROM ${table}`))
    const complete =
      (await count('cities')) >= CITIES.length &&
      (await count('business_classes')) >= BUSINESS_CLASSES.length &&
      (await count('mall_categories')) >= MALL_CATEGORIES.length &&
      (await count('takeout_categories')) >= TAKEOUT_CATEGORIES.length
    if (complete) return
    for (const c of CITIES) await t.run('INSERT INTO cities (id, name, pinyin, hot, lat, lng) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING', ...c)
    for (const [i, name] of BUSINESS_CLASSES.entries()) await t.run('INSERT INTO business_classes (id, name, icon, sort) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING', i + 1, name, img(`class-${i + 1}`), i)
    for (const [i, [id, name]] of MALL_CATEGORIES.entries()) await addMallCategory(t, id, name, i)
    for (const [i, [id, zh, en]] of TAKEOUT_CATEGORIES.entries()) await addTakeoutCategory(t, id, zh, en, i, 'keep')
  })
}

/** A mall category by id, when missing (the reference seed; the demo mall's on a database older than the reference data). */
export const addMallCategory = (q: Q, id: number, name: string, sort: number) =>
  q.run('INSERT INTO mall_categories (id, name, icon, sort) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING', id, name, img(`mall-cat-${id}`), sort)

/**
 * A takeout category by id: `keep` adds it when missing; `replace` writes it over what is there (the demo's takeout seed,
 * once, on a database seeded before takeout's categories were reference data).
 */
export const addTakeoutCategory = (q: Q, id: number, zh: string, en: string, sort: number, existing: 'keep' | 'replace') =>
  q.run(
    existing === 'keep'
      ? 'INSERT INTO takeout_categories (id, name, name_en, icon, sort) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING'
      : 'INSERT INTO takeout_categories (id, name, name_en, icon, sort) VALUES (?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET name = excluded.name, name_en = excluded.name_en, icon = excluded.icon, sort = excluded.sort',
    id,
    zh,
    en,
    img(`takeout-cat-${id}`),
    sort,
  )
