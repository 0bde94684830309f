/**
 * Account deletion (issue 23): it cancels unpaid orders the one way every cancel goes (stock back to where it came
 * from, coupons back), erases the person everywhere a copy was made (every order's address, remark and refund
 * words, nickname, avatar, uploads, staff link, till secrets), is refused while orders are on their way (listing
 * them), and a deleted owner's card is invalid at the till. Also: what of a parcel's address the store sees.
 */
import type { DeletionRefusalData } from '../../src/contract/account'
import type { UserCard } from '../../src/contract/member'
import type { OrderInfo } from '../../src/contract/order'
import fs from 'node:fs'
import path from 'node:path'
import type { StoreJob } from '../../src/contract/jobs'
import type { CardCheckAnswer, StoreOrder, StoreOrderAnswer } from '../../src/contract/store'
import { tillCode } from '../../src/contract/tillCode'
import { hashToken } from '../../server/domain/account'
import { cancelExpired } from '../../server/domain/orders'
import { staffPhone } from '../../server/demo/seed'
import { sqliteOf, startServer, type TestServer } from './helpers'
import { nowMs } from '../../server/time'

let s: TestServer
beforeEach(async () => {
  s = await startServer()
  // Every flash-sale session on, whatever the time of day.
  await s.run('UPDATE seckill_sessions SET start_minute = -100000000, end_minute = 100000000')
})
afterEach(() => s.close())

let n = 0
const reqId = () => `deletion-${n++}`
const flashStock = async (id: number) => (await s.row<{ stock: number }>('SELECT stock FROM seckill_products WHERE id = ?', id)).stock
const specStock = async (id: number) => (await s.row<{ stock: number }>('SELECT stock FROM mall_specs WHERE id = ?', id)).stock

/** The shopper's address: every piece of it is looked for after deletion. */
const ADDRESS = { name: '甄隐士', mobile: '13600009876', province: '广东省', city: '深圳市', district: '福田区', detail: '秘密路 42 号' }

async function shopperWithAddress(phone: string): Promise<{ token: string; userId: number; addressId: number }> {
  const who = await s.login(phone)
  const saved = await s.call<{ info: { id: number } }>('POST', 'personal.address/save', ADDRESS, who.token)
  expect(saved.body.code).toBe(1)
  return { ...who, addressId: saved.body.data.info.id }
}

async function create(token: string, payload: Record<string, unknown>): Promise<OrderInfo> {
  const res = await s.call<{ order_info: OrderInfo }>('POST', 'personal.order/create', { client_request_id: reqId(), ...payload }, token)
  expect(res.body).toMatchObject({ code: 1 })
  return res.body.data.order_info
}

async function pay(token: string, id: number): Promise<void> {
  await s.call('POST', 'personal.order/payparam', { id, platform: 'h5', pay_channel: 6 }, token)
  expect((await s.call('POST', 'sandbox/confirmPay', { id, result: 'success' })).body.code).toBe(1)
}

async function statusIs(token: string, id: number, status: number): Promise<void> {
  const deadline = Date.now() + 5000
  for (;;) {
    const info = (await s.call<{ info: OrderInfo }>('GET', 'personal.order/read', { id }, token)).body.data.info
    if (info.order_status === status) return
    if (Date.now() > deadline) throw new Error(`order ${id} stayed ${info.order_status}, not ${status}`)
    await new Promise((r) => setImmediate(r))
  }
}

const mallOrder = (token: string, addressId: number, extra: Record<string, unknown> = {}) =>
  create(token, { kind: 'product', source: 'mall', product_id: 12, spec_id: 121, quantity: 3, delivery: 'ship', address_id: addressId, ...extra })

const deleteAccount = (token: string, lang = 'zh') =>
  s.call<{ deleted: boolean } & Partial<DeletionRefusalData>>('POST', 'personal.user/delete', { confirm: true, lang }, token) as Promise<{
    status: number
    body: { code: number; msg: string; reason?: string; data: ({ deleted: boolean } & Partial<DeletionRefusalData>) | null }
  }>

