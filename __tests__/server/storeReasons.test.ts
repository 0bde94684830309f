/**
 * Issue 39: what the store chooses from a list reaches the shopper in the shopper's language. A takeout refusal and a
 * refund rejection picked from the store's list are stored as stable codes (src/contract/storeReasons.ts) and answered
 * in the reader's language — the shopper in English or Chinese, the store in its own; words the store types stay as
 * written; rows stored before the codes (the list's words) read as their code. A blank reason is refused. And the
 * workbench says who is asking (owner or staff), so only the owner is offered the staff screen's invites.
 */
import type { OrderInfo } from '../../src/contract/order'
import type { StoreOrderAnswer, WorkbenchAnswer } from '../../src/contract/store'
import type { TakeoutMenuAnswer, TakeoutOrderAnswer } from '../../src/contract/takeout'
import { staffPhone } from '../../server/demo/seed'
import { startServer, type TestServer } from './helpers'

let s: TestServer
let shopper: { token: string; userId: number }
let staff8: string
let staff19: string
let addressId: number
let dishId: number
beforeAll(async () => {
  s = await startServer()
  shopper = await s.login('13700003911')
  staff8 = (await s.login(staffPhone(8))).token
  staff19 = (await s.login(staffPhone(19))).token
  addressId = (await s.call<{ info: { id: number } }>('POST', 'personal.address/save', { name: '韩梅梅', mobile: '13600003911', province: '广东省', city: '深圳市', district: '福田区', detail: '福华三路 100 号', lat: 22.541, lng: 114.05 }, shopper.token)).body.data.info.id
  const menu = (await s.call<TakeoutMenuAnswer>('GET', 'hui_public.takeout_shop/menu', { shop_id: 19 })).body.data
  const cake = menu.dishes.find((d) => d.option_groups.length === 0 && !d.sold_out)
  if (!cake) throw new Error('shop 19 has no dish without options')
  dishId = cake.id
})
afterAll(() => s.close())

let rid = 0
async function paid(payload: Record<string, unknown>): Promise<number> {
  const created = await s.call<{ order_info: OrderInfo }>('POST', 'personal.order/create', { client_request_id: `reasons-${++rid}-${Date.now()}`, ...payload }, shopper.token)
  expect(created.body).toMatchObject({ code: 1 })
  const id = created.body.data.order_info.id
  expect((await s.call('POST', 'personal.order/payparam', { id, platform: 'h5', pay_channel: 6 }, shopper.token)).body.code).toBe(1)
  expect((await s.call('POST', 'sandbox/confirmPay', { id, result: 'success' })).body.code).toBe(1)
  return id
}
const takeout = () => paid({ kind: 'takeout', shop_id: 19, items: [{ id: dishId, quantity: 1 }], address_id: addressId })
const refuse = (body: Record<string, unknown>) => s.call<TakeoutOrderAnswer>('POST', 'hui_shanghu.store_takeout/refuse', body, staff19)
const shopperView = async (id: number, lang: 'zh' | 'en') => (await s.call<TakeoutOrderAnswer>('GET', 'personal.takeout/read', { id, lang }, shopper.token)).body.data.takeout
const storeTakeout = async (id: number, lang: 'zh' | 'en') => (await s.call<TakeoutOrderAnswer & StoreOrderAnswer>('GET', 'hui_shanghu.store_takeout/read', { id, lang }, staff19)).body.data
const readOrder = async (id: number, lang: 'zh' | 'en') => (await s.call<{ info: OrderInfo }>('GET', 'personal.order/read', { id, lang }, shopper.token)).body.data.info
const storeOrder = async (id: number, lang: 'zh' | 'en') => (await s.call<StoreOrderAnswer>('GET', 'hui_shanghu.store_order/read', { id, lang }, staff8)).body.data

