/**
 * Issue 44: the coupons a shop issues (server/domain/coupons.ts; docs/api.md "Coupons"). The owner issues a value or a
 * percentage coupon (with a cap), a threshold, a quantity, a per-person limit, a window or days from the claim, for pay a
 * bill, takeout or both; shoppers claim them on the shop's page and use them; the owner sees claimed and used and stops
 * issuing. The server decides every amount: never more than the goods, never less than 1 fen left to pay.
 */
import type { ClaimableCoupon, UserCoupon } from '../../src/contract/member'
import type { OrderInfo, PayparamAnswer, PriceQuote } from '../../src/contract/order'
import type { ShopChange, ShopCouponList } from '../../src/contract/storeShop'
import type { Paged } from '../../src/contract/paging'
import { reasonText, type Reason, type ReasonParams } from '../../src/contract/reasons'
import { nowMs, nowText, parseText } from '../../server/time'
import { holdServerClock, startServer, type TestServer } from './helpers'

type Body<T> = { code: number; msg: string; data: T; reason?: string; params?: Record<string, unknown> }

let s: TestServer
beforeAll(async () => {
  s = await startServer()
})
afterAll(() => s.close())
afterEach(() => jest.restoreAllMocks())

let seq = 0
const person = () => s.quickUser(`1355${String(++seq).padStart(7, '0')}`)
const call = <T>(method: 'GET' | 'POST', path: string, payload: Record<string, unknown>, token?: string) => s.call<T>(method, path, payload, token).then((r) => r.body as Body<T>)

/** A shop as approval makes one: its row (no discount: 100 %, so a bill's amount is what coupons apply to) and its owner. */
async function newShop(name: string, discountRate = 100) {
  const owner = await person()
  const shop = await s.row<{ id: number }>(
    "INSERT INTO shops (name, class_id, city_id, address, lat, lng, phone, hours, rating, discount_rate, image, intro, is_oil) VALUES (?, 1, 1, '福田区福华三路 10 号', 22.54, 114.05, '13800000000', '10:00-22:00', 0, ?, '', '', 0) RETURNING id",
    name,
    discountRate,
  )
  await s.run("INSERT INTO store_staff (user_id, shop_id, created_at, role) VALUES (?, ?, '2026-01-01 00:00:00', 'owner')", owner.userId, shop.id)
  return { shopId: Number(shop.id), owner }
}

const COUPON = { title: '满 50 减 8', value_type: 'amount', amount: 800, min_spend: 5000, use_at: 'bill', quantity: 100, per_person: 1, validity: 'days', valid_days: 7 }
const issue = (token: string, extra: Record<string, unknown> = {}) => call<ShopCouponList & { saved_id: number }>('POST', 'hui_shanghu.store_coupon/save', { ...COUPON, ...extra }, token)
const list = (token: string) => call<ShopCouponList>('GET', 'hui_shanghu.store_coupon/index', {}, token)
const claimable = (shopId: number, token?: string) => call<{ list: ClaimableCoupon[] }>('GET', 'hui_public.coupon/index', { shop_id: shopId }, token)
const claim = (token: string, id: number) => call<{ coupon: UserCoupon }>('POST', 'personal.coupon/claim', { coupon_id: id }, token)
const quote = (token: string, payload: Record<string, unknown>) => call<PriceQuote>('POST', 'personal.order/preCreate', payload, token)

async function payBill(token: string, shopId: number, amount: number, couponId: number) {
  const made = await call<{ order_info: OrderInfo }>('POST', 'personal.order/create', { kind: 'bill', shop_id: shopId, amount, coupon_id: couponId, client_request_id: `c-${Math.random().toString(36).slice(2, 12)}` }, token)
  expect(made.code).toBe(1)
  expect((await call<PayparamAnswer>('POST', 'personal.order/payparam', { id: made.data.order_info.id, platform: 'h5', pay_channel: 6, success_url: '/pages/payBill/success', fail_url: '/pages/orders/detail' }, token)).code).toBe(1)
  expect((await call('POST', 'sandbox/confirmPay', { id: made.data.order_info.id, result: 'success' })).code).toBe(1)
  return made.data.order_info
}

