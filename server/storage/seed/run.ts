import type { Isolation } from '../engine'
import type { Q } from '../query'
import { moveSequencesPastIds } from '../sequences'

/**
 * How a seed writes (issue 41): the reference data (server/storage/reference.ts) and the demo's (server/demo/seed.ts), through
 * the storage layer's Q on either engine, the same code. Each seed adds what is missing — on a new database, and on an older
 * one a later version added rows to — looking and writing inside one transaction that only one seeder holds at a time:
 *
 * - SQLite: BEGIN IMMEDIATE, the file's write lock from the start (several processes on one file wait in turn);
 * - PostgreSQL: an advisory lock taken as the transaction's first statement, held until it ends (several processes
 *   starting at once on one database seed one after another; the later ones find the rows there and add nothing). READ
 *   COMMITTED, not SERIALIZABLE: a serializable transaction's snapshot would be taken by that first statement, before the
 *   wait, and miss what the seeder before it committed; at READ COMMITTED every later statement sees it.
 *
 * The seeds write ids (a city, a demo shop, a product are known by their ids): on PostgreSQL a seed that wrote anything
 * moves the identity sequences past the ids now in the tables, in the same transaction, so the next insert without an id
 * (a login's new user, an operator's new card product) is handed a free one. The function may run again on a retried
 * transaction: it touches nothing but the database.
 */

/** The advisory lock's key (the migrations' is 28028: server/storage/migrate.ts). */
const SEED_LOCK = 41041

/** `fn` inside the seed's transaction (joined when `q` is one already), on a Q that notes whether anything was written. */
export async function seeding(q: Q, fn: (t: Q) => Promise<void>): Promise<void> {
  await q.transaction('read committed', async (t) => {
    if (t.engine === 'postgres') await t.get('SELECT pg_advisory_xact_lock(?)', SEED_LOCK)
    let wrote = false
    const noting: Q = {
      engine: t.engine,
      kysely: t.kysely,
      inTransaction: t.inTransaction,
      root: t.root,
      all: t.all,
      get: t.get,
      value: t.value,
      arrays: t.arrays,
      run: async (text, ...params) => {
        const result = await t.run(text, ...params)
        if (result.changes > 0) wrote = true
        return result
      },
      insert: async (text, ...params) => {
        const id = await t.insert(text, ...params)
        wrote = true
        return id
      },
      transaction: async <T>(_isolation: Isolation, inner: (q: Q) => Promise<T> | T): Promise<T> => inner(noting),
    }
    await fn(noting)
    if (wrote && t.engine === 'postgres') await moveSequencesPastIds(t.kysely, { mode: 'forward' })
  })
}
