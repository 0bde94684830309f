/**
 * Shop names and owners under abuse (issue 43, items 5 and 6; server/domain/merchant.ts, server/domain/store/staff.ts,
 * scripts/adminReview.ts; docs/api.md "Merchant sign-up", "Staff and invites"):
 * - a rejected application no longer holds its shop name (merchant_shop_name_taken counts shops and live applications
 *   only), and the operator frees a name a live application holds (`npm run admin -- free-name N`);
 * - deleting an owner's account withdraws their open invites (a stranger can no longer join the ownerless shop and post
 *   jobs), an invite is good only while its maker owns the shop, the staff of an ownerless shop keep working, and the
 *   operator names a new owner (`npm run admin -- owner <shop> <phone>`).
 */
import type { MerchantApplication } from '../../src/contract/merchant'
import type { StaffInviteAnswer, StaffListAnswer } from '../../src/contract/storeStaff'
import { approveApplication, rejectApplication } from '../../server/domain/merchant'
import { startServer, type TestServer } from './helpers'
import { runAdmin } from './admin'

let s: TestServer
beforeAll(async () => {
  s = await startServer()
})
afterAll(() => s.close())

type Body<T> = { code: number; msg: string; data: T; reason?: string; params?: Record<string, unknown> }
const call = <T>(method: 'GET' | 'POST', path: string, payload: Record<string, unknown>, token?: string) => s.call<T>(method, path, payload, token).then((r) => r.body as Body<T>)

let phones = 0
/** A shopper whose own phone is the application's mobile (verified at login: no sign-up code needed). */
const person = async () => {
  const phone = `1364343${String(++phones).padStart(4, '0')}`
  return { phone, ...(await s.quickUser(phone)) }
}
const form = (shopName: string, mobile: string) => ({
  shop_name: shopName,
  class_id: 1,
  contact_name: 'Li Lei',
  mobile,
  city_id: 1,
  district: '南山区',
  address: 'Keyuan Road 88',
  hours: '10:00-22:00',
  discount_rate: 88,
  licence_image: '/uploads/CCCCCCCCCCCCCCCCCCCCCC.jpg',
  storefront_image: '/uploads/DDDDDDDDDDDDDDDDDDDDDD.png',
})
const apply = async (who: { token: string; phone: string }, shopName: string) => {
  const payload = form(shopName, who.phone)
  await s.uploadedBy(who.token, payload)
  return call<{ application: MerchantApplication }>('POST', 'personal.merchant_application/submit', payload, who.token)
}

describe('shop names (item 5)', () => {
  it('a rejected application frees its name for anyone else; its own resubmission then finds the name taken', async () => {
    const first = await person()
    const made = await apply(first, 'Lucky Noodle House')
    expect(made.code).toBe(1)
    await rejectApplication(s.app.q, made.data.application.id, { licence_image: 'blurred' })

    const second = await person()
    expect(await apply(second, 'lucky noodle house')).toMatchObject({ code: 1, data: { application: { status: 'submitted' } } })
    // The name is the live application's now: the rejected one, resubmitted, is told so.
    expect(await apply(first, 'Lucky Noodle House')).toMatchObject({ code: 0, reason: 'merchant_shop_name_taken' })
    // A shop's name stays taken.
    const shop = await s.row<{ name: string }>('SELECT name FROM shops WHERE city_id = 1 ORDER BY id LIMIT 1')
    expect(await apply(await person(), shop.name)).toMatchObject({ code: 0, reason: 'merchant_shop_name_taken' })
  })

  it('the operator frees a name a live application holds: npm run admin -- free-name N', async () => {
    const squatter = await person()
    const held = (await apply(squatter, 'Famous Brand Tea')).data.application
    const owner = await person()
    expect(await apply(owner, 'Famous Brand Tea')).toMatchObject({ code: 0, reason: 'merchant_shop_name_taken' })

    const freed = await runAdmin(s.databaseEnv, 'free-name', String(held.id), '--why', 'This brand belongs to another company')
    expect({ code: freed.code, err: freed.err }).toEqual({ code: 0, err: '' })
    expect(freed.out).toContain(`freed "Famous Brand Tea"`)
    // The squatter's application is rejected on its name, with the operator's words; the name goes to the next.
    expect((await call<{ application: MerchantApplication }>('GET', 'personal.merchant_application/read', {}, squatter.token)).data.application).toMatchObject({
      status: 'rejected',
      rejections: { shop_name: 'This brand belongs to another company' },
    })
    expect(await apply(owner, 'Famous Brand Tea')).toMatchObject({ code: 1 })
    // Nothing to free on an application that holds no name (rejected, approved), or none such.
    expect((await runAdmin(s.databaseEnv, 'free-name', String(held.id))).code).toBe(1)
  })
})

