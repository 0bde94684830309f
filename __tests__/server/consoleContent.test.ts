/**
 * The console's content (issue 45): flash sales and fuel prices written by a content operator reach shoppers at once,
 * within their rules — stock never below what is sold or held, an order keeps its amounts, a fuel price change takes
 * effect at its stated time and not before (a quote given before it meets the price-moved rule) — only the roles the
 * contract lists may write, and every write leaves its audit row with before and after. Runs on PostgreSQL too
 * (TEST_DATABASE_URL).
 */
import type { OperatorRole } from '../../src/contract/consoleEndpoints'
import type { SeckillIndexAnswer, FuelIndexAnswer } from '../../src/contract/console'
import type { SeckillListAnswer } from '../../src/contract/seckill'
import type { PriceQuote } from '../../src/contract/order'
import { businessMidnight } from '../../server/time'
import { holdServerClock, startServer, type TestServer } from './helpers'
import { operatorCalls } from './operator'

let s: TestServer
beforeAll(async () => {
  s = await startServer()
})
afterAll(() => s.close())
afterEach(() => jest.restoreAllMocks())

/** Moments on the server's clock far apart (each sign-in takes a fresh TOTP step). */
let base = Date.UTC(2027, 5, 1)
const freshMoment = () => (base += 24 * 3600_000)

const { consoleCall, signIn } = operatorCalls(() => s)
const tokenOf = (role: OperatorRole, at = freshMoment()) => signIn(role, at)

const auditRows = (kind: string, id: number | string) =>
  s.rows<{ action: string; before_json: string | null; after_json: string | null; reason: string | null; operator_id: number }>('SELECT action, before_json, after_json, reason, operator_id FROM operator_audit WHERE target_kind = ? AND target_id = ? ORDER BY id', kind, String(id))
const parsed = (text: string | null): unknown => (text === null ? null : JSON.parse(text))

