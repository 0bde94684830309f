/**
 * A production start (issue 40): `NODE_ENV=production npm start` with no provider configured, started here exactly as
 * server/main.ts starts it (readConfig → appOptionsOf → buildApp), on SQLite — or on a new PostgreSQL database with
 * TEST_DATABASE_URL (`npm run test:postgres`), which the start seeds with the reference data directly (server/demo/prepare.ts).
 *
 * It holds the reference data and no demo row; it serves nothing of the sandbox (pages, helpers, its payment
 * notifications); it refuses to text a code, WeChat login and payment, each with its reason (never "ok" for a text it did
 * not send); every read of its empty database answers (no 5xx); a parcel is not moved by a made-up carrier.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/http/app'
import { appOptionsOf, readConfig } from '../../server/http/config'
import { createCardProduct } from '../../server/domain/operator'
import { REFERENCE_TABLES } from '../../server/storage/reference'
import { ENDPOINTS } from '../../src/contract/endpoints'
import { FUEL_ENDPOINTS } from '../../src/contract/fuelEndpoints'
import { JOB_ENDPOINTS } from '../../src/contract/jobEndpoints'
import { MALL_ENDPOINTS } from '../../src/contract/mallEndpoints'
import { MERCHANT_ENDPOINTS } from '../../src/contract/merchantEndpoints'
import { REFERRAL_ENDPOINTS } from '../../src/contract/referralEndpoints'
import { STORE_ENDPOINTS, STORE_STAFF_ENDPOINTS } from '../../src/contract/storeEndpoints'
import { TAKEOUT_ENDPOINTS } from '../../src/contract/takeoutEndpoints'
import { nowMs } from '../../server/time'
import { startAlipayDouble } from '../doubles/alipay'
import { rowsOf, type Rows } from './helpers'
import { freshPgDatabase, type PgDatabase } from './pg'

/** Rows a production database holds once started, besides the reference data: its own settings (a random referral key). */
const BOOKKEEPING = new Set<string>(['settings', 'schema_version'])

interface Started {
  app: FastifyInstance
  rows: Rows
  dir: string
  pg: PgDatabase | null
  env: Record<string, string>
  close: () => Promise<void>
}

/** `NODE_ENV=production npm start` on a new database (PostgreSQL with TEST_DATABASE_URL), with `extra` variables. */
async function startProduction(extra: Record<string, string> = {}, reuse?: Started): Promise<Started> {
  const dir = reuse?.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'ocp-production-'))
  const pg = reuse ? reuse.pg : process.env.TEST_DATABASE_URL ? await freshPgDatabase(process.env.TEST_DATABASE_URL) : null
  const env: Record<string, string> = { NODE_ENV: 'production', DB_PATH: path.join(dir, 'onecard.sqlite'), ...(pg ? { DATABASE_URL: pg.url } : {}), ...extra }
  const config = readConfig(env)
  const app = await buildApp(appOptionsOf(config, false))
  return { app, rows: rowsOf(app.storage), dir, pg, env, close: () => app.close() }
}

async function tableCounts(s: Started): Promise<Record<string, number>> {
  const tables =
    s.app.storage.engine === 'postgres'
      ? (await s.rows.rows<{ name: string }>("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'")).map((t) => t.name)
      : (await s.rows.rows<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")).map((t) => t.name)
  const out: Record<string, number> = {}
  for (const t of tables.sort()) out[t] = Number((await s.rows.row<{ n: number | string }>(`SELECT COUNT(*) AS n FROM "${t}"`)).n)
  return out
}

const api = async (s: Started, method: 'GET' | 'POST', url: string, payload: Record<string, unknown> = {}, token = '') => {
  const res = await s.app.inject({ method, url: `/api/${url}`, headers: { 'access-token': token }, ...(method === 'GET' ? { query: Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, String(v)])) } : { payload }) })
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; reason?: string; data: Record<string, unknown> | null } }
}

let s: Started
beforeAll(async () => {
  s = await startProduction()
})
afterAll(async () => {
  await s.close()
  await s.pg?.drop()
  fs.rmSync(s.dir, { recursive: true, force: true })
})