describe('a shop whose owner is gone (item 6)', () => {
  /** An approved application's applicant: the owner of a new shop. */
  const newShop = async (name: string) => {
    const owner = await person()
    const app = (await apply(owner, name)).data.application
    const { shopId } = await approveApplication(s.app.q, app.id)
    return { owner, shopId }
  }
  const invite = (token: string) => call<StaffInviteAnswer>('POST', 'hui_shanghu.store_staff/invite', {}, token)
  const accept = (token: string, code: string) => call('POST', 'hui_shanghu.store_invite/accept', { code }, token)
  const staffList = (token: string) => call<StaffListAnswer>('GET', 'hui_shanghu.store_staff/index', {}, token)

  it("deleting the owner's account withdraws their invites: a stranger cannot join and post jobs; the staff keep working", async () => {
    const { owner, shopId } = await newShop('Gone Owner Bakery')
    const colleague = await person()
    const joined = (await invite(owner.token)).data.invite.code
    expect((await accept(colleague.token, joined)).code).toBe(1)
    const link = (await invite(owner.token)).data.invite.code

    expect((await call('POST', 'personal.user/delete', { confirm: true }, owner.token)).code).toBe(1)
    const stranger = await person()
    expect(await accept(stranger.token, link)).toMatchObject({ code: 0, reason: 'staff_invite_revoked' })
    expect(await call('GET', 'hui_shanghu.store_invite/read', { code: link }, stranger.token)).toMatchObject({ code: 0, reason: 'staff_invite_revoked' })
    expect(await s.rows('SELECT user_id FROM store_staff WHERE shop_id = ? ORDER BY user_id', shopId)).toEqual([{ user_id: colleague.userId }])
    expect(await s.rows('SELECT id FROM staff_invites WHERE shop_id = ? AND revoked_at IS NULL AND used_by IS NULL', shopId)).toEqual([])

    // The colleague keeps the store's calls; nobody may invite until the operator names an owner.
    expect((await call('GET', 'hui_shanghu.store/workbench', {}, colleague.token)).code).toBe(1)
    expect(await invite(colleague.token)).toMatchObject({ code: 0, reason: 'staff_owner_only' })
    expect((await staffList(colleague.token)).data.staff.map((m) => m.role)).toEqual(['staff'])
  })

  it('an invite is good only while its maker owns the shop (an owner row gone by any way)', async () => {
    const { owner, shopId } = await newShop('Handed Over Cafe')
    const link = (await invite(owner.token)).data.invite.code
    await s.run("UPDATE store_staff SET role = 'staff' WHERE user_id = ? AND shop_id = ?", owner.userId, shopId)
    expect(await accept((await person()).token, link)).toMatchObject({ code: 0, reason: 'staff_invite_revoked' })
  })

  it('the operator names a new owner: npm run admin -- owner <shop> <phone>; the old one, if still there, is staff', async () => {
    const { owner, shopId } = await newShop('New Hands Noodles')
    const colleague = await person()
    expect((await accept(colleague.token, (await invite(owner.token)).data.invite.code)).code).toBe(1)
    const oldLink = (await invite(owner.token)).data.invite.code

    const named = await runAdmin(s.databaseEnv, 'owner', String(shopId), colleague.phone)
    expect({ code: named.code, err: named.err }).toEqual({ code: 0, err: '' })
    expect(named.out).toContain(`shop ${shopId}`)
    expect(await s.rows('SELECT user_id, role FROM store_staff WHERE shop_id = ? ORDER BY user_id', shopId)).toEqual([
      { user_id: owner.userId, role: 'staff' },
      { user_id: colleague.userId, role: 'owner' },
    ])
    // The old owner's open invite is withdrawn; the new owner invites.
    expect(await accept((await person()).token, oldLink)).toMatchObject({ code: 0, reason: 'staff_invite_revoked' })
    expect(await invite(owner.token)).toMatchObject({ code: 0, reason: 'staff_owner_only' })
    const fresh = (await invite(colleague.token)).data.invite.code
    expect((await accept((await person()).token, fresh)).code).toBe(1)

    // Refused: an unknown phone, a person who works for another store, an unknown shop.
    const elsewhere = (await newShop('Elsewhere Dumplings')).owner
    const refusals = await Promise.all([
      runAdmin(s.databaseEnv, 'owner', String(shopId), '13999999999'),
      runAdmin(s.databaseEnv, 'owner', String(shopId), elsewhere.phone),
      runAdmin(s.databaseEnv, 'owner', '999999', colleague.phone),
    ])
    expect(refusals.map((r) => [r.code, /\((\w+)\)/.exec(r.err)?.[1]])).toEqual([
      [1, 'user_not_found'],
      [1, 'staff_already_staff'],
      [1, 'shop_not_found'],
    ])
  })
})