describe('flash sales', () => {
  const product = { name: '控制台秒杀测试品', image: '/assets/img/product-1.svg', original_price: 5000, price: 1990, total_stock: 5, limit_per_user: 2, pickup_shop_id: 8, rules: '每人限购 2 件' }

  it('a session and product a content operator adds show in the shopper’s flash-sale answer at once; a change and taking it off too; each write has its audit row', async () => {
    const at = freshMoment()
    const token = await tokenOf('content', at)
    const created = await consoleCall<{ session: { id: number; start: string; end: string; next_day: boolean; start_time: string; end_time: string } }>('console.seckill/saveSession', { title: '23:00 场', start: '23:00', end: '01:30' }, token)
    expect(created).toMatchObject({ code: 1, data: { session: { title: '23:00 场', start: '23:00', end: '01:30', next_day: true } } })
    const sessionId = created.data.session.id
    const midnight = businessMidnight(at).valueOf()
    // Today's times, as the shoppers' screen shows them: the end on the next day.
    const shopperList = async (lang = 'zh') => (await s.call<SeckillListAnswer>('GET', 'hui_public.hsh_seckill_prod/index', { session_id: sessionId, page: 1, page_size: 20, lang })).body.data
    const listed = await shopperList('en')
    expect(listed.sessions).toContainEqual(expect.objectContaining({ id: sessionId, title: '23:00 session', start_time: created.data.session.start_time, end_time: created.data.session.end_time }))
    expect(new Date(`${created.data.session.end_time.replace(' ', 'T')}+08:00`).valueOf() - midnight).toBe((24 * 60 + 90) * 60_000)

    const made = await consoleCall<{ product: { id: number; sold: number; stock: number; on_sale: boolean } }>('console.seckill/saveProduct', { ...product, session_id: sessionId }, token)
    expect(made).toMatchObject({ code: 1, data: { product: { ...product, session_id: sessionId, stock: 5, sold: 0, on_sale: true } } })
    const id = made.data.product.id
    expect((await shopperList()).list).toEqual([expect.objectContaining({ id, name: product.name, price: 1990, original_price: 5000, stock: 5, total_stock: 5, limit_per_user: 2, pickup_shop: expect.objectContaining({ id: 8 }) })])
    // The console's own list has it under its session.
    const index = await consoleCall<SeckillIndexAnswer>('console.seckill/index', {}, token)
    expect(index.data.sessions.find((x) => x.id === sessionId)?.products.map((p) => p.id)).toEqual([id])
    expect(index.data.shops.map((x) => x.id)).toContain(8)

    const changed = await consoleCall('console.seckill/saveProduct', { ...product, id, session_id: sessionId, price: 1790, total_stock: 8, reason: 'weekend' }, token)
    expect(changed).toMatchObject({ code: 1, data: { product: { id, price: 1790, total_stock: 8, stock: 8 } } })
    expect((await shopperList()).list[0]).toMatchObject({ id, price: 1790, stock: 8 })

    expect(await consoleCall('console.seckill/setOnSale', { id, on_sale: false, reason: 'supplier out' }, token)).toMatchObject({ code: 1, data: { product: { id, on_sale: false } } })
    expect((await shopperList()).list).toEqual([])
    expect((await s.call('GET', 'hui_public.hsh_seckill_prod/read', { id })).body).toMatchObject({ code: 0, msg: '商品不存在' })
    const shopper = await s.login('13700004571')
    expect((await s.call('POST', 'personal.order/preCreate', { kind: 'product', product_id: id, quantity: 1 }, shopper.token)).body).toMatchObject({ code: 0, msg: '商品不存在' })

    const rows = await auditRows('seckill_product', id)
    expect(rows.map((r) => [r.action, r.reason])).toEqual([
      ['seckill.createProduct', null],
      ['seckill.saveProduct', 'weekend'],
      ['seckill.withdraw', 'supplier out'],
    ])
    expect(parsed(rows[0].before_json)).toBeNull()
    expect(parsed(rows[1].before_json)).toMatchObject({ price: 1990, total_stock: 5 })
    expect(parsed(rows[1].after_json)).toMatchObject({ price: 1790, total_stock: 8 })
    expect([parsed(rows[2].before_json), parsed(rows[2].after_json)]).toMatchObject([{ on_sale: true }, { on_sale: false }])
    const sessionRows = await auditRows('seckill_session', sessionId)
    expect(sessionRows.map((r) => [r.action, parsed(r.before_json), (parsed(r.after_json) as { start: string }).start])).toEqual([['seckill.createSession', null, '23:00']])
  })

  it('stock never below what is sold or held; an order keeps the amounts it was created with', async () => {
    // 10:00 on the business day, inside the all-day session made below.
    const at = businessMidnight(freshMoment()).valueOf() + 10 * 3600_000
    const token = await tokenOf('content', at)
    const sessionId = (await consoleCall<{ session: { id: number } }>('console.seckill/saveSession', { title: '全天场', start: '00:00', end: '23:59' }, token)).data.session.id
    const id = (await consoleCall<{ product: { id: number } }>('console.seckill/saveProduct', { ...product, session_id: sessionId, total_stock: 3 }, token)).data.product.id
    const shopper = await s.login('13700004572')
    const order = await s.call<{ order_info: { id: number; pay_amount: number } }>('POST', 'personal.order/create', { kind: 'product', product_id: id, quantity: 2, client_request_id: `cc-${at}` }, shopper.token)
    expect(order.body).toMatchObject({ code: 1, data: { order_info: { pay_amount: 2 * 1990 } } })
    const orderId = order.body.data.order_info.id

    // Two are held by the unpaid order: a total of 1 is refused and changes nothing; 2 leaves none to sell.
    expect(await consoleCall('console.seckill/saveProduct', { ...product, id, session_id: sessionId, total_stock: 1 }, token)).toMatchObject({ code: 0, reason: 'console_stock_below_sold', params: { sold: 2 } })
    expect(await s.row('SELECT stock, total_stock FROM seckill_products WHERE id = ?', id)).toEqual({ stock: 1, total_stock: 3 })
    expect((await auditRows('seckill_product', id)).map((r) => r.action)).toEqual(['seckill.createProduct'])
    expect(await consoleCall('console.seckill/saveProduct', { ...product, id, session_id: sessionId, total_stock: 2, price: 990 }, token)).toMatchObject({ code: 1, data: { product: { stock: 0, sold: 2, total_stock: 2, price: 990 } } })
    // The order keeps what it was created at.
    const read = await s.call<{ info: { pay_amount: number; lines: Array<{ price: number }> } }>('GET', 'personal.order/read', { id: orderId }, shopper.token)
    expect(read.body).toMatchObject({ code: 1, data: { info: { pay_amount: 2 * 1990 } } })
    expect(await s.row('SELECT original_amount, discount_amount FROM orders WHERE id = ?', orderId)).toEqual({ original_amount: 2 * 5000, discount_amount: 2 * (5000 - 1990) })
    // A flash price at or over the original, an unknown session, a fuel station as pickup shop, a missing upload: refused.
    expect(await consoleCall('console.seckill/saveProduct', { ...product, session_id: sessionId, price: 5000 }, token)).toMatchObject({ code: 0, reason: 'console_flash_price_over_original' })
    expect(await consoleCall('console.seckill/saveProduct', { ...product, session_id: 999_999 }, token)).toMatchObject({ code: 0, reason: 'console_session_not_found' })
    expect(await consoleCall('console.seckill/saveProduct', { ...product, session_id: sessionId, pickup_shop_id: 7 }, token)).toMatchObject({ code: 0, reason: 'console_pickup_shop_invalid' })
    expect(await consoleCall('console.seckill/saveProduct', { ...product, session_id: sessionId, image: '/uploads/aaaaaaaaaaaaaaaaaaaaaa.jpg' }, token)).toMatchObject({ code: 0, reason: 'console_picture_invalid' })
    expect(await consoleCall('console.seckill/saveProduct', { ...product, session_id: sessionId, image: 'https://example.com/x.jpg' }, token)).toMatchObject({ code: 0, reason: 'console_picture_invalid' })
  })

  it('a reviewer and finance are refused every content write, which leaves nothing', async () => {
    const at = freshMoment()
    for (const [i, role] of (['reviewer', 'finance'] as const).entries()) {
      const token = await tokenOf(role, at + i * 60_000)
      expect(await consoleCall('console.seckill/saveSession', { title: 'x', start: '10:00', end: '11:00' }, token)).toMatchObject({ code: 0, reason: 'operator_role_refused' })
      expect(await consoleCall('console.seckill/index', {}, token)).toMatchObject({ code: 0, reason: 'operator_role_refused' })
      expect(await consoleCall('console.fuel/schedule', { shop_id: 7, grade: '92#', price: 800 }, token)).toMatchObject({ code: 0, reason: 'operator_role_refused' })
    }
    expect(await s.row("SELECT COUNT(*) AS n FROM seckill_sessions WHERE title = 'x'")).toEqual({ n: 0 })
  })
})

