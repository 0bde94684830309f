/**
 * Flash sales by the server's clock (issue 14): a product's state and whether it can be ordered at the exact
 * start and end of its session, sold out, the per-user limit, and what the product screen is given.
 */
import type { OrderInfo } from '../../src/contract/order'
import type { SeckillProduct } from '../../src/contract/seckill'
import { parseText } from '../../server/time'
import { holdServerClock, startServer, type TestServer } from './helpers'

let s: TestServer
let token: string
beforeAll(async () => {
  s = await startServer()
  token = (await s.login('13700001401')).token
})
afterAll(() => s.close())
afterEach(() => jest.restoreAllMocks())

const readProduct = async (id: number, tok?: string) => (await s.call<{ info: SeckillProduct; bought: number }>('GET', 'hui_public.hsh_seckill_prod/read', { id }, tok)).body
const create = (productId: number, quantity = 1, tok = token) =>
  s.call<{ order_info: OrderInfo }>('POST', 'personal.order/create', { kind: 'product', product_id: productId, quantity, client_request_id: `sk-${Math.random().toString(36).slice(2, 12)}` }, tok)
/** The server's clock at this instant (ms). */
const serverAt = (ms: number) => holdServerClock(ms)

describe('a session’s boundaries on the server’s clock', () => {
  // Product 2 is in session 2, 08:00–16:00 every business day.
  it('1 ms before the start: upcoming and refused; at the start: on and sold', async () => {
    const today = (await readProduct(2)).data.info
    const start = parseText(today.start_time).valueOf()
    serverAt(start - 1)
    expect((await readProduct(2)).data.info.state).toBe('upcoming')
    expect((await s.call<{ sessions: Array<{ id: number; state: string }> }>('GET', 'hui_public.hsh_seckill_prod/index')).body.data.sessions.find((x) => x.id === 2)?.state).toBe('upcoming')
    expect((await create(2)).body).toMatchObject({ code: 0, msg: '秒杀尚未开始' })
    serverAt(start)
    expect((await readProduct(2)).data.info.state).toBe('on')
    expect((await create(2)).body.code).toBe(1)
  })

  it('1 ms before the end: on and sold; at the end: ended and refused', async () => {
    const today = (await readProduct(3)).data.info
    const end = parseText(today.end_time).valueOf()
    serverAt(end - 1)
    expect((await readProduct(3)).data.info.state).toBe('on')
    expect((await create(3)).body.code).toBe(1)
    const other = (await s.quickUser('13700001402'))
    serverAt(end)
    expect((await readProduct(3)).data.info.state).toBe('ended')
    expect((await create(3, 1, other.token)).body).toMatchObject({ code: 0, msg: '秒杀已结束' })
  })

  it('sold out while on: the state says so and ordering is refused; the index chooses the session on now', async () => {
    const info = (await readProduct(10)).data.info
    serverAt(parseText(info.start_time).valueOf() + 60_000)
    await s.run('UPDATE seckill_products SET stock = 0 WHERE id = 10')
    expect((await readProduct(10)).data.info).toMatchObject({ state: 'soldOut', stock: 0, sold: info.total_stock })
    expect((await create(10)).body).toMatchObject({ code: 0, msg: '已抢光' })
    const index = (await s.call<{ sessions: Array<{ id: number; state: string }>; list: Array<{ session_id: number }> }>('GET', 'hui_public.hsh_seckill_prod/index')).body.data
    expect(index.sessions.filter((x) => x.state === 'on').map((x) => x.id)).toEqual([2])
    expect(new Set(index.list.map((p) => p.session_id))).toEqual(new Set([2]))
  })

  // A buyer who finds it sold out is answered before the order's transaction (issue 42: server/domain/orders.ts
  // soldOutAtOnce); these are the answers that shortcut must not change.
  it('the buyer of the last one who asks again with the same request id gets that order, not "sold out"; others hear sold out, or what comes first', async () => {
    const info = (await readProduct(10)).data.info
    serverAt(parseText(info.start_time).valueOf() + 60_000)
    await s.run('UPDATE seckill_products SET stock = 1 WHERE id = 10')
    const buyer = await s.quickUser('13700001405')
    const ask = () => s.call<{ order_info: OrderInfo }>('POST', 'personal.order/create', { kind: 'product', product_id: 10, quantity: 1, client_request_id: 'sk-the-last-one' }, buyer.token)
    const first = (await ask()).body
    expect(first.code).toBe(1)
    expect((await readProduct(10)).data.info).toMatchObject({ state: 'soldOut', stock: 0 })
    expect((await ask()).body).toMatchObject({ code: 1, data: { order_info: { id: first.data.order_info.id } } })
    expect((await create(10)).body).toMatchObject({ code: 0, reason: 'sold_out' })
    // A coupon on a flash sale is refused for the coupon, sold out or not; before the start it has not started.
    const withCoupon = { kind: 'product', product_id: 10, quantity: 1, coupon_id: 987654, client_request_id: 'sk-coupon' }
    expect((await s.call('POST', 'personal.order/create', withCoupon, token)).body).toMatchObject({ code: 0, reason: 'coupon_unavailable' })
    // A mall product's options on a flash sale are refused for the options, sold out or not (one rule: pricing/flash.ts
    // flashHasOptions); a flash sale order naming no product is asked for one.
    const options = [{ product_id: 10, spec_id: 1 }, { product_id: 10, delivery: 'ship' }, { product_id: 10, address_id: 1 }, { items: [{ product_id: 10, spec_id: 1, quantity: 1 }] }]
    for (const extra of options) {
      const body = { kind: 'product', quantity: 1, ...extra }
      expect([extra, (await s.call('POST', 'personal.order/create', { ...body, client_request_id: `sk-opt-${Object.keys(extra).join('-')}` }, token)).body]).toMatchObject([extra, { code: 0, reason: 'flash_sale_no_options' }])
      expect([extra, (await s.call('POST', 'personal.order/preCreate', body, token)).body]).toMatchObject([extra, { code: 0, reason: 'flash_sale_no_options' }])
    }
    expect((await s.call('POST', 'personal.order/preCreate', { kind: 'product', quantity: 1 }, token)).body).toMatchObject({ code: 0, reason: 'product_required' })
    serverAt(parseText(info.start_time).valueOf() - 1)
    expect((await create(10)).body).toMatchObject({ code: 0, reason: 'flash_sale_not_started' })
  })
})

