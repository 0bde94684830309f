import type { Q } from '../storage/query'
import * as erasure from '../storage/repo/erasure'

/**
 * What account deletion erases beyond the account's own rows, and what it does to the database's files (issue 43;
 * docs/api.md "Account deletion"). server/http/routes/account.ts deleteAccount calls both.
 */

/** In deletion's transaction: the person's words and traces kept by other aggregates (jobs, the sandbox outbox). */
export async function eraseTracesElsewhere(db: Q, userId: number, phone: string, now: number): Promise<void> {
  await erasure.eraseJobTraces(db, userId, phone, now)
  await erasure.eraseOutboxAddressee(db, userId)
}

/**
 * After the erasure committed: on SQLite, freed bytes are already zeros (secure_delete, server/storage/db.ts
 * openDatabase); the write-ahead log still holds the pages as they were written — emptied into the main file now. When
 * another process holds the log, the sweep tries again (retryLogFlush). PostgreSQL keeps its own copies for a while
 * (docs/postgres.md).
 */
export async function flushErasure(db: Q, now: number): Promise<void> {
  if (!(await erasure.truncateLog(db))) await erasure.markLogDue(db, now)
}

/** The sweep (server/http/app.ts housekeeping): a log an erasure could not empty is emptied when it can be. */
export async function retryLogFlush(db: Q): Promise<void> {
  if (db.engine !== 'sqlite' || !(await erasure.logDue(db))) return
  if (await erasure.truncateLog(db)) {
    await erasure.clearLogDue(db)
    // The row just deleted is one more frame: the log is emptied once more (it held nothing erased).
    await erasure.truncateLog(db)
  }
}
