import type { Q } from '../query'
import type { ContestRow } from '../referral'

/**
 * What the referral contest keeps on Q (issue 26; the rest is on the storage seam, server/storage/referral.ts): the demo
 * seed's contest (server/demo/seedReferral.ts, in the seed's transaction on either engine) and the HMAC key, kept in
 * `settings`.
 */

export const contestEndingAfter = (db: Q, now: number) => db.get<{ id: number }>('SELECT id FROM referral_contests WHERE end_at > ? LIMIT 1', now)

export const insertContest = (db: Q, c: Omit<ContestRow, 'id'>) =>
  db.run('INSERT INTO referral_contests (title, title_en, start_at, end_at, prizes, min_amount) VALUES (?, ?, ?, ?, ?, ?)', c.title, c.title_en, c.start_at, c.end_at, c.prizes, c.min_amount)

export const secretSetting = async (db: Q): Promise<string | undefined> => ((await db.get("SELECT value FROM settings WHERE key = 'referral_secret'")) as { value: string } | undefined)?.value

export const insertSecretSetting = (db: Q, value: string) => db.run("INSERT INTO settings (key, value) VALUES ('referral_secret', ?) ON CONFLICT DO NOTHING", value)
