import type { MerchantApplication } from '../../src/contract/merchant'
import { fmt } from '../../server/time'
import { runAdmin } from './admin'
import { startServer, type TestServer } from './helpers'

/**
 * The operator's command (scripts/admin.ts) reads the server's clock (issue 26): after the sandbox moved the clock
 * (POST /api/sandbox/clock, kept in the database), a review is stamped on that clock, as the server stamps everything —
 * not on the host's real time.
 */

let s: TestServer
beforeAll(async () => {
  s = await startServer()
})
afterAll(async () => {
  await s.call('POST', 'sandbox/clock', { reset: true })
  await s.close()
})


const admin = (...args: string[]) => runAdmin(s.databaseEnv, ...args)

// The mobile is the account's own phone (verified by its login code: no sign-up code needed).
const form = (shopName: string, mobile: string) => ({
  shop_name: shopName,
  class_id: 1,
  contact_name: 'Han Meimei',
  mobile,
  city_id: 1,
  district: '\u5357\u5c71\u533a',
  address: 'Keyuan Road 77',
  hours: '10:00-22:00',
  discount_rate: 90,
  licence_image: '/uploads/EEEEEEEEEEEEEEEEEEEEEE.jpg',
  storefront_image: '/uploads/FFFFFFFFFFFFFFFFFFFFFF.png',
})

// Two years ahead of any real "now" these tests run at: a stamp on the host's clock is far from it.
const MOVED = Date.parse('2028-02-29T10:00:00+08:00')
const MINUTE = 60_000

describe('npm run admin on a moved sandbox clock', () => {
  it("stamps the review, the decision and the owner's start on the server's clock", async () => {
    expect((await s.call('POST', 'sandbox/clock', { at: '2028-02-29T10:00:00+08:00' })).body.code).toBe(1)
    const u = (await s.quickUser('13633330001'))
    await s.uploadedBy(u.token, form('Clockwork Tea', '13633330001'))
    const sent = await s.call<{ application: MerchantApplication }>('POST', 'personal.merchant_application/submit', form('Clockwork Tea', '13633330001'), u.token)
    expect(sent.body.code).toBe(1)
    const id = sent.body.data.application.id
    const row = () => s.row<{ status: string; updated_at: number; reviewed_at: number | null }>('SELECT status, updated_at, reviewed_at FROM merchant_applications WHERE id = ?', id)

    expect((await admin('show', String(id))).code).toBe(0)
    expect((await row()).status).toBe('in_review')
    expect(Math.abs((await row()).updated_at - MOVED)).toBeLessThan(5 * MINUTE)

    expect((await admin('reject', String(id), '--field', 'address=No such number')).code).toBe(0)
    expect((await row()).status).toBe('rejected')
    expect(Math.abs(((await row()).reviewed_at ?? 0) - MOVED)).toBeLessThan(5 * MINUTE)

    expect((await s.call('POST', 'personal.merchant_application/submit', form('Clockwork Tea', '13633330001'), u.token)).body.code).toBe(1)
    const approved = await admin('approve', String(id))
    expect(approved.code).toBe(0)
    expect(Math.abs(((await row()).reviewed_at ?? 0) - MOVED)).toBeLessThan(5 * MINUTE)
    const staff = await s.row<{ created_at: string }>('SELECT created_at FROM store_staff WHERE user_id = ?', u.userId)
    expect(staff.created_at.slice(0, 10)).toBe(fmt(MOVED).slice(0, 10))
  })
})
