/**
 * Several server processes may start at once on a new database (README: DB_PATH; DATABASE_URL). Each seed looks at what
 * is there inside its write transaction, which one seeder holds at a time (server/storage/seed/run.ts: SQLite's BEGIN
 * IMMEDIATE; PostgreSQL's advisory lock). Here a second process seeds everything in the moment the first has started its
 * seed and not yet opened its transaction — the window in which "UNIQUE constraint failed: mall_categories.id" once
 * stopped a server in CI: the first finds the rows there and adds nothing.
 *
 * On the SQLite file, two handles (two processes' connections); with TEST_DATABASE_URL also on a new PostgreSQL database,
 * two storages (two processes' pools). Truly simultaneous starts on PostgreSQL: __tests__/server/seedEngines.test.ts.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { seedDemoData } from '../../server/demo/seed'
import { openDatabase, type DB } from '../../server/storage/db'
import { openStorage, type Isolation, type Storage } from '../../server/storage/engine'
import { migrateStorage } from '../../server/storage/migrate'
import { queryOf, type Q } from '../../server/storage/query'
import { freshPgDatabase, type PgDatabase } from './pg'

const TABLES = ['cities', 'mall_categories', 'mall_products', 'shops', 'users', 'store_staff', 'seckill_products', 'comments', 'dishes', 'jobs', 'operators', 'home_banners', 'discount_days', 'referral_contests']

const counts = async (q: Q) => {
  const out: Record<string, number> = {}
  for (const t of TABLES) out[t] = Number(await q.value(`SELECT COUNT(*) AS n FROM ${t}`))
  return out
}

/** `q`, whose first transaction starts only after `before` has run to its end. */
function racedBy(q: Q, before: () => Promise<void>): { q: Q; raced: () => boolean } {
  let ran = false
  const raced: Q = {
    engine: q.engine,
    kysely: q.kysely,
    inTransaction: q.inTransaction,
    root: q.root,
    all: q.all,
    get: q.get,
    value: q.value,
    arrays: q.arrays,
    run: q.run,
    insert: q.insert,
    transaction: async <T,>(isolation: Isolation, fn: (t: Q) => Promise<T> | T): Promise<T> => {
      if (!ran) {
        ran = true
        await before()
      }
      return q.transaction(isolation, fn)
    },
  }
  return { q: raced, raced: () => ran }
}

async function race(first: Q, second: Q): Promise<void> {
  const { q, raced } = racedBy(first, () => seedDemoData(second))
  await expect(seedDemoData(q)).resolves.toBeUndefined()
  expect(raced()).toBe(true)
  const seen = await counts(first)
  expect(seen).toEqual(await counts(second))
  expect(seen.mall_categories).toBe(6)
  expect(seen.mall_products).toBe(22)
  expect(seen.home_banners).toBe(3)
}

it('SQLite: a second process seeding the whole demo just before the first opens its transaction: no error, everything once', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocp-seed-'))
  const file = path.join(dir, 'race.sqlite')
  const first = openDatabase(file)
  const second = openDatabase(file)
  try {
    await race(queryOf(openStorage(first, ''), first), queryOf(openStorage(second, ''), second))
  } finally {
    first.close()
    second.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
})

;(process.env.TEST_DATABASE_URL ? it : it.skip)('PostgreSQL: the same race on a new database: no error, everything once', async () => {
  const pgdb: PgDatabase = await freshPgDatabase(process.env.TEST_DATABASE_URL as string)
  const handles: DB[] = [new Database(':memory:'), new Database(':memory:')]
  const storages: Storage[] = handles.map((h) => openStorage(h, pgdb.url))
  try {
    await migrateStorage(storages[0])
    await race(queryOf(storages[0], handles[0]), queryOf(storages[1], handles[1]))
  } finally {
    for (const s of storages) await s.close()
    for (const h of handles) h.close()
    await pgdb.drop()
  }
})