describe('fuel prices', () => {
  const stationPrice = async (shopId: number, grade: string) => (await s.call<{ info: { grades: Array<{ grade: string; price: number }> } }>('GET', 'hui_shanghu.oil_station/read', { id: shopId })).body.data.info.grades.find((g) => g.grade === grade)?.price
  const oil = (extra: Record<string, unknown> = {}) => ({ kind: 'oil', shop_id: 7, amount: 20000, oil_grade: '92#', pump_no: 2, ...extra })

  it('a change stated for later takes effect at its time, not before; a quote given before it meets the price-moved rule', async () => {
    const at = freshMoment()
    const token = await tokenOf('content', at)
    const before = (await stationPrice(7, '92#')) as number
    expect(before).toBeGreaterThan(0)
    const shopper = await s.login('13700004573')
    const quote = await s.call<PriceQuote>('POST', 'personal.order/preCreate', oil(), shopper.token)
    expect(quote.body.data.oil?.litre_price).toBe(before)

    // 10:30 the next business day… stated as the business zone's wall clock.
    const nextDay = businessMidnight(at).valueOf() + 24 * 3600_000
    const effectiveAt = nextDay + (10 * 60 + 30) * 60_000
    const text = new Date(effectiveAt + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ')
    const scheduled = await consoleCall<{ change: { id: number; effective_at: number } }>('console.fuel/schedule', { shop_id: 7, grade: '92#', price: before + 37, effective_at: text, reason: 'weekly move' }, token)
    expect(scheduled).toMatchObject({ code: 1, data: { change: { shop_id: 7, grade: '92#', price: before + 37, effective_at: effectiveAt, effective_at_text: `${text}:00`, cancelled_at: null } } })
    const index = await consoleCall<FuelIndexAnswer>('console.fuel/index', {}, token)
    expect(index.data.stations.find((x) => x.id === 7)?.grades.find((g) => g.grade === '92#')).toMatchObject({ price: before, pending: expect.arrayContaining([expect.objectContaining({ id: scheduled.data.change.id, price: before + 37 })]) })

    // A minute before: the old price everywhere; at its time: the new one on the station and in a quote.
    holdServerClock(effectiveAt - 60_000)
    expect(await stationPrice(7, '92#')).toBe(before)
    expect((await s.call<PriceQuote>('POST', 'personal.order/preCreate', oil(), shopper.token)).body.data.oil?.litre_price).toBe(before)
    holdServerClock(effectiveAt)
    expect(await stationPrice(7, '92#')).toBe(before + 37)
    const list = await s.call<{ list: Array<{ id: number; grades: Array<{ grade: string; price: number }> }> }>('GET', 'hui_shanghu.oil_station/index', { city_id: 1, page: 1, page_size: 20 })
    expect(list.body.data.list.find((x) => x.id === 7)?.grades.find((g) => g.grade === '92#')?.price).toBe(before + 37)
    // The quote given before: create with its price is refused with the new one (today's rule); confirmed, it is created at the new price.
    const refused = await s.call<{ price_moved: { quoted_price: number; price: number } }>('POST', 'personal.order/create', { ...oil({ quoted_price: before }), client_request_id: `fuel-${at}-1` }, shopper.token)
    expect(refused.body).toMatchObject({ code: 0, data: { price_moved: { quoted_price: before, price: before + 37 } } })
    const created = await s.call<{ order_info: { oil: { litre_price: number } } }>('POST', 'personal.order/create', { ...oil({ quoted_price: before + 37 }), client_request_id: `fuel-${at}-2` }, shopper.token)
    expect(created.body).toMatchObject({ code: 1, data: { order_info: { oil: { litre_price: before + 37 } } } })

    const rows = await auditRows('oil_price_change', scheduled.data.change.id)
    expect(rows.map((r) => [r.action, parsed(r.before_json), parsed(r.after_json), r.reason])).toEqual([
      ['fuel.schedule', { shop_id: 7, grade: '92#', price: before }, expect.objectContaining({ price: before + 37, effective_at: effectiveAt }), 'weekly move'],
    ])
  })

  it('a change now takes effect at once; a pending one can be cancelled, one in force cannot; a past time and a grade the station lacks are refused', async () => {
    const at = freshMoment()
    const token = await tokenOf('admin', at)
    const before = (await stationPrice(13, '95#')) as number
    const now = await consoleCall<{ change: { id: number } }>('console.fuel/schedule', { shop_id: 13, grade: '95#', price: before - 20 }, token)
    expect(now).toMatchObject({ code: 1, data: { change: { effective_at: at } } })
    expect(await stationPrice(13, '95#')).toBe(before - 20)
    expect(await consoleCall('console.fuel/cancel', { id: now.data.change.id }, token)).toMatchObject({ code: 0, reason: 'console_fuel_change_not_pending' })

    const laterText = new Date(at + 8 * 3600_000 + 2 * 3600_000).toISOString().slice(0, 16).replace('T', ' ')
    const later = await consoleCall<{ change: { id: number; effective_at: number } }>('console.fuel/schedule', { shop_id: 13, grade: '95#', price: before + 50, effective_at: laterText }, token)
    expect(later.code).toBe(1)
    expect(await consoleCall('console.fuel/cancel', { id: later.data.change.id, reason: 'typo' }, token)).toMatchObject({ code: 1, data: { change: { cancelled_at: at } } })
    holdServerClock(later.data.change.effective_at + 60_000)
    expect(await stationPrice(13, '95#')).toBe(before - 20)
    expect((await auditRows('oil_price_change', later.data.change.id)).map((r) => [r.action, (parsed(r.before_json) as { cancelled_at: number | null }).cancelled_at, (parsed(r.after_json) as { cancelled_at: number | null }).cancelled_at, r.reason])).toEqual([
      ['fuel.schedule', undefined, null, null],
      ['fuel.cancel', null, at, 'typo'],
    ])

    holdServerClock(at)
    const pastText = new Date(at + 8 * 3600_000 - 3600_000).toISOString().slice(0, 16).replace('T', ' ')
    expect(await consoleCall('console.fuel/schedule', { shop_id: 13, grade: '95#', price: 800, effective_at: pastText }, token)).toMatchObject({ code: 0, reason: 'console_fuel_time_past' })
    expect(await consoleCall('console.fuel/schedule', { shop_id: 13, grade: '98#', price: 800 }, token)).toMatchObject({ code: 0, reason: 'oil_grade_not_sold' })
    expect(await consoleCall('console.fuel/schedule', { shop_id: 8, grade: '92#', price: 800 }, token)).toMatchObject({ code: 0, reason: 'station_not_found' })
  })
})