describe('the limit per shopper, and what the product screen reads', () => {
  it('bought counts this shopper’s orders; one more than the limit is refused', async () => {
    const info = (await readProduct(7)).data.info
    serverAt(parseText(info.start_time).valueOf() + 60_000)
    const buyer = (await s.quickUser('13700001403'))
    expect(info.limit_per_user).toBe(2)
    expect((await create(7, 2, buyer.token)).body.code).toBe(1)
    expect((await readProduct(7, buyer.token)).data.bought).toBe(2)
    expect((await readProduct(7)).data.bought).toBe(0)
    expect((await create(7, 1, buyer.token)).body).toMatchObject({ code: 0, msg: '每人限购 2 件' })
  })

  it('a cancelled order gives its share of the limit back: the shopper may buy the limit again', async () => {
    const info = (await readProduct(7)).data.info
    serverAt(parseText(info.start_time).valueOf() + 60_000)
    const buyer = await s.quickUser('13700001404')
    const first = (await create(7, 2, buyer.token)).body.data.order_info
    expect((await s.call('POST', 'personal.order/cancel', { id: first.id }, buyer.token)).body.code).toBe(1)
    expect((await readProduct(7, buyer.token)).data.bought).toBe(0)
    expect((await create(7, 2, buyer.token)).body.code).toBe(1)
    expect((await readProduct(7, buyer.token)).data.bought).toBe(2)
  })

  it('every session of the day has products; each product has three pictures that are served, and its pickup store', async () => {
    const index = (await s.call<{ sessions: Array<{ id: number }> }>('GET', 'hui_public.hsh_seckill_prod/index')).body.data
    expect(index.sessions).toHaveLength(4)
    for (const session of index.sessions) {
      const page = (await s.call<{ total: number; list: SeckillProduct[] }>('GET', 'hui_public.hsh_seckill_prod/index', { session_id: session.id, page_size: 20 })).body.data
      expect(page.total).toBeGreaterThanOrEqual(3)
      for (const p of page.list) {
        expect(p.pickup_shop).toEqual({ id: 8, name: '好邻居便利', address: '南山区后海大道 66 号' })
        expect(p.images).toHaveLength(3)
        for (const url of p.images) expect([url, (await s.app.inject({ method: 'GET', url })).statusCode]).toEqual([url, 200])
      }
    }
  })

  it('an unknown product is not found, in the words the app knows', async () => {
    expect(await readProduct(424242)).toMatchObject({ code: 0, msg: '商品不存在' })
  })
})