describe('deletion cancels unpaid orders the way every cancel goes', () => {
  it("the issue's repro: an unpaid mall order's quantity goes back to the mall spec, never to the sold-out flash-sale product of the same id", async () => {
    const shopper = await shopperWithAddress('13800138201')
    expect(await flashStock(12)).toBe(0) // the flash-sale product 12 is sold out
    const specBefore = await specStock(121)
    const order = await mallOrder(shopper.token, shopper.addressId)
    expect(await specStock(121)).toBe(specBefore - 3)

    expect((await deleteAccount(shopper.token)).body).toMatchObject({ code: 1, data: { deleted: true } })
    expect(await flashStock(12)).toBe(0)
    expect(await specStock(121)).toBe(specBefore)
    expect((await s.row<{ status: number }>('SELECT status FROM orders WHERE id = ?', order.id)).status).toBe(50)
    // The flash-sale item stays sold out for the next shopper.
    const next = await s.login('13800138202')
    const flash = await s.call('POST', 'personal.order/create', { kind: 'product', product_id: 12, quantity: 1, client_request_id: reqId() }, next.token)
    expect(flash.body).toMatchObject({ code: 0, msg: '已抢光' })
    expect(await flashStock(12)).toBe(0)
  })

  it("the shopper's cancel, the expiry and deletion give an unpaid mall order's stock and coupon back alike", async () => {
    const shopper = await shopperWithAddress('13800138203')
    await s.call('POST', 'personal.coupon/claim', { coupon_id: 4 }, shopper.token)
    const coupon = (await s.row<{ id: number }>('SELECT id FROM user_coupons WHERE user_id = ? AND coupon_id = 4', shopper.userId)).id
    const before = await specStock(121)
    // undefined once the coupon row is gone (deleted with the account).
    const couponStatus = async () => (await s.rows<{ status: string }>('SELECT status FROM user_coupons WHERE id = ?', coupon))[0]?.status

    const cancelled = await mallOrder(shopper.token, shopper.addressId, { coupon_id: coupon, quantity: 1 })
    expect([await specStock(121), await couponStatus()]).toEqual([before - 1, 'locked'])
    expect((await s.call('POST', 'personal.order/cancel', { id: cancelled.id }, shopper.token)).body.code).toBe(1)
    expect([await specStock(121), await couponStatus(), await flashStock(12)]).toEqual([before, 'available', 0])

    const expired = await mallOrder(shopper.token, shopper.addressId, { coupon_id: coupon, quantity: 2 })
    expect(await specStock(121)).toBe(before - 2)
    expect(await cancelExpired(s.app.q, s.app.payProvider, nowMs() + 16 * 60_000)).toBe(1)
    expect((await s.row<{ status: number }>('SELECT status FROM orders WHERE id = ?', expired.id)).status).toBe(50)
    expect([await specStock(121), await couponStatus(), await flashStock(12)]).toEqual([before, 'available', 0])

    // Deletion: the same, and then the coupon (unused) is erased with the account, not left locked to a cancelled order.
    const deleted = await mallOrder(shopper.token, shopper.addressId, { coupon_id: coupon, quantity: 3 })
    expect(deleted.coupon_amount).toBe(800)
    const res = await deleteAccount(shopper.token)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ code: 1, data: { deleted: true } })
    expect([await specStock(121), await couponStatus(), await flashStock(12)]).toEqual([before, undefined, 0])
    expect(await s.row('SELECT status, coupon_amount, user_coupon_id FROM orders WHERE id = ?', deleted.id)).toEqual({ status: 50, coupon_amount: 800, user_coupon_id: null })
  })
})

