/**
 * The seed is the same on either engine (issue 41): the reference data and the demo's are written through the storage
 * layer's Q (server/demo/prepare.ts, server/storage/seed/), so a new SQLite database and a new PostgreSQL database seeded at
 * one moment hold the same rows, table by table — and so does a PostgreSQL database several processes start on at once
 * (each waits for the seed's advisory lock and finds the rows there). After a PostgreSQL seed every identity sequence is
 * past the ids the seed wrote.
 *
 * The PostgreSQL half runs in the PostgreSQL tier (TEST_DATABASE_URL: `npm run test:postgres`); without it only the SQLite
 * seed runs (still portable SQL through Q), saying so.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { prepareDatabase } from '../../server/demo/prepare'
import { openDatabase, type DB } from '../../server/storage/db'
import { openStorage, type Storage } from '../../server/storage/engine'
import { queryOf, type Q } from '../../server/storage/query'
import { identityHeadroom } from '../../server/storage/sequences'
import { parseText } from '../../server/time'
import { holdServerClock } from './helpers'
import { freshPgDatabase, type PgDatabase } from './pg'

/** One moment for every seed here: the demo's times are relative to it (comments, discount days, jobs, the contest). */
const SEEDED_AT = parseText('2026-12-06 10:30:00').valueOf()

const adminUrl = process.env.TEST_DATABASE_URL ?? null
if (!adminUrl) console.warn('seedEngines: no TEST_DATABASE_URL: the PostgreSQL half is skipped (npm run test:postgres runs it)')
const pgIt = adminUrl ? it : it.skip

/** Every table's rows, each row's columns by name and its values made comparable, rows in one order. */
type Snapshot = Record<string, string[]>

const comparable = (value: unknown): unknown => {
  if (typeof value === 'bigint') return Number(value)
  if (Buffer.isBuffer(value)) return `bytes:${value.toString('hex')}`
  if (value instanceof Date) return value.toISOString()
  return value
}

async function snapshot(q: Q): Promise<Snapshot> {
  const tables =
    q.engine === 'postgres'
      ? await q.all<{ name: string }>("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> 'schema_version'")
      : await q.all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
  const out: Snapshot = {}
  for (const { name } of tables.sort((a, b) => a.name.localeCompare(b.name))) {
    const rows = await q.all<Record<string, unknown>>(`SELECT * FROM "${name}"`)
    out[name] = rows
      .map((row) => JSON.stringify(Object.fromEntries(Object.keys(row).sort().map((k) => [k, comparable(row[k])]))))
      .sort()
  }
  return out
}

const rowCounts = (s: Snapshot) => Object.fromEntries(Object.entries(s).map(([t, rows]) => [t, rows.length]))

interface Opened {
  storage: Storage
  handle: DB
  q: Q
}

let dir: string
const opened: Opened[] = []
const databases: PgDatabase[] = []

/** A storage on the SQLite file (opened and migrated as the server opens it) or on a PostgreSQL database. */
function open(where: { file: string } | { url: string }): Opened {
  const handle = 'file' in where ? openDatabase(where.file) : new Database(':memory:')
  const storage = openStorage(handle, 'url' in where ? where.url : '')
  const o = { storage, handle, q: queryOf(storage, handle) }
  opened.push(o)
  return o
}

let sqliteRows: Snapshot
let held: jest.SpyInstance<number, []>

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocp-seed-engines-'))
  held = holdServerClock(SEEDED_AT)
  const sqlite = open({ file: path.join(dir, 'seeded.sqlite') })
  await prepareDatabase(sqlite.storage, sqlite.q, { demo: true })
  sqliteRows = await snapshot(sqlite.q)
})
afterAll(async () => {
  held.mockRestore()
  for (const o of opened.splice(0)) {
    await o.storage.close()
    o.handle.close()
  }
  for (const d of databases.splice(0)) await d.drop()
  fs.rmSync(dir, { recursive: true, force: true })
})

async function newPostgres(): Promise<string> {
  const d = await freshPgDatabase(adminUrl as string)
  databases.push(d)
  return d.url
}

it('SQLite: the seed writes the reference data and the demo, and a second seed adds nothing', async () => {
  const counts = rowCounts(sqliteRows)
  expect(counts).toMatchObject({ cities: 8, business_classes: 6, mall_categories: 6, takeout_categories: 5, mall_products: 22, takeout_shops: 7, operators: 4, home_banners: 3, discount_days: 8 })
  const again = open({ file: path.join(dir, 'seeded.sqlite') })
  await prepareDatabase(again.storage, again.q, { demo: true })
  expect(await snapshot(again.q)).toEqual(sqliteRows)
})

pgIt('a new PostgreSQL database seeded at the same moment holds exactly the rows SQLite holds, table by table', async () => {
  const pg = open({ url: await newPostgres() })
  await prepareDatabase(pg.storage, pg.q, { demo: true })
  const pgRows = await snapshot(pg.q)
  expect(Object.keys(pgRows)).toEqual(Object.keys(sqliteRows))
  expect(rowCounts(pgRows)).toEqual(rowCounts(sqliteRows))
  for (const table of Object.keys(sqliteRows)) expect({ table, rows: pgRows[table] }).toEqual({ table, rows: sqliteRows[table] })
})

pgIt('four processes starting at once on a new PostgreSQL database seed it once: the same rows as one seed', async () => {
  const url = await newPostgres()
  const starts = [open({ url }), open({ url }), open({ url }), open({ url })]
  await Promise.all(starts.map((s) => prepareDatabase(s.storage, s.q, { demo: true })))
  const pgRows = await snapshot(starts[0].q)
  expect(rowCounts(pgRows)).toEqual(rowCounts(sqliteRows))
  for (const table of Object.keys(sqliteRows)) expect({ table, rows: pgRows[table] }).toEqual({ table, rows: sqliteRows[table] })
})

pgIt('after a PostgreSQL seed every identity sequence hands out an id past the largest the table holds', async () => {
  const pg = open({ url: await newPostgres() })
  await prepareDatabase(pg.storage, pg.q, { demo: true })
  const headroom = await identityHeadroom(pg.storage.db)
  expect(headroom.filter((h) => h.table === 'card_products' || h.table === 'shops' || h.table === 'cities').map((h) => h.table).sort()).toEqual(['card_products', 'cities', 'shops'])
  expect(headroom.filter((h) => h.next <= h.max)).toEqual([])
  // The seed's own ids stay where they were; a new shop takes the next one.
  const id = await pg.q.insert(
    "INSERT INTO shops (name, class_id, city_id, address, lat, lng, phone, hours, rating, discount_rate, image, intro) VALUES ('新店', 1, 1, '南山区', 22.5, 113.9, '0755-1', '09:00-22:00', 5, 90, '', '')",
  )
  expect(id).toBe(Math.max(...headroom.filter((h) => h.table === 'shops').map((h) => h.max)) + 1)
})
