import type { Storage } from '../storage/engine'
import { migrateStorage } from '../storage/migrate'
import type { Q } from '../storage/query'
import { seedReferenceData } from '../storage/reference'
import { seedDemoData } from './seed'

/**
 * A start's database made ready (issue 41), the same on either engine, on the database the server runs on: the schema at
 * the latest version (PostgreSQL: migrated here, once, under the migrations' advisory lock, however many processes start;
 * SQLite: already, by server/storage/db.ts openDatabase), then the reference data every database gets
 * (server/storage/reference.ts) and — the sandbox, or DEMO_DATA=1 — the demo's (server/demo/seed.ts), both written through
 * Q in a transaction one seeder holds at a time (server/storage/seed/run.ts). What is there is kept and what is missing
 * is added: a new database gets everything, an older one what later versions added, a production one (no demo asked)
 * only the reference data. Several processes starting at once: each waits its turn and finds the rows there.
 */
export async function prepareDatabase(storage: Storage, q: Q, opts: { demo: boolean }): Promise<void> {
  await migrateStorage(storage)
  if (opts.demo) await seedDemoData(q)
  else await seedReferenceData(q)
}
