import type { Q } from '../query'

/**
 * The next number of the database's one serial (migration 40, `serials`): each handed out once, to whichever process on
 * whichever machine asks, on either engine — the unique part of the numbers people are shown (server/domain/numbers.ts).
 * - PostgreSQL: the table's identity sequence. nextval is never rolled back, so a transaction that runs again
 *   (server/storage/engine.ts) or fails leaves a gap, never a repeat; it takes no lock that another transaction waits on.
 * - SQLite: an insert into the AUTOINCREMENT table under the file's write lock (inside the caller's transaction, or a
 *   statement of its own), deleted at once; AUTOINCREMENT never hands out a number again (sqlite_sequence keeps the
 *   mark). Rolled back with its transaction, the number is free again — and so is everything written with it.
 */
export async function nextSerial(db: Q): Promise<number> {
  if (db.engine === 'postgres') return Number(await db.value("SELECT nextval('serials_id_seq')"))
  const id = await db.insert('INSERT INTO serials DEFAULT VALUES')
  await db.run('DELETE FROM serials WHERE id = ?', id)
  return id
}