describe('issue, claim, use, count, stop', () => {
  it('a value coupon of 2: claimed once each by two shoppers, the third finds none left; used at a bill; the owner sees 2 claimed, 1 used; stopped, it is no longer offered and the claimed one still works', async () => {
    const { shopId, owner } = await newShop('券店一号')
    const made = await issue(owner.token, { quantity: 2 })
    expect(made.code).toBe(1)
    const id = made.data.saved_id
    expect(made.data.list[0]).toMatchObject({ id, title: '满 50 减 8', value_type: 'amount', amount: 800, percent_off: null, min_spend: 5000, use_at: 'bill', quantity: 2, per_person: 1, validity: 'days', valid_days: 7, claimed: 0, used: 0, state: 'issuing' })

    const [a, b, c] = [await s.login('13700004501'), await s.login('13700004502'), await s.login('13700004503')]
    // The shop's page offers it, with how many are left.
    expect((await claimable(shopId, a.token)).data.list.find((x) => x.id === id)).toMatchObject({ claimed: false, per_person: 1, mine: 0, left: 2, valid_days: 7 })
    const mine = await claim(a.token, id)
    expect(mine).toMatchObject({ code: 1, data: { coupon: { coupon_id: id, amount: 800, percent_off: null, status: 'available', starts_at: null } } })
    expect((await claim(a.token, id)).reason).toBe('coupon_already_claimed')
    expect((await claimable(shopId, a.token)).data.list.find((x) => x.id === id)).toMatchObject({ claimed: true, mine: 1, left: 1 })
    expect((await claim(b.token, id)).code).toBe(1)
    expect((await claim(c.token, id)).reason).toBe('coupon_claimed_out')
    // All claimed: no longer offered.
    expect((await claimable(shopId, c.token)).data.list.some((x) => x.id === id)).toBe(false)

    // Used at a bill of ¥60: ¥8 off.
    const paid = await payBill(a.token, shopId, 6000, mine.data.coupon.id)
    expect(paid).toMatchObject({ coupon_amount: 800, pay_amount: 5200 })
    expect((await list(owner.token)).data.list[0]).toMatchObject({ claimed: 2, used: 1, state: 'claimed_out' })

    // Stopped: a claimed one stays usable until it expires.
    const stopped = await call<ShopCouponList>('POST', 'hui_shanghu.store_coupon/stop', { id }, owner.token)
    expect(stopped.data.list[0]).toMatchObject({ state: 'stopped' })
    expect(stopped.data.list[0].stopped_at).toMatch(/^\d{4}-\d{2}-\d{2} /)
    const bCoupon = (await call<Paged<UserCoupon>>('GET', 'personal.coupon/index', { tab: 'available' }, b.token)).data.list.find((x) => x.coupon_id === id) as UserCoupon
    expect((await quote(b.token, { kind: 'bill', shop_id: shopId, amount: 6000, coupon_id: bCoupon.id })).data).toMatchObject({ coupon_amount: 800 })
    // Stopping twice changes nothing.
    expect((await call('POST', 'hui_shanghu.store_coupon/stop', { id }, owner.token)).code).toBe(1)
  })

  it('a stopped coupon cannot be claimed; one with room left stops being offered', async () => {
    const { shopId, owner } = await newShop('券店二号')
    const id = (await issue(owner.token)).data.saved_id
    await call('POST', 'hui_shanghu.store_coupon/stop', { id }, owner.token)
    expect((await claimable(shopId)).data.list.some((x) => x.id === id)).toBe(false)
    expect((await claim((await s.login('13700004504')).token, id)).reason).toBe('coupon_stopped')
  })

  it('a per-person limit of 2: claimed twice, refused the third time saying the limit', async () => {
    const { owner } = await newShop('券店三号')
    const id = (await issue(owner.token, { per_person: 2 })).data.saved_id
    const a = await s.login('13700004505')
    expect((await claim(a.token, id)).code).toBe(1)
    expect((await claim(a.token, id)).code).toBe(1)
    expect(await claim(a.token, id)).toMatchObject({ code: 0, reason: 'coupon_claim_limit', params: { limit: 2 } })
    expect((await list(owner.token)).data.list[0].claimed).toBe(2)
  })

  it('claims at once never give more than the quantity, nor more than a person\'s limit', async () => {
    const { owner } = await newShop('券店并发')
    const id = (await issue(owner.token, { quantity: 3, per_person: 2 })).data.saved_id
    const people = [await s.login('13700004506'), await s.login('13700004507')]
    const results = await Promise.all(people.flatMap((p) => [claim(p.token, id), claim(p.token, id), claim(p.token, id)]))
    expect(results.filter((r) => r.code === 1)).toHaveLength(3)
    expect((await s.row<{ n: number }>('SELECT COUNT(*) AS n FROM user_coupons WHERE coupon_id = ?', id)).n).toBe(3)
    expect((await list(owner.token)).data.list[0]).toMatchObject({ claimed: 3, state: 'claimed_out' })
  })

  it('one shopper\'s claims at once each count: holding 1 of 2 is never answered "limit reached" (CI, PostgreSQL)', async () => {
    const { owner } = await newShop('券店同人')
    const id = (await issue(owner.token, { quantity: 100, per_person: 2 })).data.saved_id
    const people = await Promise.all(['13700004580', '13700004581', '13700004582', '13700004583'].map((phone) => s.login(phone)))
    // Four shoppers, four claims each, all at once: each ends with exactly their limit, and every refusal says so truly.
    const results = await Promise.all(people.flatMap((p) => Array.from({ length: 4 }, () => claim(p.token, id))))
    expect(results.filter((r) => r.code === 1)).toHaveLength(8)
    expect(results.filter((r) => r.code !== 1).map((r) => r.reason)).toEqual(Array(8).fill('coupon_claim_limit'))
    const held = await s.rows<{ user_id: number; n: number }>('SELECT user_id, COUNT(*) AS n FROM user_coupons WHERE coupon_id = ? GROUP BY user_id', id)
    expect(held.map((r) => Number(r.n))).toEqual([2, 2, 2, 2])
  })
})

