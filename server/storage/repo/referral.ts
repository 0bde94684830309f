import type { Q } from '../query'
import { sql, type DB } from '../db'
import type { ContestRow } from '../referral'

/**
 * What stays synchronous SQLite of the referral contest (issue 26; the rest is on the storage seam, server/storage/referral.ts):
 * the demo seed's contest (server/demo/seedReferral.ts runs with the other demo data, before the seam opens; the
 * test hybrid copies it into PostgreSQL) and the HMAC key, kept in `settings` (not moved yet).
 */

export const contestEndingAfter = (db: DB, now: number) => sql(db, 'SELECT id FROM referral_contests WHERE end_at > ? LIMIT 1').get(now) as { id: number } | undefined

export const insertContest = (db: DB, c: Omit<ContestRow, 'id'>) =>
  sql(db, 'INSERT INTO referral_contests (title, title_en, start_at, end_at, prizes, min_amount) VALUES (?, ?, ?, ?, ?, ?)').run(c.title, c.title_en, c.start_at, c.end_at, c.prizes, c.min_amount)

export const secretSetting = async (db: Q): Promise<string | undefined> => ((await db.get("SELECT value FROM settings WHERE key = 'referral_secret'")) as { value: string } | undefined)?.value

export const insertSecretSetting = (db: Q, value: string) => db.run("INSERT INTO settings (key, value) VALUES ('referral_secret', ?) ON CONFLICT DO NOTHING", value)
