/**
 * The workbench's takeout (issue 25, the store's screens): the workbench counts the takeout orders waiting to be
 * accepted (null for a store without takeout), and the store's takeout list answers its three tabs — new (paid,
 * waiting), in progress (accepted, out for delivery), done (delivered, collected, refused, refunded).
 */
import type { TakeoutMenuAnswer } from '../../src/contract/takeout'
import { staffPhone } from '../../server/demo/seed'
import { startServer, type TestServer } from './helpers'

let s: TestServer
let shopper: string
let staff: string
let rid = 0

beforeAll(async () => {
  s = await startServer()
  shopper = (await s.login('13700002601')).token
  staff = (await s.login(staffPhone(19))).token
})
afterAll(() => s.close())

/** A paid pickup order at 茶见奶茶 (shop 19, open round the clock): a dish with its required options, enough of it for the minimum. */
async function paidPickup(): Promise<number> {
  const menu = (await s.call<TakeoutMenuAnswer>('GET', 'hui_public.takeout_shop/menu', { shop_id: 19 })).body.data
  const dish = menu.dishes.find((d) => !d.sold_out) as TakeoutMenuAnswer['dishes'][number]
  const option_ids = dish.option_groups.filter((g) => g.required).map((g) => g.options[0].id)
  const created = await s.call<{ order_info: { id: number } }>(
    'POST',
    'personal.order/create',
    { kind: 'takeout', shop_id: 19, mode: 'pickup', items: [{ id: dish.id, quantity: 5, option_ids }], client_request_id: `stt-${++rid}-${Date.now()}` },
    shopper,
  )
  expect(created.body).toMatchObject({ code: 1 })
  const id = created.body.data.order_info.id
  expect((await s.call('POST', 'personal.order/payparam', { id, platform: 'h5', pay_channel: 6 }, shopper)).body.code).toBe(1)
  expect((await s.call('POST', 'sandbox/confirmPay', { id, result: 'success' })).body.code).toBe(1)
  return id
}

const tab = async (todo: string) => {
  const res = await s.call<{ list: Array<{ info: { id: number } }>; total: number }>('GET', 'hui_shanghu.store_takeout/index', { todo }, staff)
  expect(res.body.code).toBe(1)
  return res.body.data.list.map((r) => r.info.id)
}
const waiting = async (token = staff) => (await s.call<{ takeout_to_accept?: number | null }>('GET', 'hui_shanghu.store/workbench', {}, token)).body.data.takeout_to_accept

it('the workbench counts orders to accept; the list answers new, in progress and done', async () => {
  expect(await waiting()).toBe(0)
  const a = await paidPickup()
  const b = await paidPickup()
  expect(await waiting()).toBe(2)
  expect(await tab('accept')).toEqual([b, a])
  expect(await tab('progress')).toEqual([])

  expect((await s.call('POST', 'hui_shanghu.store_takeout/accept', { id: a }, staff)).body.code).toBe(1)
  expect((await s.call('POST', 'hui_shanghu.store_takeout/refuse', { id: b, reason: '菜品已售完' }, staff)).body.code).toBe(1)
  expect(await waiting()).toBe(0)
  expect(await tab('accept')).toEqual([])
  expect(await tab('progress')).toEqual([a])
  expect(await tab('done')).toEqual([b])
})

it('a store without takeout reads null, and the tab filter is checked', async () => {
  expect(await waiting((await s.login(staffPhone(3))).token)).toBeNull()
  const bad = await s.call('GET', 'hui_shanghu.store_takeout/index', { todo: 'later' }, staff)
  expect(bad.status).toBeLessThan(500)
  expect(bad.body.code).toBe(0)
})