describe('what a coupon takes off (the server decides)', () => {
  it('a percentage coupon takes its percentage, at most its cap', async () => {
    const { shopId, owner } = await newShop('折扣券店')
    const id = (await issue(owner.token, { title: '八折券', value_type: 'percent', percent_off: 20, amount: 500, min_spend: 0 })).data.saved_id
    const a = await s.login('13700004508')
    const uc = (await claim(a.token, id)).data.coupon
    expect(uc).toMatchObject({ percent_off: 20, amount: 500 })
    // ¥12.34 → 20 % is ¥2.47 (rounded half up); ¥100 → 20 % is ¥20, the cap ¥5.
    expect((await quote(a.token, { kind: 'bill', shop_id: shopId, amount: 1234, coupon_id: uc.id })).data).toMatchObject({ coupon_amount: 247, pay_amount: 987 })
    expect((await quote(a.token, { kind: 'bill', shop_id: shopId, amount: 10000, coupon_id: uc.id })).data).toMatchObject({ coupon_amount: 500, pay_amount: 9500 })
  })

  it('never less than 1 fen left to pay: a ¥5 coupon without threshold on a ¥0.05 bill takes ¥0.04', async () => {
    const { shopId, owner } = await newShop('一分钱店')
    const id = (await issue(owner.token, { title: '无门槛 5 元', amount: 500, min_spend: 0 })).data.saved_id
    const a = await s.login('13700004509')
    const uc = (await claim(a.token, id)).data.coupon
    expect((await quote(a.token, { kind: 'bill', shop_id: shopId, amount: 5, coupon_id: uc.id })).data).toMatchObject({ coupon_amount: 4, pay_amount: 1 })
    const paid = await payBill(a.token, shopId, 5, uc.id)
    expect(paid).toMatchObject({ coupon_amount: 4, pay_amount: 1 })
  })

  it('where it is used: a bill coupon is refused at takeout, a takeout coupon at a bill; "both" works at either; another shop refuses it', async () => {
    const { shopId, owner } = await newShop('外卖券店')
    const billOnly = (await issue(owner.token, { title: '买单券', use_at: 'bill', amount: 100, min_spend: 0 })).data.saved_id
    const takeoutOnly = (await issue(owner.token, { title: '外卖券', use_at: 'takeout', amount: 100, min_spend: 0 })).data.saved_id
    const both = (await issue(owner.token, { title: '通用券', use_at: 'both', amount: 100, min_spend: 0 })).data.saved_id
    const a = await s.login('13700004510')
    const [ucBill, ucTakeout, ucBoth] = [(await claim(a.token, billOnly)).data.coupon.id, (await claim(a.token, takeoutOnly)).data.coupon.id, (await claim(a.token, both)).data.coupon.id]
    expect((await quote(a.token, { kind: 'bill', shop_id: shopId, amount: 1000, coupon_id: ucTakeout })).reason).toBe('coupon_not_for_order')
    expect((await quote(a.token, { kind: 'bill', shop_id: shopId, amount: 1000, coupon_id: ucBoth })).data.coupon_amount).toBe(100)
    expect((await quote(a.token, { kind: 'bill', shop_id: 1, amount: 1000, coupon_id: ucBill })).reason).toBe('coupon_not_for_shop')
    // Takeout at this shop: set up through the menu calls.
    await call('POST', 'hui_shanghu.store_menu/saveDelivery', { category_id: 1, hours: [{ open: '00:00', close: '24:00' }], radius_m: 0, fee_tiers: [{ up_to_m: 3000, fee: 0 }], packing_fee: 0, min_order: 0, prep_minutes: 10, pickup: true }, owner.token)
    const cat = (await call<{ saved_id: number }>('POST', 'hui_shanghu.store_menu/saveCategory', { name: '主食' }, owner.token)).data.saved_id
    const dish = (await call<{ saved_id: number }>('POST', 'hui_shanghu.store_menu/saveDish', { category_id: cat, name: '炒饭', price: 1500 }, owner.token)).data.saved_id
    const takeout = (coupon: number) => quote(a.token, { kind: 'takeout', mode: 'pickup', shop_id: shopId, items: [{ id: dish, quantity: 1 }], coupon_id: coupon })
    expect((await takeout(ucBill)).reason).toBe('coupon_not_for_order')
    expect((await takeout(ucTakeout)).data).toMatchObject({ coupon_amount: 100, pay_amount: 1400 })
    expect((await takeout(ucBoth)).data.coupon_amount).toBe(100)
  })
})

