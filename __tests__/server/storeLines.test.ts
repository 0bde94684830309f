/**
 * Issue 39: the store sees every line it must pack. A store order (the list, the order, a code's preview) carries each
 * line the shopper bought — product or dish, spec or options, quantity, unit price and the line's amount (priced by
 * the server) — and its quantity counts every piece of every line: a cart's three products, a takeout order's dishes.
 */
import type { OrderInfo } from '../../src/contract/order'
import type { StoreOrder, StoreOrderAnswer } from '../../src/contract/store'
import type { TakeoutMenuAnswer } from '../../src/contract/takeout'
import { staffPhone } from '../../server/demo/seed'
import { startServer, type TestServer } from './helpers'

let s: TestServer
let shopper: { token: string; userId: number }
let staff8: string
let staff19: string
beforeAll(async () => {
  s = await startServer()
  shopper = await s.login('13700003901')
  staff8 = (await s.login(staffPhone(8))).token
  staff19 = (await s.login(staffPhone(19))).token
})
afterAll(() => s.close())

let rid = 0
async function paid(payload: Record<string, unknown>): Promise<OrderInfo> {
  const created = await s.call<{ order_info: OrderInfo }>('POST', 'personal.order/create', { client_request_id: `lines-${++rid}-${Date.now()}`, ...payload }, shopper.token)
  expect(created.body).toMatchObject({ code: 1 })
  const id = created.body.data.order_info.id
  expect((await s.call('POST', 'personal.order/payparam', { id, platform: 'h5', pay_channel: 6 }, shopper.token)).body.code).toBe(1)
  expect((await s.call('POST', 'sandbox/confirmPay', { id, result: 'success' })).body.code).toBe(1)
  return created.body.data.order_info
}
const address = async (point?: { lat: number; lng: number }) =>
  (await s.call<{ info: { id: number } }>('POST', 'personal.address/save', { name: '韩梅梅', mobile: '13600003901', province: '广东省', city: '深圳市', district: '福田区', detail: '福华三路 100 号', ...(point ?? {}) }, shopper.token)).body.data.info.id

const read = async (token: string, id: number, lang?: 'en') => (await s.call<StoreOrderAnswer>('GET', 'hui_shanghu.store_order/read', { id, ...(lang ? { lang } : {}) }, token)).body

describe('a cart order of three products', () => {
  it('the store’s order, list and lines: each product with its spec, quantity, unit price and line amount; the quantity is every piece', async () => {
    const staff = staff8
    const order = await paid({
      kind: 'product',
      source: 'mall',
      items: [
        { product_id: 6, spec_id: 61, quantity: 1 },
        { product_id: 7, spec_id: 71, quantity: 2 },
        { product_id: 3, spec_id: 31, quantity: 1 },
      ],
      delivery: 'ship',
      address_id: await address(),
    })
    const answer = await read(staff, order.id)
    expect(answer.code).toBe(1)
    const info = answer.data.info
    expect(info.lines).toEqual([
      { name: '比利时黑巧克力礼盒', spec: '12 粒装', quantity: 1, price: 4990, amount: 4990, image: '/assets/img/mall-6.svg' },
      { name: '黄油手工曲奇', spec: '原味 500 g', quantity: 2, price: 3990, amount: 7980, image: '/assets/img/mall-7.svg' },
      { name: '阿克苏冰糖心苹果', spec: '5 斤装', quantity: 1, price: 2990, amount: 2990, image: '/assets/img/mall-3.svg' },
    ])
    expect(info.quantity).toBe(4)
    expect(info.can_ship).toBe(true)
    // The lines' amounts are what the order was priced on.
    expect((info.lines ?? []).reduce((n, l) => n + (l as { amount: number }).amount, 0)).toBe(info.original_amount)
    // The list's card carries the same lines (its summary is the app's).
    const list = (await s.call<{ list: StoreOrder[] }>('GET', 'hui_shanghu.store_order/index', { todo: 'ship' }, staff)).body.data.list
    expect(list.find((o) => o.id === order.id)).toMatchObject({ quantity: 4, lines: info.lines })
    // In English: the same lines (the merchant's names as written), the title in English.
    const en = (await read(staff, order.id, 'en')).data.info
    expect(en.lines).toEqual(info.lines)
    expect(en.title).toBe('比利时黑巧克力礼盒 and 2 more (4 items)')
  })

  it('a product order of one line: its line and its quantity, as before', async () => {
    const staff = staff8
    const order = await paid({ kind: 'product', source: 'mall', product_id: 7, spec_id: 72, quantity: 2, delivery: 'ship', address_id: await address() })
    const info = (await read(staff, order.id)).data.info
    expect(info.lines).toEqual([{ name: '黄油手工曲奇', spec: '抹茶 500 g', quantity: 2, price: 4290, amount: 8580, image: '/assets/img/mall-7.svg' }])
    expect(info.quantity).toBe(2)
  })
})

describe('a takeout order under a refund request', () => {
  it('the store’s order shows its dishes with their options, quantities and amounts; the quantity counts every dish', async () => {
    const staff = staff19
    const menu = (await s.call<TakeoutMenuAnswer>('GET', 'hui_public.takeout_shop/menu', { shop_id: 19 })).body.data
    const tea = menu.dishes.find((d) => d.name === '珍珠奶茶')
    const cake = menu.dishes.find((d) => d.name === '芒果班戟')
    if (!tea || !cake) throw new Error('the demo menu of shop 19 changed')
    const pick = (group: string, option: string) => {
      const found = tea.option_groups.find((g) => g.name === group)?.options.find((o) => o.name === option)
      if (!found) throw new Error(`no option ${group}/${option}`)
      return found
    }
    const chosen = [pick('杯型', '大杯'), pick('冰量', '少冰'), pick('加料', '椰果')]
    const required = tea.option_groups.filter((g) => g.required && !chosen.some((c) => g.options.includes(c))).map((g) => g.options[0])
    const options = [...chosen, ...required]
    const order = await paid({
      kind: 'takeout',
      shop_id: 19,
      items: [
        { id: tea.id, quantity: 2, option_ids: options.map((o) => o.id) },
        { id: cake.id, quantity: 1 },
      ],
      address_id: await address({ lat: 22.541, lng: 114.05 }),
    })
    expect((await s.call('POST', 'hui_shanghu.store_takeout/accept', { id: order.id }, staff)).body.code).toBe(1)
    expect((await s.call('POST', 'personal.order/refund', { id: order.id, reason: '不想要了' }, shopper.token)).body.code).toBe(1)

    const answer = await read(staff, order.id)
    expect(answer.code).toBe(1)
    const info = answer.data.info
    expect(info.can_answer_refund).toBe(true)
    const teaPrice = tea.price + options.reduce((n, o) => n + o.price, 0)
    expect(info.lines).toEqual([
      { name: '珍珠奶茶', spec: expect.stringContaining('大杯'), quantity: 2, price: teaPrice, amount: 2 * teaPrice, image: tea.image },
      { name: '芒果班戟', spec: null, quantity: 1, price: cake.price, amount: cake.price, image: cake.image },
    ])
    const spec = info.lines?.[0].spec ?? ''
    for (const o of chosen) expect(spec).toContain(o.name)
    expect(info.quantity).toBe(3)
    // The store's list of refunds to answer says the same.
    const list = (await s.call<{ list: StoreOrder[] }>('GET', 'hui_shanghu.store_order/index', { todo: 'refund' }, staff)).body.data.list
    expect(list.find((o) => o.id === order.id)).toMatchObject({ quantity: 3, lines: info.lines })
  })
})