describe('deletion erases the person everywhere a copy was made', () => {
  it("staff read no name, phone or street of the deleted shopper, and no row of the database holds them", async () => {
    const phone = '13800138211'
    const shopper = await shopperWithAddress(phone)
    const staff5 = await s.login(staffPhone(5))
    // A parcel delivered (completed), a parcel refunded with the shopper's reason, an unpaid one (cancelled by the
    // deletion), and a takeout paid two days ago with a remark.
    const delivered = await mallOrder(shopper.token, shopper.addressId, { quantity: 1 })
    await pay(shopper.token, delivered.id)
    expect((await s.call('POST', 'hui_shanghu.store_order/ship', { id: delivered.id, carrier: 'SF', tracking_no: 'SF2300000001' }, staff5.token)).body.code).toBe(1)
    expect((await s.call('POST', 'personal.order/confirmReceipt', { id: delivered.id }, shopper.token)).body.code).toBe(1)
    const refunded = await mallOrder(shopper.token, shopper.addressId, { quantity: 1 })
    await pay(shopper.token, refunded.id)
    expect((await s.call('POST', 'personal.order/refund', { id: refunded.id, reason: '理由：请打 13600009876 找甄隐士' }, shopper.token)).body.code).toBe(1)
    expect((await s.call('POST', 'hui_shanghu.store_order/refundApprove', { id: refunded.id }, staff5.token)).body.code).toBe(1)
    await statusIs(shopper.token, refunded.id, 70)
    const unpaid = await mallOrder(shopper.token, shopper.addressId, { quantity: 1 })
    const takeout = await create(shopper.token, { kind: 'takeout', shop_id: 19, items: [{ id: 32, quantity: 1 }], address_id: shopper.addressId, remark: '备注：甄隐士 秘密路 42 号' })
    await pay(shopper.token, takeout.id)
    await s.run("UPDATE orders SET pay_time = '2020-01-01 12:00:00' WHERE id = ?", takeout.id)
    await s.run("INSERT INTO uploads (user_id, name, mime, data, created_at, public_id) VALUES (?, 'me.png', 'image/png', ?, '2026-01-01 00:00:00', 'deletion-test-upload')", shopper.userId, Buffer.from('89504e47', 'hex'))

    expect((await deleteAccount(shopper.token)).body).toMatchObject({ code: 1, data: { deleted: true } })

    // The store's reads of those orders: no name, phone or street, in any status list.
    const personal = [ADDRESS.name, ADDRESS.mobile, ADDRESS.detail, phone, '秘密路', '甄隐士']
    const seen: unknown[] = []
    for (const id of [delivered.id, refunded.id, unpaid.id]) {
      const read = await s.call<StoreOrderAnswer>('GET', 'hui_shanghu.store_order/read', { id }, staff5.token)
      expect(read.body.code).toBe(1)
      // Who: nothing left to mask (not the placeholder "deleted:<id>" cut into a phone's shape).
      expect([read.body.data.info.shopper_phone, ...read.body.data.actions.filter((a) => a.by === 'shopper').map((a) => a.by_phone)].every((p) => p === '****')).toBe(true)
      seen.push(read.body.data)
    }
    for (const status of [40, 50, 70]) {
      const page = await s.call<{ list: StoreOrder[] }>('GET', 'hui_shanghu.store_order/index', { status }, staff5.token)
      expect(page.body.data.list.map((o) => o.id)).toEqual(expect.arrayContaining([status === 40 ? delivered.id : status === 50 ? unpaid.id : refunded.id]))
      seen.push(page.body.data)
    }
    const staffSaw = JSON.stringify(seen)
    for (const p of personal) expect(staffSaw).not.toContain(p)

    // Every text in every table of the database.
    // The catalogue differs by engine: SQLite's sqlite_master, PostgreSQL's information_schema.
    const catalogue =
      s.app.storage.engine === 'postgres' ? "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'" : "SELECT name FROM sqlite_master WHERE type = 'table'"
    const tables = (await s.rows<{ name: string }>(catalogue)).map((t) => t.name)
    const found: string[] = []
    for (const table of tables) {
      for (const row of await s.rows<Record<string, unknown>>(`SELECT * FROM "${table}"`)) {
        const text = Object.values(row)
          .map((v) => (Buffer.isBuffer(v) ? v.toString('utf8') : String(v)))
          .join('\u0001')
        for (const p of personal) if (text.includes(p)) found.push(`${table}: ${p}`)
      }
    }
    expect(found).toEqual([])

    // What the books need stays: the orders with their numbers, shop, amounts, statuses and times.
    const kept = await s.rows<Record<string, unknown>>('SELECT id, order_no, shop_id, status, pay_amount, create_time, pay_time, detail FROM orders WHERE user_id = ? ORDER BY id', shopper.userId)
    expect(kept.map((o) => [o.id, o.status])).toEqual([
      [delivered.id, 40],
      [refunded.id, 70],
      [unpaid.id, 50],
      [takeout.id, 10],
    ])
    expect(kept[0]).toMatchObject({ order_no: delivered.order_no, shop_id: 5, pay_amount: delivered.pay_amount, pay_time: expect.any(String) })
    expect(JSON.parse(kept[0].detail as string)).toMatchObject({ source: 'mall', spec_id: 121, unit_price: expect.any(Number), delivery: { mode: 'ship', address: null } })
    expect(JSON.parse(kept[3].detail as string)).toMatchObject({ items: [expect.objectContaining({ id: 32, quantity: 1 })] })
    expect((await s.row<{ n: number }>('SELECT COUNT(*) AS n FROM uploads WHERE user_id = ?', shopper.userId)).n).toBe(0)
    expect(await s.row('SELECT nickname, avatar FROM users WHERE id = ?', shopper.userId)).toEqual({ nickname: '已注销用户', avatar: '' })
  })
})