describe('a window of days', () => {
  it('claimed before its first day, usable from it, expired after its last; claims refused once it is over', async () => {
    // Held: the window's days are counted from a business day that does not turn over while the test runs. Held before
    // the owner signs in: a test session lasts an hour, and noon may be hours ahead (before 11:00 it expired at once).
    holdServerClock(parseText(`${nowText().slice(0, 10)} 12:00:00`).valueOf())
    const { shopId, owner } = await newShop('窗口券店')
    const day = nowText().slice(0, 10)
    const from = parseText(`${day} 00:00:00`).add(2, 'day').format('YYYY-MM-DD')
    const to = parseText(`${day} 00:00:00`).add(4, 'day').format('YYYY-MM-DD')
    const id = (await issue(owner.token, { validity: 'window', valid_from: from, valid_to: to, valid_days: null, amount: 100, min_spend: 0 })).data.saved_id
    expect((await list(owner.token)).data.list[0]).toMatchObject({ validity: 'window', valid_from: from, valid_to: to, valid_days: null })
    const a = await s.login('13700004511')
    const uc = (await claim(a.token, id)).data.coupon
    expect(uc).toMatchObject({ starts_at: `${from} 00:00:00`, expires_at: `${parseText(`${to} 00:00:00`).add(1, 'day').format('YYYY-MM-DD')} 00:00:00` })
    expect(await quote(a.token, { kind: 'bill', shop_id: shopId, amount: 1000, coupon_id: uc.id })).toMatchObject({ code: 0, reason: 'coupon_not_started', params: { from } })
    holdServerClock(parseText(`${from} 00:00:00`).valueOf())
    expect((await quote(a.token, { kind: 'bill', shop_id: shopId, amount: 1000, coupon_id: uc.id })).data.coupon_amount).toBe(100)
    holdServerClock(parseText(`${to} 00:00:00`).add(1, 'day').valueOf())
    expect((await quote(a.token, { kind: 'bill', shop_id: shopId, amount: 1000, coupon_id: uc.id })).reason).toBe('coupon_unavailable')
    expect((await claim((await s.login('13700004512')).token, id)).reason).toBe('coupon_ended')
    // (The owner's test session is an hour long: renewed for the days the clock moved.)
    await s.run('UPDATE tokens SET expires_at = ? WHERE user_id = ?', nowMs() + 86_400_000, owner.userId)
    expect((await list(owner.token)).data.list[0].state).toBe('ended')
  })
})