describe('a production start', () => {
  it('holds the reference data (cities, business classes, the mall and takeout categories) and not one demo row', async () => {
    const counts = await tableCounts(s)
    const holding = Object.entries(counts).filter(([table, n]) => n > 0 && !BOOKKEEPING.has(table))
    expect(Object.fromEntries(holding)).toEqual({ business_classes: 6, cities: 8, mall_categories: 6, takeout_categories: 5 })
    expect(holding.map(([t]) => t).sort()).toEqual([...REFERENCE_TABLES].sort())
    // The demo's staff accounts (199 0000 00NN), shops, products, flash sales: none.
    for (const table of ['users', 'shops', 'store_staff', 'card_products', 'seckill_products', 'seckill_sessions', 'mall_products', 'takeout_shops', 'dishes', 'coupons', 'jobs', 'discount_days', 'referral_contests', 'comments', 'oil_stations', 'qr_numbers']) {
      expect({ table, rows: counts[table] }).toEqual({ table, rows: 0 })
    }
    // What the shopper sees of it: the cities and classes, no shop, no card to buy.
    expect((await api(s, 'GET', 'website.hui_china_city/cityList')).body.code).toBe(1)
    expect((await api(s, 'GET', 'hui_public.card/index')).body).toMatchObject({ code: 1, data: { list: [] } })
  })

  it('opens only its database: on PostgreSQL no SQLite file at all (DB_PATH is not created), on SQLite the file of DB_PATH', async () => {
    if (s.pg) {
      expect(s.app.db).toBeNull()
      expect(fs.readdirSync(s.dir)).toEqual([])
    } else {
      expect(fs.readdirSync(s.dir).filter((f) => !/-(wal|shm)$/.test(f))).toEqual(['onecard.sqlite'])
    }
  })

  it('a second start on the same database adds nothing', async () => {
    const before = await tableCounts(s)
    const again = await startProduction({}, s)
    try {
      expect(await tableCounts(again)).toEqual(before)
    } finally {
      await again.close()
    }
  })

  it('serves no sandbox: no /sandbox page, no /api/sandbox helper (the API 404 envelope), no sandbox payment notification', async () => {
    for (const url of ['/sandbox/cashier?trade_no=T1', '/sandbox/oauth?redirect=/']) {
      expect((await s.app.inject({ method: 'GET', url })).statusCode).toBe(404)
    }
    for (const [method, url] of [
      ['GET', 'sandbox/smsOutbox?phone=13800138000'],
      ['GET', 'sandbox/messages'],
      ['GET', 'sandbox/process'],
      ['POST', 'sandbox/confirmPay'],
      ['POST', 'sandbox/carrierClock'],
      ['POST', 'sandbox/clock'],
      ['POST', 'sandbox/sweep'],
      ['POST', 'sandbox/ship'],
      ['POST', 'pay/notify'],
      ['POST', 'pay/refundNotify'],
    ] as const) {
      const res = await s.app.inject({ method, url: `/api/${url}`, headers: { 'x-sandbox-key': 'anything' }, ...(method === 'POST' ? { payload: {} } : {}) })
      expect({ url, status: res.statusCode, body: res.json() }).toMatchObject({ url, status: 404, body: { code: 0, reason: 'endpoint_not_found', data: null } })
    }
    expect(s.app.parcelTracker.name).toBe('none')
  })

  it('refuses to text a login code, with its reason, and keeps no code', async () => {
    const res = await api(s, 'POST', 'Captcha/sendSmsCaptcha', { phone: '13800138000' })
    expect(res.body).toMatchObject({ code: 0, reason: 'sms_not_configured', data: null })
    expect(res.body.msg).toBe('短信验证码服务暂未开通，请稍后再试')
    expect((await s.rows.rows('SELECT id FROM sms_codes'))).toEqual([])
    expect((await api(s, 'POST', 'Captcha/sendSmsCaptcha', { phone: '13800138000', scene: 'shopRegister', lang: 'en' })).body).toMatchObject({ code: 0, reason: 'sms_not_configured', msg: 'Text-message codes are not available yet. Please try again later' })
  })

  it('refuses WeChat login, the JSSDK and payment, each with its reason', async () => {
    expect((await api(s, 'GET', 'wechat/getWxAuthCodeUrl', { redirect: '/pages/accountBind/index' })).body).toMatchObject({ code: 0, reason: 'wechat_login_not_configured' })
    expect((await api(s, 'GET', 'wechat/getOpenID', { code: 'abc' })).body).toMatchObject({ code: 0, reason: 'wechat_login_not_configured' })
    expect((await api(s, 'POST', 'wechat/getJSSDKConfig', { url: 'https://shop.example.com/' })).body).toMatchObject({ code: 0, reason: 'jssdk_not_configured' })
    // A shopper with a code an SMS sender would have texted (there is none here), and a card product the operator created.
    const phone = '13800138131'
    await s.rows.run("INSERT INTO sms_codes (phone, scene, code, created_at) VALUES (?, 'bind', '123456', ?)", phone, nowMs())
    expect((await api(s, 'POST', 'wechat/bind', { phone, code: '123456', wx_code: 'any' })).body).toMatchObject({ code: 0, reason: 'wechat_login_not_configured' })
    const bound = await api(s, 'POST', 'wechat/bind', { phone, code: '123456' })
    expect(bound.body.code).toBe(1)
    const token = (bound.body.data as { token: string }).token
    const cardId = await createCardProduct(s.app.q, { name: '金卡', level: 2, price: 19900, days: 365, member_rate: 95, benefits: [] })
    const order = await api(s, 'POST', 'personal.order/create', { kind: 'card', card_id: cardId, client_request_id: 'production-card-1' }, token)
    expect(order.body.code).toBe(1)
    const id = (order.body.data as { order_info: { id: number } }).order_info.id
    for (const payload of [{ platform: 'h5', pay_channel: 6 }, { platform: 'h5', pay_channel: 8 }, { platform: 'weapp' }]) {
      expect((await api(s, 'POST', 'personal.order/payparam', { id, ...payload }, token)).body).toMatchObject({ code: 0, reason: 'online_pay_unavailable' })
    }
    expect(await s.rows.rows('SELECT id FROM payments')).toEqual([])
  })

  it('offers no subscription message it could not deliver and writes nothing to the sandbox outbox', async () => {
    // Configured templates, but no WeChat sender in this start: the app is asked for none, a reminder is not taken.
    const templated = await startProduction({ TAKEOUT_TEMPLATE_ACCEPTED: 'tpl_accept', DISCOUNT_DAY_TEMPLATE: 'tpl_day' })
    try {
      expect((await api(templated, 'GET', 'hui_public.takeout/subscribeTemplates')).body.data).toEqual({ tmpl_ids: [], templates: [] })
      expect(await templated.rows.rows('SELECT id FROM sandbox_messages')).toEqual([])
    } finally {
      await templated.close()
      await templated.pg?.drop()
      fs.rmSync(templated.dir, { recursive: true, force: true })
    }
  })

  it('answers every read of its empty database, signed in or not: no 5xx, no server_error', async () => {
    const phone = '13800138132'
    await s.rows.run("INSERT INTO sms_codes (phone, scene, code, created_at) VALUES (?, 'bind', '654321', ?)", phone, nowMs())
    const token = ((await api(s, 'POST', 'wechat/bind', { phone, code: '654321' })).body.data as { token: string }).token
    const all: Record<string, string> = { ...ENDPOINTS, ...FUEL_ENDPOINTS, ...JOB_ENDPOINTS, ...MALL_ENDPOINTS, ...MERCHANT_ENDPOINTS, ...REFERRAL_ENDPOINTS, ...STORE_ENDPOINTS, ...STORE_STAFF_ENDPOINTS, ...TAKEOUT_ENDPOINTS }
    const reads = Object.entries(all).filter(([, method]) => method === 'GET').map(([p]) => p)
    expect(reads.length).toBeGreaterThan(40)
    const failures: string[] = []
    for (const read of reads) {
      for (const who of ['', token]) {
        const res = await api(s, 'GET', read, { page: 1, id: 1, shop_id: 1, city_id: 1, lang: 'zh' }, who)
        if (res.status >= 500 || res.body.reason === 'server_error') failures.push(`${read} (${who ? 'signed in' : 'anonymous'}): ${res.status} ${JSON.stringify(res.body)}`)
      }
    }
    expect(failures).toEqual([])
  })
})