describe('deletion leaves no words of the person behind (issue 43)', () => {
  it("a job report's note no longer reaches the shop; a posting whose contact is the deleted person's phone stops showing it", async () => {
    const staff8 = await s.login(staffPhone(8))
    const posted = await s.call<{ info: StoreJob }>('POST', 'hui_shanghu.store_job/save', { title: '收银员', category: 'retail', salary_min: 5000, salary_max: 6000, headcount: 1, hours: '09:00-18:00', requirements: '细心', benefits: '包餐', contact_name: '店长', contact_phone: '13900001111' }, staff8.token)
    const id = posted.body.data.info.id
    const shopper = await shopperWithAddress('13800138261')
    const note = '联系我 13600009876 甄隐士'
    expect((await s.call('POST', 'personal.job/report', { id, reason: 'other', note }, shopper.token)).body.code).toBe(1)
    const reportsSeen = async () => JSON.stringify((await s.call<{ list: StoreJob[] }>('GET', 'hui_shanghu.store_job/index', {}, staff8.token)).body.data)
    expect(await reportsSeen()).toContain(note)

    // A staff member whose own phone is a posting's contact: their number must not stay listed once they are gone.
    const staff9 = await s.login(staffPhone(9))
    const own = await s.call<{ info: StoreJob }>('POST', 'hui_shanghu.store_job/save', { title: '导购', category: 'retail', salary_min: 5000, salary_max: 6000, headcount: 1, hours: '09:00-18:00', requirements: '热情', benefits: '提成', contact_name: '小九', contact_phone: staffPhone(9) }, staff9.token)
    const ownId = own.body.data.info.id
    expect((await s.call('GET', 'hui_public.job/read', { id: ownId })).body.code).toBe(1)

    expect((await deleteAccount(shopper.token)).body).toMatchObject({ code: 1, data: { deleted: true } })
    expect((await deleteAccount(staff9.token)).body).toMatchObject({ code: 1, data: { deleted: true } })

    const seen = await reportsSeen()
    for (const word of [note, '13600009876', '甄隐士']) expect(seen).not.toContain(word)
    // The report itself stays (its reason, when): the shop still has a report to answer.
    expect((await s.call<{ list: StoreJob[] }>('GET', 'hui_shanghu.store_job/index', {}, staff8.token)).body.data.list.find((j) => j.id === id)?.open_reports).toEqual([{ reason: 'other', note: '', created_at: expect.any(Number) }])
    // The deleted staff member's posting: closed, its contact gone.
    expect((await s.call('GET', 'hui_public.job/read', { id: ownId })).body).toMatchObject({ code: 0, reason: 'job_not_found' })
    expect(await s.row('SELECT contact_name, contact_phone, CASE WHEN closed_at IS NULL THEN 0 ELSE 1 END AS closed FROM jobs WHERE id = ?', ownId)).toEqual({ contact_name: '', contact_phone: '', closed: 1 })
    expect((await s.rows('SELECT 1 FROM job_contacts WHERE user_id = ?', shopper.userId)).length).toBe(0)
  })
})