describe('issuing: checked with a reason each; the owner only', () => {
  let owner: { token: string }
  beforeAll(async () => {
    owner = (await newShop('校验券店')).owner
  })
  it.each([
    [{ title: '券' }, 'coupon_title_invalid'],
    [{ amount: 0 }, 'coupon_amount_invalid'],
    [{ amount: 5000 }, 'coupon_amount_over_min'],
    [{ value_type: 'percent', percent_off: 95, amount: 500 }, 'coupon_percent_invalid'],
    [{ value_type: 'percent', percent_off: null, amount: 500 }, 'coupon_percent_invalid'],
    [{ value_type: 'percent', percent_off: 20, amount: 0 }, 'coupon_cap_invalid'],
    [{ min_spend: -1 }, 'coupon_min_spend_invalid'],
    [{ use_at: 'mall' }, 'coupon_use_invalid'],
    [{ quantity: 0 }, 'coupon_quantity_invalid'],
    [{ per_person: 3, quantity: 2 }, 'coupon_per_person_invalid'],
    [{ valid_days: 0 }, 'coupon_validity_invalid'],
    [{ validity: 'window', valid_from: '2026-02-30', valid_to: '2099-03-01' }, 'coupon_validity_invalid'],
    [{ validity: 'window', valid_from: '2099-03-02', valid_to: '2099-03-01' }, 'coupon_validity_invalid'],
    [{ validity: 'window', valid_from: '2020-01-01', valid_to: '2020-01-02' }, 'coupon_validity_invalid'],
  ])('%j → %s', async (extra, reason) => {
    expect(await issue(owner.token, extra)).toMatchObject({ code: 0, reason })
    const en = await call('POST', 'hui_shanghu.store_coupon/save', { ...COUPON, ...extra, lang: 'en' }, owner.token)
    expect(en.msg).toBe(reasonText(reason as Reason, 'en', (en.params ?? {}) as ReasonParams))
  })

  it('staff, a shopper, another shop\'s owner and an anonymous caller are refused, each with its reason; the issue is on the history', async () => {
    const shop = await newShop('权限券店')
    const id = (await issue(shop.owner.token)).data.saved_id
    const staff = await person()
    await s.run("INSERT INTO store_staff (user_id, shop_id, created_at, role) VALUES (?, ?, '2026-01-01 00:00:00', 'staff')", staff.userId, shop.shopId)
    const shopper = await person()
    const other = await newShop('别家券店')
    for (const [path, method, payload] of [
      ['hui_shanghu.store_coupon/index', 'GET', {}],
      ['hui_shanghu.store_coupon/save', 'POST', COUPON],
      ['hui_shanghu.store_coupon/stop', 'POST', { id }],
    ] as const) {
      expect([path, (await call(method, path, payload, staff.token)).reason]).toEqual([path, 'owner_only'])
      expect([path, (await call(method, path, payload, shopper.token)).reason]).toEqual([path, 'no_permission'])
      expect([path, (await call(method, path, payload, '')).code]).toEqual([path, -1])
    }
    expect((await call('POST', 'hui_shanghu.store_coupon/stop', { id }, other.owner.token)).reason).toBe('coupon_not_found')
    expect((await list(other.owner.token)).data.list).toEqual([])
    expect((await list(shop.owner.token)).data.list[0].state).toBe('issuing')
    const h = await call<Paged<ShopChange>>('GET', 'hui_shanghu.store_changes/index', {}, shop.owner.token)
    expect(h.data.list[0]).toMatchObject({ kind: 'coupon_issued', subject: '满 50 减 8', by: { role: 'owner' } })
    expect(h.data.list[0].fields).toEqual(expect.arrayContaining([{ field: 'amount', before: null, after: 800 }, { field: 'quantity', before: null, after: 100 }]))
  })
})
