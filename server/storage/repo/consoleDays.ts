import type { Q } from '../query'

/**
 * The console's writes and reads of discount days and referral contests (issue 45; server/domain/console/discountDays.ts,
 * contests.ts). The shoppers' reads of the same rows are server/storage/repo/discountDays.ts and server/storage/repo/referral.ts:
 * every shopper's call reads them afresh, so what is written here shows at the next call.
 */

// ——— Discount days ———

export interface DayRow {
  day: string
  reminders: number
  reminders_sent: number
}

const DAY_COLUMNS = `d.day,
  (SELECT COUNT(*) FROM discount_day_reminders r WHERE r.day = d.day AND r.sent_at IS NULL) AS reminders,
  (SELECT COUNT(*) FROM discount_day_reminders r WHERE r.day = d.day AND r.sent_at IS NOT NULL) AS reminders_sent`

/** Days after `today` soonest first (upcoming, with today: today first), or before it latest first (past). */
export async function daysPage(db: Q, when: 'upcoming' | 'past', today: string, limit: number, offset: number): Promise<{ rows: DayRow[]; total: number }> {
  const where = when === 'upcoming' ? 'd.day >= ?' : 'd.day < ?'
  const order = when === 'upcoming' ? 'd.day' : 'd.day DESC'
  const rows = await db.all<DayRow>(`SELECT ${DAY_COLUMNS} FROM discount_days d WHERE ${where} ORDER BY ${order} LIMIT ? OFFSET ?`, today, limit, offset)
  const total = Number(await db.value(`SELECT COUNT(*) FROM discount_days d WHERE ${where}`, today))
  return { rows: rows.map((r) => ({ day: r.day, reminders: Number(r.reminders), reminders_sent: Number(r.reminders_sent) })), total }
}

export async function dayRow(db: Q, day: string): Promise<DayRow | undefined> {
  const r = await db.get<DayRow>(`SELECT ${DAY_COLUMNS} FROM discount_days d WHERE d.day = ?`, day)
  return r && { day: r.day, reminders: Number(r.reminders), reminders_sent: Number(r.reminders_sent) }
}

/** A new day: false when it is one already. */
export const insertDay = async (db: Q, day: string): Promise<boolean> => (await db.run('INSERT INTO discount_days (day) VALUES (?) ON CONFLICT DO NOTHING', day)).changes === 1

export const deleteDay = async (db: Q, day: string): Promise<boolean> => (await db.run('DELETE FROM discount_days WHERE day = ?', day)).changes === 1

/** The day's reminders not sent yet move to `to` (one per shopper and day: one already there for `to` stays, the other goes). */
export async function moveReminders(db: Q, from: string, to: string): Promise<number> {
  await db.run('DELETE FROM discount_day_reminders WHERE day = ? AND sent_at IS NULL AND user_id IN (SELECT user_id FROM discount_day_reminders WHERE day = ?)', from, to)
  return (await db.run('UPDATE discount_day_reminders SET day = ? WHERE day = ? AND sent_at IS NULL', to, from)).changes
}

/** The day's reminders not sent yet go (nothing will be sent for a day withdrawn). */
export const dropReminders = async (db: Q, day: string): Promise<number> => (await db.run('DELETE FROM discount_day_reminders WHERE day = ? AND sent_at IS NULL', day)).changes

export interface DayShopRow {
  shop_id: number
  name: string
  extra_rate: number
}

export const dayShops = async (db: Q): Promise<DayShopRow[]> =>
  (await db.all<DayShopRow>('SELECT t.shop_id, s.name, t.extra_rate FROM discount_day_shops t JOIN shops s ON s.id = t.shop_id ORDER BY t.shop_id')).map((r) => ({ shop_id: Number(r.shop_id), name: r.name, extra_rate: Number(r.extra_rate) }))

export async function dayShop(db: Q, shopId: number): Promise<DayShopRow | undefined> {
  const r = await db.get<DayShopRow>('SELECT t.shop_id, s.name, t.extra_rate FROM discount_day_shops t JOIN shops s ON s.id = t.shop_id WHERE t.shop_id = ?', shopId)
  return r && { shop_id: Number(r.shop_id), name: r.name, extra_rate: Number(r.extra_rate) }
}

export const allShops = async (db: Q) => (await db.all<{ id: number; name: string }>('SELECT id, name FROM shops ORDER BY id')).map((r) => ({ id: Number(r.id), name: r.name }))

export const shopExists = async (db: Q, id: number) => (await db.get('SELECT id FROM shops WHERE id = ?', id)) !== undefined

export const upsertDayShop = (db: Q, shopId: number, rate: number) =>
  db.run('INSERT INTO discount_day_shops (shop_id, extra_rate) VALUES (?, ?) ON CONFLICT (shop_id) DO UPDATE SET extra_rate = excluded.extra_rate', shopId, rate)

export const deleteDayShop = async (db: Q, shopId: number): Promise<boolean> => (await db.run('DELETE FROM discount_day_shops WHERE shop_id = ?', shopId)).changes === 1

// ——— Referral contests ———

export interface ContestStored {
  id: number
  title: string
  title_en: string
  start_at: number
  end_at: number
  prizes: string
  min_amount: number
}

const CONTEST_COLUMNS = 'id, title, title_en, start_at, end_at, prizes, min_amount'

const contestOf = (r: ContestStored): ContestStored => ({ ...r, id: Number(r.id), start_at: Number(r.start_at), end_at: Number(r.end_at), min_amount: Number(r.min_amount) })

export const contests = async (db: Q): Promise<ContestStored[]> => (await db.all<ContestStored>(`SELECT ${CONTEST_COLUMNS} FROM referral_contests ORDER BY start_at DESC, id DESC`)).map(contestOf)

export async function contest(db: Q, id: number): Promise<ContestStored | undefined> {
  const r = await db.get<ContestStored>(`SELECT ${CONTEST_COLUMNS} FROM referral_contests WHERE id = ?`, id)
  return r && contestOf(r)
}

/** A contest other than `exceptId` whose period meets [start, end) — the first by start. */
export async function overlapping(db: Q, start: number, end: number, exceptId: number | null): Promise<ContestStored | undefined> {
  const r = await db.get<ContestStored>(`SELECT ${CONTEST_COLUMNS} FROM referral_contests WHERE start_at < ? AND end_at > ? AND id <> ? ORDER BY start_at LIMIT 1`, end, start, exceptId ?? -1)
  return r && contestOf(r)
}

export const insertContest = (db: Q, c: Omit<ContestStored, 'id'>) =>
  db.insert('INSERT INTO referral_contests (title, title_en, start_at, end_at, prizes, min_amount) VALUES (?, ?, ?, ?, ?, ?)', c.title, c.title_en, c.start_at, c.end_at, c.prizes, c.min_amount)

export const updateContest = (db: Q, c: ContestStored) =>
  db.run('UPDATE referral_contests SET title = ?, title_en = ?, start_at = ?, end_at = ?, prizes = ?, min_amount = ? WHERE id = ?', c.title, c.title_en, c.start_at, c.end_at, c.prizes, c.min_amount, c.id)
