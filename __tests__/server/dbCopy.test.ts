import Database from 'better-sqlite3'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { OrderInfo } from '../../src/contract/order'
import type { DB } from '../../server/storage/db'
import { HISTORY, SCHEMA_VERSION } from '../../server/storage/history'
import { CopyRefused, copySqliteToPostgres, parseCopyArgs, runCopyCommand } from '../../server/storage/copy'
import { startServer, type TestServer } from './helpers'
import { freshPgDatabase, pgReachable, pgTestUrl, type PgDatabase } from './pg'

// `npm run db:copy` (issue 28, server/storage/copy.ts): an existing SQLite database — the server's, with its demo data, a
// shopper, orders, a picture — copied into a new PostgreSQL database. The PostgreSQL half needs a cluster:
// `node scripts/pg.mjs start` (or TEST_DATABASE_URL); without one it is skipped, saying so.

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`

/** A value as both engines' drivers give it, compared as text (BLOB/bytea as hex, NULL as null). */
function canonical(value: unknown): string | null {
  if (value === null || value === undefined) return null
  if (Buffer.isBuffer(value)) return `bytes:${value.toString('hex')}`
  return String(value)
}

function sqliteTables(db: DB): string[] {
  return (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as Array<{ name: string }>).map((t) => t.name)
}

/** Every row of a table, each as its columns' canonical values, sorted (the same rows in any order compare equal). */
function sqliteRows(db: DB, table: string): string[] {
  const stmt = db.prepare(`SELECT * FROM ${quote(table)}`)
  stmt.safeIntegers(true)
  return (stmt.all() as Array<Record<string, unknown>>).map((r) => JSON.stringify(Object.entries(r).map(([k, v]) => [k, canonical(v)]).sort())).sort()
}

async function pgRows(pgdb: PgDatabase, table: string): Promise<string[]> {
  const res = await pgdb.query(`SELECT * FROM ${quote(table)}`)
  return (res.rows as Array<Record<string, unknown>>).map((r) => JSON.stringify(Object.entries(r).map(([k, v]) => [k, canonical(v)]).sort())).sort()
}

async function pgCounts(pgdb: PgDatabase, tables: string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {}
  for (const t of tables) out[t] = Number((await pgdb.query(`SELECT count(*) AS n FROM ${quote(t)}`)).rows[0].n)
  return out
}

function sqliteCounts(db: DB): Record<string, number> {
  return Object.fromEntries(sqliteTables(db).map((t) => [t, (db.prepare(`SELECT count(*) AS n FROM ${quote(t)}`).get() as { n: number }).n]))
}

describe('the command and its source (no PostgreSQL needed)', () => {
  it('reads --from/--to, else DB_PATH/DATABASE_URL; refuses a target that is not PostgreSQL', () => {
    expect(parseCopyArgs([], { DATABASE_URL: 'postgres://h/db' })).toEqual({ from: './data/onecard.sqlite', to: 'postgres://h/db', replace: false, migrateSource: false })
    expect(parseCopyArgs(['--from', 'a.sqlite', '--to=postgresql://h/x', '--replace'], { DB_PATH: 'b.sqlite', DATABASE_URL: 'postgres://h/db' })).toEqual({
      from: 'a.sqlite',
      to: 'postgresql://h/x',
      replace: true,
      migrateSource: false,
    })
    expect(parseCopyArgs([], { DB_PATH: 'b.sqlite', DATABASE_URL: 'postgres://h/db' }).from).toBe('b.sqlite')
    expect(() => parseCopyArgs([], {})).toThrow('no target')
    expect(() => parseCopyArgs(['--to', 'mysql://h/db'], {})).toThrow('postgres://')
    expect(() => parseCopyArgs(['--to', 'postgres://h/db', '--force'], {})).toThrow("Unknown option '--force'")
    expect(() => parseCopyArgs(['--from'], { DATABASE_URL: 'postgres://h/db' })).toThrow('argument missing')
  })

  it('refuses a missing file, and a SQLite file behind the latest version (saying how to migrate it)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocp-dbcopy-'))
    try {
      const to = 'postgres://127.0.0.1:1/never-reached'
      await expect(copySqliteToPostgres({ from: path.join(dir, 'none.sqlite'), to })).rejects.toThrow(CopyRefused)
      const old = path.join(dir, 'old.sqlite')
      const db = new Database(old)
      db.exec(HISTORY[0].sqlite)
      db.pragma('user_version = 1')
      db.close()
      await expect(copySqliteToPostgres({ from: old, to })).rejects.toThrow(`schema version 1, the server's is ${SCHEMA_VERSION}: start the server on it once`)
      // It was only read: still at version 1.
      const version = () => {
        const db = new Database(old, { readonly: true })
        const v = db.pragma('user_version', { simple: true })
        db.close()
        return v
      }
      expect(version()).toBe(1)
      // --migrate-source: migrated as the server migrates at start (then the unreachable target fails the copy).
      await expect(copySqliteToPostgres({ from: old, to, migrateSource: true })).rejects.toThrow()
      expect(version()).toBe(SCHEMA_VERSION)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})