describe("after an erasure nothing erased is left in SQLite's files (issue 43)", () => {
  it("the main file, its write-ahead log and its index hold none of the deleted shopper's phone, name, street or note", async () => {
    const files = await startServer({ sqlite: true })
    try {
      const phone = '13800138271'
      const who = await files.login(phone)
      const book = { ...ADDRESS, name: '甄隐士', mobile: '13600004321', detail: '秘密路 42 号' }
      const saved = await files.call<{ info: { id: number } }>('POST', 'personal.address/save', book, who.token)
      expect(saved.body.code).toBe(1)
      // Edited twice: older copies of the row are freed space in its page and frames in the log.
      for (const detail of ['秘密路 42 号 1 栋', '秘密路 42 号 2 栋']) await files.call('POST', 'personal.address/save', { ...book, id: saved.body.data.info.id, detail }, who.token)
      const made = await files.call<{ order_info: OrderInfo }>('POST', 'personal.order/create', { kind: 'takeout', shop_id: 19, items: [{ id: 32, quantity: 1 }], address_id: saved.body.data.info.id, remark: '备注 秘密路 敲门', client_request_id: 'deletion-files-1' }, who.token)
      expect([made.body.code, made.body.msg]).toEqual([1, 'ok'])
      const job = (await files.call<{ list: Array<{ id: number }> }>('GET', 'hui_public.job/index', {})).body.data.list[0].id
      expect((await files.call('POST', 'personal.job/report', { id: job, reason: 'other', note: '联系我 13600004321' }, who.token)).body.code).toBe(1)

      const base = path.join(files.dir, 'test.sqlite')
      const secrets = [phone, book.mobile, book.name, '秘密路']
      const found = () =>
        ['', '-wal', '-shm'].flatMap((suffix) => {
          const bytes = fs.existsSync(base + suffix) ? fs.readFileSync(base + suffix) : Buffer.alloc(0)
          return secrets.map((secret) => {
            let n = 0
            for (let at = bytes.indexOf(secret, 0, 'utf8'); at >= 0; at = bytes.indexOf(secret, at + 1, 'utf8')) n++
            return n > 0 ? `${suffix || 'main'}: ${secret} ×${n}` : null
          })
        }).filter(Boolean)
      // Before: the person is in the files (the scan reads something) — in the log, and, once a checkpoint has copied the
      // log into it (SQLite's own every 1000 pages), in the main file too.
      expect(found().length).toBeGreaterThan(0)
      sqliteOf(files.app).pragma('wal_checkpoint(PASSIVE)')
      expect(found().filter((f) => String(f).startsWith('main')).length).toBeGreaterThan(0)

      expect((await files.call('POST', 'personal.user/delete', { confirm: true }, who.token)).body).toMatchObject({ code: 1, data: { deleted: true } })
      expect(found()).toEqual([])
    } finally {
      await files.close()
    }
  })
})