describe('a takeout order refused with a reason from the list', () => {
  it('is stored as its code; the shopper reads it in English or Chinese, the store too (its view and its trail)', async () => {
    const id = await takeout()
    const res = await refuse({ id, reason_code: 'busy', lang: 'en' })
    expect(res.body).toMatchObject({ code: 1, data: { takeout: { stage: 'refused', refusal: { by: 'store', reason: 'Too busy to take it now' } } } })
    expect(await s.row("SELECT reason FROM order_actions WHERE order_id = ? AND action = 'takeout_refused'", id)).toEqual({ reason: 'code:busy' })
    expect((await shopperView(id, 'en')).refusal?.reason).toBe('Too busy to take it now')
    expect((await shopperView(id, 'zh')).refusal?.reason).toBe('店里太忙，暂时接不了')
    const en = await storeTakeout(id, 'en')
    expect(en.takeout.refusal?.reason).toBe('Too busy to take it now')
    expect(en.actions.find((a) => a.action === 'takeout_refused')?.reason).toBe('Too busy to take it now')
    expect((await storeTakeout(id, 'zh')).actions.find((a) => a.action === 'takeout_refused')?.reason).toBe('店里太忙，暂时接不了')
  })

  it('words the store typed stay as written in either language', async () => {
    const id = await takeout()
    expect((await refuse({ id, reason: '  今天的芒果没到货 ' })).body).toMatchObject({ code: 1 })
    expect((await shopperView(id, 'en')).refusal?.reason).toBe('今天的芒果没到货')
    expect((await shopperView(id, 'zh')).refusal?.reason).toBe('今天的芒果没到货')
  })

  it('a row stored before the codes (the list’s words, as the store’s screen sent them) reads in the shopper’s language', async () => {
    const id = await takeout()
    expect((await refuse({ id, reason: '菜品已售完' })).body).toMatchObject({ code: 1 })
    expect((await shopperView(id, 'en')).refusal?.reason).toBe('A dish has sold out')
    const old = await takeout()
    expect((await refuse({ id: old, reason: 'Closing soon' })).body).toMatchObject({ code: 1 })
    expect((await shopperView(old, 'zh')).refusal?.reason).toBe('即将打烊')
  })

  it('refused: a blank reason, no reason, a code and words at once, a code not on the list — nothing moves', async () => {
    const id = await takeout()
    for (const body of [{ id, reason: '   ' }, { id, reason: '\u3000\u3000' }, { id, reason: '\u200b' }, { id, reason: ' \u200b\ufeff ' }, { id }, { id, reason_code: 'busy', reason: '太忙' }, { id, reason_code: 'consumed' }, { id, reason_code: 'nope' }]) {
      expect((await refuse(body)).body).toMatchObject({ code: 0, reason: 'invalid_request' })
    }
    expect((await s.row<{ status: number }>('SELECT status FROM orders WHERE id = ?', id)).status).toBe(10)
  })
})

describe('a refund request rejected with a reason from the list', () => {
  const reject = (body: Record<string, unknown>) => s.call<StoreOrderAnswer>('POST', 'hui_shanghu.store_order/refundReject', body, staff8)
  const billAsked = async () => {
    const id = await paid({ kind: 'bill', shop_id: 8, amount: 5000 })
    expect((await s.call('POST', 'personal.order/refund', { id, reason: '金额输错了' }, shopper.token)).body.code).toBe(1)
    return id
  }

  it('is stored as its code; the shopper reads it on the order and the refund timeline in their language; the store’s trail in its own', async () => {
    const id = await billAsked()
    expect((await reject({ id, reason_code: 'more_detail' })).body).toMatchObject({ code: 1, data: { info: { order_status: 10 } } })
    expect(await s.row('SELECT refund_rejection FROM orders WHERE id = ?', id)).toEqual({ refund_rejection: 'code:more_detail' })
    const en = await readOrder(id, 'en')
    expect(en.refund_rejection?.reason).toBe('Please ask again with photos or more detail')
    expect(en.refund?.refused?.reason).toBe('Please ask again with photos or more detail')
    const zh = await readOrder(id, 'zh')
    expect(zh.refund_rejection?.reason).toBe('请补充照片或说明后重新申请')
    expect(zh.refund?.refused?.reason).toBe('请补充照片或说明后重新申请')
    const list = (await s.call<{ list: OrderInfo[] }>('GET', 'personal.order/index', { tab: 'all', lang: 'en' }, shopper.token)).body.data.list
    expect(list.find((o) => o.id === id)?.refund?.refused?.reason).toBe('Please ask again with photos or more detail')
    expect((await storeOrder(id, 'en')).actions.find((a) => a.action === 'refund_rejected')?.reason).toBe('Please ask again with photos or more detail')
    expect((await storeOrder(id, 'zh')).actions.find((a) => a.action === 'refund_rejected')?.reason).toBe('请补充照片或说明后重新申请')
  })

  it('typed words stay as written; a blank reason, none, both, or a takeout reason are refused and the request still waits', async () => {
    const id = await billAsked()
    for (const body of [{ id, reason: '   ' }, { id, reason: '\u200b\u200b' }, { id }, { id, reason_code: 'opened', reason: '拆了' }, { id, reason_code: 'busy' }]) {
      expect((await reject(body)).body).toMatchObject({ code: 0, reason: 'invalid_request' })
    }
    expect((await storeOrder(id, 'zh')).info.can_answer_refund).toBe(true)
    expect((await reject({ id, reason: '已当面退还现金' })).body.code).toBe(1)
    expect((await readOrder(id, 'en')).refund_rejection?.reason).toBe('已当面退还现金')
  })
})

describe('the workbench says who asks', () => {
  it('a staff member reads role staff; the store’s owner reads owner', async () => {
    expect((await s.call<WorkbenchAnswer>('GET', 'hui_shanghu.store/workbench', {}, staff8)).body.data.role).toBe('staff')
    const owner = await s.login('13700003912')
    await s.run("INSERT INTO store_staff (user_id, shop_id, created_at, role) VALUES (?, 8, '2026-01-01 00:00:00', 'owner')", owner.userId)
    expect((await s.call<WorkbenchAnswer>('GET', 'hui_shanghu.store/workbench', {}, owner.token)).body.data.role).toBe('owner')
  })
})