const adminUrl = pgTestUrl()
if (!adminUrl) {
  console.warn('dbCopy: no test PostgreSQL (TEST_DATABASE_URL or `node scripts/pg.mjs start`): the copy into PostgreSQL is skipped')
}
const pgDescribe = adminUrl ? describe : describe.skip

pgDescribe('copying a SQLite database into PostgreSQL', () => {
  let s: TestServer
  let file: string
  let sqlite: DB
  /** A picture's bytes: every byte value, so a text round trip would show. */
  const bytes = Buffer.from(Array.from({ length: 256 }, (_, i) => i))
  const nickname = '张三 Zoë 🍜'
  let shopperId: number
  let pictureId: number
  const targets: PgDatabase[] = []
  const target = async () => {
    const t = await freshPgDatabase(adminUrl ?? '')
    targets.push(t)
    return t
  }

  beforeAll(async () => {
    if (!(await pgReachable(adminUrl ?? ''))) throw new Error(`test PostgreSQL at ${adminUrl} does not answer: node scripts/pg.mjs start (or unset TEST_DATABASE_URL)`)
    // The server's database as it makes it: migrated, the demo data seeded; a shopper logs in and orders.
    // The server on SQLite (also under TEST_DATABASE_URL): its file is what is copied.
    s = await startServer({ sqlite: true })
    const { token, userId } = await s.login('13700000028')
    shopperId = userId
    const card = await s.call<{ order_info: OrderInfo }>('POST', 'personal.order/create', { kind: 'card', card_id: 2, client_request_id: 'copy-card' }, token)
    expect(card.body.code).toBe(1)
    await s.call('POST', 'personal.order/payparam', { id: card.body.data.order_info.id, platform: 'h5', pay_channel: 6 }, token)
    expect((await s.call('POST', 'sandbox/confirmPay', { id: card.body.data.order_info.id, result: 'success' })).body.code).toBe(1)
    const bill = await s.call('POST', 'personal.order/create', { kind: 'bill', shop_id: 1, amount: 12345, client_request_id: 'copy-bill' }, token)
    expect(bill.body.code).toBe(1)
    file = path.join(s.dir, 'test.sqlite')
    // The server stops (a copy is made of a database no server writes to); the file is then edited directly.
    await s.app.close()
    sqlite = new Database(file)
    sqlite.prepare('UPDATE users SET nickname = ? WHERE id = ?').run(nickname, shopperId)
    pictureId = Number(
      sqlite.prepare("INSERT INTO uploads (user_id, name, mime, data, created_at, public_id, reencoded) VALUES (?, 'photo', 'image/png', ?, '2026-11-26 22:00:00', NULL, 0)").run(shopperId, bytes)
        .lastInsertRowid,
    )
    // SQLite's AUTOINCREMENT never hands out a deleted row's id again: a user made and deleted leaves users' mark above max(id).
    const gone = sqlite.prepare("INSERT INTO users (phone, nickname, avatar, created_at) VALUES ('13700000099', 'gone', '', '2026-01-01 00:00:00')").run().lastInsertRowid
    sqlite.prepare('DELETE FROM users WHERE id = ?').run(gone)
  })
  afterAll(async () => {
    sqlite?.close()
    for (const t of targets) await t.drop()
    await s?.close().catch(() => undefined)
    if (s) fs.rmSync(s.dir, { recursive: true, force: true })
  })

  it('copies every table: the same row counts, every row equal field by field (a BLOB, NULLs, non-ASCII text)', async () => {
    const pgdb = await target()
    const result = await copySqliteToPostgres({ from: file, to: pgdb.url })
    const counts = sqliteCounts(sqlite)
    // The personal tables have rows, so they are really copied.
    for (const t of ['users', 'tokens', 'sms_codes', 'orders', 'payments', 'user_cards', 'uploads']) expect([t, counts[t] > 0]).toEqual([t, true])
    expect(Object.fromEntries(result.tables.map((t) => [t.name, t.rows]))).toEqual(counts)
    expect(await pgCounts(pgdb, Object.keys(counts))).toEqual(counts)
    expect(result.version).toBe(SCHEMA_VERSION)
    for (const table of Object.keys(counts)) expect([table, await pgRows(pgdb, table)]).toEqual([table, sqliteRows(sqlite, table)])

    // A few rows by name, with the types the baseline gives them.
    const user = (await pgdb.query('SELECT nickname, wx_openid, referrer_id, phone FROM users WHERE id = $1', [shopperId])).rows[0]
    expect(user).toEqual({ nickname, wx_openid: null, referrer_id: null, phone: '13700000028' })
    const picture = (await pgdb.query('SELECT data, public_id, reencoded FROM uploads WHERE id = $1', [pictureId])).rows[0]
    expect(Buffer.isBuffer(picture.data) && picture.data.equals(bytes)).toBe(true)
    expect([picture.public_id, picture.reencoded]).toEqual([null, '0'])
    const shop = sqlite.prepare('SELECT id, name, lat FROM shops ORDER BY id LIMIT 1').get() as { id: number; name: string; lat: number }
    expect((await pgdb.query('SELECT name, lat FROM shops WHERE id = $1', [shop.id])).rows[0]).toEqual({ name: shop.name, lat: shop.lat })
    expect(/[^\x20-\x7e]/.test(shop.name)).toBe(true)
  })

  it('sets every identity sequence past the copied ids: a new row without an id gets a new one', async () => {
    const pgdb = await target()
    await copySqliteToPostgres({ from: file, to: pgdb.url })
    const maxUser = (sqlite.prepare('SELECT max(id) AS m FROM users').get() as { m: number }).m
    const mark = (sqlite.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'users'").get() as { seq: number }).seq
    expect(mark).toBeGreaterThan(maxUser)
    const inserted = await pgdb.query("INSERT INTO users (phone, nickname, avatar, created_at) VALUES ('13700000100', 'new', '', '2026-11-26 22:00:00') RETURNING id")
    expect(Number(inserted.rows[0].id)).toBe(mark + 1)
    const code = await pgdb.query("INSERT INTO sms_codes (phone, scene, code, created_at) VALUES ('13700000100', 'login', '123456', 0) RETURNING id")
    expect(Number(code.rows[0].id)).toBeGreaterThan(Number((sqlite.prepare('SELECT max(id) AS m FROM sms_codes').get() as { m: number }).m))
    // Every identity column: its sequence's next value is past the table's largest id.
    const identities = await pgdb.query("SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema() AND is_identity = 'YES'")
    expect(identities.rows.length).toBeGreaterThan(30)
    for (const { table_name: table, column_name: column } of identities.rows as Array<{ table_name: string; column_name: string }>) {
      const seq = await pgdb.query(`SELECT last_value, is_called FROM ${(await pgdb.query('SELECT pg_get_serial_sequence($1, $2) AS s', [quote(table), column])).rows[0].s}`)
      const next = Number(seq.rows[0].last_value) + (seq.rows[0].is_called ? 1 : 0)
      const max = Number((await pgdb.query(`SELECT coalesce(max(${quote(column)}), 0) AS m FROM ${quote(table)}`)).rows[0].m)
      expect([table, next > max]).toEqual([table, true])
    }
  })

  it('refuses a target that already holds rows; --replace empties it and copies again, in one transaction', async () => {
    const pgdb = await target()
    await copySqliteToPostgres({ from: file, to: pgdb.url })
    const counts = sqliteCounts(sqlite)
    await pgdb.query("INSERT INTO settings (key, value) VALUES ('only_in_target', 'x')")
    await expect(copySqliteToPostgres({ from: file, to: pgdb.url })).rejects.toThrow(CopyRefused)
    await expect(copySqliteToPostgres({ from: file, to: pgdb.url })).rejects.toThrow(/already holds rows — users \(\d+\).*--replace/)
    expect((await pgCounts(pgdb, ['users', 'settings'])).users).toBe(counts.users)

    const replaced = await copySqliteToPostgres({ from: file, to: pgdb.url, replace: true })
    expect(Object.fromEntries(replaced.tables.map((t) => [t.name, t.rows]))).toEqual(counts)
    expect(await pgCounts(pgdb, Object.keys(counts))).toEqual(counts)
    expect(await pgRows(pgdb, 'settings')).toEqual(sqliteRows(sqlite, 'settings'))
    // The sequences again past the copied ids (the replace restarted them).
    const inserted = await pgdb.query("INSERT INTO users (phone, nickname, avatar, created_at) VALUES ('13700000101', 'new', '', '2026-11-26 22:00:00') RETURNING id")
    expect(Number(inserted.rows[0].id)).toBeGreaterThan(counts.users)
  })

  it('a failure part-way leaves the target as it was (one transaction), with or without --replace', async () => {
    const pgdb = await target()
    const counts = sqliteCounts(sqlite)
    // Text in an integer column: SQLite's affinity lets it in, PostgreSQL's bigint refuses it — after users, shops and
    // the rest before orders were copied.
    const order = (sqlite.prepare('SELECT id, quantity FROM orders ORDER BY id DESC LIMIT 1').get() as { id: number; quantity: number })
    sqlite.prepare("UPDATE orders SET quantity = 'many' WHERE id = ?").run(order.id)
    try {
      await expect(copySqliteToPostgres({ from: file, to: pgdb.url })).rejects.toThrow(/copying orders .*many/)
      expect(Object.values(await pgCounts(pgdb, Object.keys(counts))).every((n) => n === 0)).toBe(true)

      // A target holding an earlier copy, --replace, the same failure: its rows are all still there.
      sqlite.prepare('UPDATE orders SET quantity = ? WHERE id = ?').run(order.quantity, order.id)
      await copySqliteToPostgres({ from: file, to: pgdb.url })
      sqlite.prepare("UPDATE orders SET quantity = 'many' WHERE id = ?").run(order.id)
      await expect(copySqliteToPostgres({ from: file, to: pgdb.url, replace: true })).rejects.toThrow(/copying orders/)
      expect(await pgCounts(pgdb, Object.keys(counts))).toEqual(counts)
    } finally {
      sqlite.prepare('UPDATE orders SET quantity = ? WHERE id = ?').run(order.quantity, order.id)
    }
  })

  it('refuses schema drift, naming the tables on one side only', async () => {
    const pgdb = await target()
    sqlite.exec('CREATE TABLE notes_only_here (id INTEGER PRIMARY KEY, body TEXT)')
    try {
      await expect(copySqliteToPostgres({ from: file, to: pgdb.url })).rejects.toThrow('tables only in SQLite: notes_only_here')
    } finally {
      sqlite.exec('DROP TABLE notes_only_here')
    }
    await pgdb.query('CREATE TABLE extra_in_pg (id bigint PRIMARY KEY)')
    await pgdb.query('ALTER TABLE settings ADD COLUMN note text')
    await expect(copySqliteToPostgres({ from: file, to: pgdb.url })).rejects.toThrow('tables only in PostgreSQL: extra_in_pg; columns on one side only: settings.note (PostgreSQL only)')
    expect((await pgCounts(pgdb, ['users'])).users).toBe(0)
  })

  it('npm run db:copy prints each table with its rows, and refuses a second run (exit 1)', async () => {
    const pgdb = await target()
    const lines: string[] = []
    expect(await runCopyCommand(['--from', file, '--to', pgdb.url], {}, (line) => lines.push(line))).toBe(0)
    const counts = sqliteCounts(sqlite)
    for (const [table, n] of Object.entries(counts)) expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^  ${table} +${n}$`)))
    const total = Object.values(counts).reduce((a, b) => a + b, 0)
    expect(lines[lines.length - 1]).toMatch(new RegExp(`^Copied ${total} rows in ${Object.keys(counts).length} tables in one transaction`))
    const again: string[] = []
    expect(await runCopyCommand(['--from', file, '--to', pgdb.url], {}, (line) => again.push(line))).toBe(1)
    expect(again.join('\n')).toMatch(/Refused: the target already holds rows/)
  })
})