describe('deletion erases only that person', () => {
  it("another shopper's addresses, orders and sign-in survive a deletion, in the database and in what they read", async () => {
    const leaving = await shopperWithAddress('13800138231')
    const staying = await shopperWithAddress('13800138232')
    const second = await s.call<{ info: { id: number } }>('POST', 'personal.address/save', { ...ADDRESS, detail: '留下路 7 号', is_default: true }, staying.token)
    expect(second.body.code).toBe(1)
    const order = await mallOrder(staying.token, staying.addressId, { quantity: 1 })
    const addressesOf = async (token: string) => (await s.call<{ list: Array<{ id: number; detail: string }> }>('GET', 'personal.address/index', {}, token)).body.data.list
    const before = await addressesOf(staying.token)
    expect(before.map((a) => a.id).sort()).toEqual([staying.addressId, second.body.data.info.id].sort())

    expect((await deleteAccount(leaving.token)).body).toMatchObject({ code: 1, data: { deleted: true } })

    expect((await s.row<{ n: number }>('SELECT COUNT(*) AS n FROM addresses WHERE user_id = ?', leaving.userId)).n).toBe(0)
    expect(await addressesOf(staying.token)).toEqual(before)
    expect((await s.row<{ n: number }>('SELECT COUNT(*) AS n FROM addresses WHERE user_id = ?', staying.userId)).n).toBe(2)
    const read = await s.call<{ info: OrderInfo }>('GET', 'personal.order/read', { id: order.id }, staying.token)
    expect(read.body.data.info).toMatchObject({ id: order.id, order_status: 0 })
    expect(await s.row('SELECT phone, nickname FROM users WHERE id = ?', staying.userId)).toMatchObject({ phone: '13800138232' })
  })

  it('a deleted account never signs in again: its sessions on every device end, and a token of it left in the table is refused too (log in, code -1)', async () => {
    const leaving = await shopperWithAddress('13800138233')
    const device2 = `second-device-${n++}`
    await s.run('INSERT INTO tokens (hash, user_id, expires_at, created_at) VALUES (?, ?, ?, ?)', hashToken(device2), leaving.userId, nowMs() + 3_600_000, nowMs())
    expect((await s.call('GET', 'personal.user/info', {}, device2)).body.code).toBe(1)
    expect((await deleteAccount(leaving.token)).body).toMatchObject({ code: 1, data: { deleted: true } })
    expect((await s.call('GET', 'personal.user/info', {}, leaving.token)).body.code).toBe(-1)
    expect((await s.call('GET', 'personal.user/info', {}, device2)).body.code).toBe(-1)
    expect((await s.row<{ n: number }>('SELECT COUNT(*) AS n FROM tokens WHERE user_id = ?', leaving.userId)).n).toBe(0)
    // A token row of the deleted account that outlived the deletion (written back from a copy, say) signs nobody in.
    const token = `left-behind-${n++}`
    await s.run('INSERT INTO tokens (hash, user_id, expires_at, created_at) VALUES (?, ?, ?, ?)', hashToken(token), leaving.userId, nowMs() + 3_600_000, nowMs())
    expect((await s.call('GET', 'personal.user/info', {}, token)).body.code).toBe(-1)
    expect((await s.call('GET', 'personal.order/index', {}, token)).body.code).toBe(-1)
  })
})

