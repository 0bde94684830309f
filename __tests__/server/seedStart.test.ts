/**
 * What a start seeds (issue 41: the seed writes through the storage layer, the same on either engine), started as
 * server/main.ts starts a process (buildApp), on SQLite — or, with TEST_DATABASE_URL, on a new PostgreSQL database:
 *
 * - a database a production start made (reference data only) gets the demo when a later start asks for it;
 * - a demo database missing rows a later version adds (a shop's staff account, a flash-sale product, the jobs, Home's
 *   banners) gets them back at the next start, and nothing twice;
 * - after the seed, a row inserted without an id gets a free one (PostgreSQL: the sequences past the seeded ids);
 * - on PostgreSQL the start opens no SQLite file (every row is PostgreSQL's).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/http/app'
import { createCardProduct } from '../../server/domain/operator'
import { rowsOf, SANDBOX_KEY, SECRET, type Rows } from './helpers'
import { freshPgDatabase, type PgDatabase } from './pg'

let dir: string
let pgdb: PgDatabase | null = null
let dbPath: string
const opened: FastifyInstance[] = []

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocp-seed-start-'))
  dbPath = path.join(dir, 'start.sqlite')
  pgdb = process.env.TEST_DATABASE_URL ? await freshPgDatabase(process.env.TEST_DATABASE_URL) : null
})
afterEach(async () => {
  for (const app of opened.splice(0)) await app.close()
  await pgdb?.drop()
  fs.rmSync(dir, { recursive: true, force: true })
})

/** A start on the test's database: `demo` as DEMO_DATA (with the sandbox) or a production start (neither). */
async function start(demo: boolean): Promise<{ app: FastifyInstance; rows: Rows }> {
  const app = await buildApp({ dbPath, databaseUrl: pgdb?.url, sandbox: demo, demoData: demo, sandboxKey: SANDBOX_KEY, paySecret: SECRET })
  opened.push(app)
  return { app, rows: rowsOf(app.storage) }
}

const stop = async (app: FastifyInstance) => {
  opened.splice(opened.indexOf(app), 1)
  await app.close()
}

const count = async (rows: Rows, table: string) => Number((await rows.row<{ n: number | string }>(`SELECT COUNT(*) AS n FROM ${table}`)).n)

it('a database a production start made gets the demo when a later start asks for it; the reference data stays once', async () => {
  const production = await start(false)
  expect(await count(production.rows, 'cities')).toBe(8)
  expect(await count(production.rows, 'shops')).toBe(0)
  await stop(production.app)

  const demo = await start(true)
  expect(await count(demo.rows, 'cities')).toBe(8)
  expect(await count(demo.rows, 'shops')).toBeGreaterThan(0)
  expect(await count(demo.rows, 'mall_products')).toBe(22)
  expect(await count(demo.rows, 'takeout_shops')).toBe(7)
  expect(await count(demo.rows, 'operators')).toBe(4)
  // The demo's shop 1 is there for a shopper to pay at.
  expect((await demo.app.inject({ method: 'GET', url: '/api/hui_shanghu.shop/read?id=1' })).json()).toMatchObject({ code: 1, data: { info: { name: '川味小馆' } } })
})

it('a demo database missing rows a later version adds gets them at the next start, and nothing twice', async () => {
  const first = await start(true)
  const tables = ['shops', 'users', 'store_staff', 'seckill_products', 'comments', 'jobs', 'home_banners', 'mall_products', 'dishes', 'operators']
  const before: Record<string, number> = {}
  for (const t of tables) before[t] = await count(first.rows, t)
  // As a database seeded by an older version: no staff account for shop 19, no flash product 18, no jobs, no banners.
  await first.rows.run('DELETE FROM store_staff WHERE shop_id = 19')
  await first.rows.run('DELETE FROM comments WHERE product_id = 18')
  await first.rows.run('DELETE FROM seckill_products WHERE id = 18')
  await first.rows.run('DELETE FROM jobs')
  await first.rows.run('DELETE FROM home_banners')
  await stop(first.app)

  const again = await start(true)
  const after: Record<string, number> = {}
  for (const t of tables) after[t] = await count(again.rows, t)
  expect(after).toEqual(before)
  expect(await again.rows.rows('SELECT u.phone FROM store_staff s JOIN users u ON u.id = s.user_id WHERE s.shop_id = 19')).toEqual([{ phone: '19900000019' }])
  expect(await again.rows.rows('SELECT id, name FROM seckill_products WHERE id = 18')).toEqual([{ id: 18, name: '轻量运动双肩包' }])
  expect(await count(again.rows, 'jobs')).toBeGreaterThan(0)
  expect((await again.rows.rows<{ id: number }>('SELECT id FROM home_banners ORDER BY id')).map((b) => Number(b.id))).toEqual([1, 2, 3])
})

it('after the seed a row inserted without an id is given a free one (a new card product, a new shopper)', async () => {
  const { app, rows } = await start(true)
  const seeded = (await rows.rows<{ id: number }>('SELECT id FROM card_products ORDER BY id')).map((r) => Number(r.id))
  expect(seeded).toEqual([1, 2, 3])
  const cardId = await createCardProduct(app.q, { name: '体验卡', level: 1, price: 990, days: 30, member_rate: 99, benefits: [] })
  expect(seeded).not.toContain(cardId)
  const phone = '13700004101'
  await app.inject({ method: 'POST', url: '/api/Captcha/sendSmsCaptcha', payload: { phone } })
  const outbox = (await app.inject({ method: 'GET', url: `/api/sandbox/smsOutbox?phone=${phone}`, headers: { 'x-sandbox-key': SANDBOX_KEY } })).json() as { data: { list: Array<{ code: string }> } }
  const bind = (await app.inject({ method: 'POST', url: '/api/wechat/bind', payload: { phone, code: outbox.data.list[0].code } })).json() as { code: number; data: { user: { id: number } } }
  expect(bind.code).toBe(1)
  expect(await rows.rows('SELECT phone FROM users WHERE id = ?', bind.data.user.id)).toEqual([{ phone }])
})

;(process.env.TEST_DATABASE_URL ? it : it.skip)('on PostgreSQL the start opens no SQLite file: every row is PostgreSQL\'s', async () => {
  const { app, rows } = await start(true)
  expect(await count(rows, 'shops')).toBeGreaterThan(0)
  expect(app.db).toBeNull()
  expect(fs.existsSync(dbPath)).toBe(false)
})