describe('a production start with Alipay configured', () => {
  it("pays by Alipay: payparam with Alipay picked answers the WAP page on Alipay's gateway", async () => {
    const double = await startAlipayDouble()
    const started = await startProduction(double.env('https://shop.example.com'))
    try {
      const phone = '13800138133'
      await started.rows.run("INSERT INTO sms_codes (phone, scene, code, created_at) VALUES (?, 'bind', '135790', ?)", phone, nowMs())
      const token = ((await api(started, 'POST', 'wechat/bind', { phone, code: '135790' })).body.data as { token: string }).token
      const cardId = await createCardProduct(started.app.q, { name: '金卡', level: 2, price: 19900, days: 365, member_rate: 95, benefits: [] })
      const order = await api(started, 'POST', 'personal.order/create', { kind: 'card', card_id: cardId, client_request_id: 'production-alipay-1' }, token)
      const id = (order.body.data as { order_info: { id: number } }).order_info.id
      const answer = await api(started, 'POST', 'personal.order/payparam', { id, platform: 'h5', pay_channel: 6, pay_method: 'alipay' }, token)
      expect(answer.body.code).toBe(1)
      expect(String((answer.body.data as { pay_param: { pay_url: string } }).pay_param.pay_url).startsWith(double.gateway)).toBe(true)
    } finally {
      await started.close()
      await started.pg?.drop()
      fs.rmSync(started.dir, { recursive: true, force: true })
      await double.close()
    }
  })
})

describe('DEMO_DATA=1', () => {
  it('a production start seeds the demo into a new database when asked', async () => {
    const demo = await startProduction({ DEMO_DATA: '1' })
    try {
      const counts = await tableCounts(demo)
      expect(counts.shops).toBeGreaterThan(10)
      expect(counts.card_products).toBe(3)
      // Still production: no sandbox helper.
      expect((await demo.app.inject({ method: 'GET', url: '/api/sandbox/process' })).statusCode).toBe(404)
    } finally {
      await demo.close()
      await demo.pg?.drop()
      fs.rmSync(demo.dir, { recursive: true, force: true })
    }
  })
})