describe('deletion is refused while orders are on their way, and lists them', () => {
  it('a paid flash-sale order to collect and a paid parcel to ship block it (listed, newest first, in the asker’s language); a paid bill does not', async () => {
    const shopper = await shopperWithAddress('13800138221')
    const bill = await create(shopper.token, { kind: 'bill', shop_id: 1, amount: 3000 })
    await pay(shopper.token, bill.id)
    const flash = await create(shopper.token, { kind: 'product', product_id: 4, quantity: 1 })
    await pay(shopper.token, flash.id)
    const parcel = await mallOrder(shopper.token, shopper.addressId, { quantity: 1 })
    await pay(shopper.token, parcel.id)

    // Asked before deleting (issue 39): the same orders the refusal lists, so the screen can say them first.
    const asked = await s.call<{ orders: Array<{ id: number; order_status: number }> }>('GET', 'personal.user/deletionCheck', {}, shopper.token)
    expect(asked.body.data.orders.map((o) => [o.id, o.order_status])).toEqual([[parcel.id, 10], [flash.id, 10]])
    const refused = await deleteAccount(shopper.token)
    expect(refused.body).toMatchObject({ code: 0, reason: 'account_has_open_orders' })
    expect(refused.body.msg).toContain('2')
    expect(refused.body.data?.orders).toEqual(asked.body.data.orders)
    expect(refused.body.data?.orders).toEqual([
      { id: parcel.id, order_no: parcel.order_no, kind: 'product', title: parcel.title, order_status: 10, pay_amount: parcel.pay_amount, create_time: parcel.create_time },
      { id: flash.id, order_no: flash.order_no, kind: 'product', title: flash.title, order_status: 10, pay_amount: flash.pay_amount, create_time: flash.create_time },
    ])
    const en = await deleteAccount(shopper.token, 'en')
    expect(en.body).toMatchObject({ code: 0, reason: 'account_has_open_orders' })
    expect(en.body.msg).toMatch(/^You have 2 unfinished order/)
    // Nothing was erased: the shopper is still signed in with their address.
    expect((await s.call('GET', 'personal.user/info', {}, shopper.token)).body.code).toBe(1)
    expect((await s.row<{ n: number }>('SELECT COUNT(*) AS n FROM addresses WHERE user_id = ?', shopper.userId)).n).toBe(1)

    // Collected and refunded: nothing blocks any more.
    const staff8 = await s.login(staffPhone(8))
    const code = (await s.call<{ code: string }>('GET', 'personal.order/orderVerification', { id: flash.id }, shopper.token)).body.data.code
    expect((await s.call('POST', 'hui_shanghu.store_order/verify', { code }, staff8.token)).body.code).toBe(1)
    expect((await s.call('POST', 'personal.order/refund', { id: parcel.id, reason: '不想要了' }, shopper.token)).body.code).toBe(1)
    expect((await deleteAccount(shopper.token)).body.data?.orders?.map((o) => [o.id, o.order_status])).toEqual([[parcel.id, 60]])
    const staff5 = await s.login(staffPhone(5))
    expect((await s.call('POST', 'hui_shanghu.store_order/refundApprove', { id: parcel.id }, staff5.token)).body.code).toBe(1)
    await statusIs(shopper.token, parcel.id, 70)
    expect((await s.call<{ orders: unknown[] }>('GET', 'personal.user/deletionCheck', {}, shopper.token)).body.data.orders).toEqual([])
    expect((await deleteAccount(shopper.token)).body).toMatchObject({ code: 1, data: { deleted: true } })
    expect((await s.call('GET', 'personal.user/deletionCheck', {}, shopper.token)).body.code).toBe(-1)
  })

  it('a takeout paid within the last day blocks it; one paid earlier does not', async () => {
    const shopper = await shopperWithAddress('13800138222')
    const takeout = await create(shopper.token, { kind: 'takeout', shop_id: 19, items: [{ id: 32, quantity: 1 }], address_id: shopper.addressId })
    await pay(shopper.token, takeout.id)
    expect((await deleteAccount(shopper.token)).body.data?.orders?.map((o) => o.id)).toEqual([takeout.id])
    await s.run("UPDATE orders SET pay_time = '2020-01-01 12:00:00' WHERE id = ?", takeout.id)
    expect((await deleteAccount(shopper.token)).body).toMatchObject({ code: 1, data: { deleted: true } })
  })
})

describe("a deleted member's card and a deleted staff member", () => {
  it("a deleted owner's card answers invalid at the till, even with a code made from its old secret", async () => {
    const owner = await s.login('13800138231')
    const staff = await s.login(staffPhone(3))
    const order = await create(owner.token, { kind: 'card', card_id: 2 })
    await pay(owner.token, order.id)
    const card = (await s.call<{ list: UserCard[] }>('GET', 'personal.card/index', {}, owner.token)).body.data.list[0]
    const secret = card.till_secret ?? ''
    const check = () => s.call<CardCheckAnswer>('GET', 'hui_shanghu.store_card/check', { code: tillCode(card.id, secret, nowMs()) }, staff.token)
    expect((await check()).body.data.result).toBe('valid')
    expect((await deleteAccount(owner.token)).body).toMatchObject({ code: 1, data: { deleted: true } })
    expect((await check()).body.data).toEqual({ result: 'invalid', card: null })
    // Even were the secret still stored, the till looks the owner up and finds them deleted.
    await s.run('UPDATE user_cards SET secret = ? WHERE id = ?', secret, card.id)
    expect((await check()).body.data).toEqual({ result: 'invalid', card: null })
  })

  it('a staff member who deletes their account is no longer staff: the same phone signs in as a new account without the workbench', async () => {
    const staff = await s.login(staffPhone(1))
    expect((await s.call('GET', 'hui_shanghu.store/workbench', {}, staff.token)).body.code).toBe(1)
    expect((await deleteAccount(staff.token)).body).toMatchObject({ code: 1, data: { deleted: true } })
    expect((await s.row<{ n: number }>('SELECT COUNT(*) AS n FROM store_staff WHERE user_id = ?', staff.userId)).n).toBe(0)
    const again = await s.login(staffPhone(1))
    expect(again.userId).not.toBe(staff.userId)
    expect((await s.call('GET', 'hui_shanghu.store/workbench', {}, again.token)).body.code).toBe(0)
  })
})

