import type { Q } from '../query'

/**
 * Account deletion's erasures in other aggregates (issue 43; server/domain/erasure.ts runs them in deleteAccount's
 * transaction), and SQLite's write-ahead log emptied once an erasure has committed.
 */

/**
 * What the person wrote or left about jobs: their reports' notes (the reports stay, with reason and time: the shop still
 * answers them), the contacts they saw (which postings, from which address), and the contact of a posting that gave
 * their own phone — closed and its contact blanked, so their number stops being listed (the shop posts again).
 */
export async function eraseJobTraces(db: Q, userId: number, phone: string, now: number): Promise<void> {
  await db.run("UPDATE job_reports SET note = '' WHERE user_id = ? AND note <> ''", userId)
  await db.run('DELETE FROM job_contacts WHERE user_id = ?', userId)
  await db.run("UPDATE jobs SET contact_name = '', contact_phone = '', closed_at = COALESCE(closed_at, ?) WHERE contact_phone = ?", now, phone)
}

/** The sandbox outbox's copy of the person's WeChat openid (the message it stands in for was addressed to it). */
export const eraseOutboxAddressee = (db: Q, userId: number) => db.run('UPDATE sandbox_messages SET touser = NULL WHERE user_id = ? AND touser IS NOT NULL', userId)

/**
 * SQLite: the write-ahead log copied into the main file and cut to nothing (`wal_checkpoint(TRUNCATE)`): its frames hold
 * every page as it was written, erased rows included, until the log is reset — and a reset log is reused in place, not
 * cleared. True when it was done; false when a reader or writer of another process held the log past the busy timeout.
 * PostgreSQL: nothing this server can do (docs/postgres.md): true.
 */
export async function truncateLog(db: Q): Promise<boolean> {
  if (db.engine !== 'sqlite') return true
  const row = await db.get<{ busy: number }>('PRAGMA wal_checkpoint(TRUNCATE)')
  return row?.busy === 0
}

const LOG_DUE = 'erased_log_due'

/** An erasure whose log could not be emptied at once: the sweep tries again until it is. */
export const markLogDue = (db: Q, now: number) => db.run('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value', LOG_DUE, String(now))
export const logDue = async (db: Q): Promise<boolean> => (await db.get('SELECT 1 AS one FROM settings WHERE key = ?', LOG_DUE)) !== undefined
export const clearLogDue = (db: Q) => db.run('DELETE FROM settings WHERE key = ?', LOG_DUE)