describe("staff see a parcel's address only while they must deliver it", () => {
  const full = { name: ADDRESS.name, phone: ADDRESS.mobile, text: '广东省深圳市福田区秘密路 42 号' }
  const masked = { ...full, phone: '136****9876' }

  it('unpaid: none · paid: full · refund asked: phone masked · refused: full again · shipped: full · delivered: none; cancelled and refunded: none', async () => {
    const shopper = await shopperWithAddress('13800138241')
    const staff5 = await s.login(staffPhone(5))
    const seen = async (id: number) => {
      const read = (await s.call<StoreOrderAnswer>('GET', 'hui_shanghu.store_order/read', { id }, staff5.token)).body.data.info
      const listed = (await s.call<{ list: StoreOrder[] }>('GET', 'hui_shanghu.store_order/index', { status: read.order_status }, staff5.token)).body.data.list.find((o) => o.id === id)
      expect(listed?.delivery).toEqual(read.delivery)
      return read.delivery
    }
    const order = await mallOrder(shopper.token, shopper.addressId, { quantity: 1 })
    expect(await seen(order.id)).toEqual({ mode: 'ship', address: null })
    await pay(shopper.token, order.id)
    expect(await seen(order.id)).toEqual({ mode: 'ship', address: full })
    expect((await s.call('POST', 'personal.order/refund', { id: order.id, reason: '买错了' }, shopper.token)).body.code).toBe(1)
    expect(await seen(order.id)).toEqual({ mode: 'ship', address: masked })
    expect((await s.call('POST', 'hui_shanghu.store_order/refundReject', { id: order.id, reason: '已备货' }, staff5.token)).body.code).toBe(1)
    expect(await seen(order.id)).toEqual({ mode: 'ship', address: full })
    expect((await s.call('POST', 'hui_shanghu.store_order/ship', { id: order.id, carrier: 'SF', tracking_no: 'SF2300000002' }, staff5.token)).body.code).toBe(1)
    expect(await seen(order.id)).toEqual({ mode: 'ship', address: full })
    expect((await s.call('POST', 'personal.order/confirmReceipt', { id: order.id }, shopper.token)).body.code).toBe(1)
    expect(await seen(order.id)).toEqual({ mode: 'ship', address: null })

    const cancelled = await mallOrder(shopper.token, shopper.addressId, { quantity: 1 })
    expect((await s.call('POST', 'personal.order/cancel', { id: cancelled.id }, shopper.token)).body.code).toBe(1)
    expect(await seen(cancelled.id)).toEqual({ mode: 'ship', address: null })

    const refunded = await mallOrder(shopper.token, shopper.addressId, { quantity: 1 })
    await pay(shopper.token, refunded.id)
    expect((await s.call('POST', 'personal.order/refund', { id: refunded.id, reason: '不想要了' }, shopper.token)).body.code).toBe(1)
    expect((await s.call('POST', 'hui_shanghu.store_order/refundApprove', { id: refunded.id }, staff5.token)).body.code).toBe(1)
    await statusIs(shopper.token, refunded.id, 70)
    expect(await seen(refunded.id)).toEqual({ mode: 'ship', address: null })

    // The shopper's own order keeps the address as it was ordered.
    const own = (await s.call<{ info: OrderInfo }>('GET', 'personal.order/read', { id: order.id }, shopper.token)).body.data.info
    expect(own.delivery).toEqual({ mode: 'ship', address: full })
  })
})
