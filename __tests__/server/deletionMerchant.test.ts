import type { MerchantApplication } from '../../src/contract/merchant'
import { approveApplication } from '../../server/domain/merchant'
import { startServer, type TestServer } from './helpers'

/**
 * Account deletion and a merchant application (issue 26): the deleted person's contact name, mobile and pictures
 * leave the application; an open application is withdrawn (nothing left for an operator to approve, its mobile and
 * shop name free again), an approved one stays as its shop's record without who applied.
 */
let s: TestServer
beforeAll(async () => {
  s = await startServer()
})
afterAll(() => s.close())

const CONTACT = '\u7504\u58eb\u9690' // 甄士隐
const LICENCE = '/uploads/CCCCCCCCCCCCCCCCCCCCCC.jpg'
const STOREFRONT = '/uploads/DDDDDDDDDDDDDDDDDDDDDD.png'
// The mobile is the account's own phone (verified by its login code: no sign-up code needed).
const form = (shopName: string, mobile: string) => ({
  shop_name: shopName,
  class_id: 1,
  contact_name: CONTACT,
  mobile,
  city_id: 1,
  district: '\u5357\u5c71\u533a',
  address: 'Keyuan Road 99',
  hours: '10:00-22:00',
  discount_rate: 90,
  licence_image: LICENCE,
  storefront_image: STOREFRONT,
})

type Answer = { application: MerchantApplication | null }
const submit = async (token: string, payload: Record<string, unknown>) => {
  await s.uploadedBy(token, payload)
  return s.call<Answer>('POST', 'personal.merchant_application/submit', payload, token)
}
const deleteAccount = (token: string) => s.call<{ deleted: boolean }>('POST', 'personal.user/delete', { confirm: true }, token)

/** Every text of every merchant application row. */
const applicationsText = async () => JSON.stringify(await s.rows('SELECT * FROM merchant_applications'))

describe("deletion and the person's merchant application", () => {
  it('an open application is withdrawn: no row keeps the contact, and its mobile and shop name can be applied with again', async () => {
    const u = (await s.quickUser('13622220001'))
    const mobile = '13622220001'
    expect((await submit(u.token, form('Erased Noodles', mobile))).body.code).toBe(1)
    expect(await applicationsText()).toContain(mobile)

    expect((await deleteAccount(u.token)).body).toMatchObject({ code: 1, data: { deleted: true } })
    const text = await applicationsText()
    for (const p of [CONTACT, mobile, LICENCE, STOREFRONT]) expect(text).not.toContain(p)
    expect(await s.row('SELECT COUNT(*) AS n FROM merchant_applications WHERE user_id = ?', u.userId)).toEqual({ n: 0 })

    // The phone, bound again as a new account, may apply with that mobile and that shop name.
    const other = (await s.quickUser(mobile))
    expect((await submit(other.token, form('Erased Noodles', mobile))).body).toMatchObject({ code: 1, data: { application: { status: 'submitted' } } })
  })

  it("an approved application keeps its shop's record but not who applied; the shop stays", async () => {
    const u = (await s.quickUser('13622220003'))
    const mobile = '13622220003'
    expect((await submit(u.token, form('Kept Dumplings', mobile))).body.code).toBe(1)
    const id = (await s.row<{ id: number }>('SELECT id FROM merchant_applications WHERE user_id = ?', u.userId)).id
    const { shopId } = await approveApplication(s.app.q, id)

    expect((await deleteAccount(u.token)).body).toMatchObject({ code: 1, data: { deleted: true } })
    const row = await s.row<Record<string, unknown>>('SELECT * FROM merchant_applications WHERE id = ?', id)
    expect(row).toMatchObject({ status: 'approved', shop_id: shopId, shop_name: 'Kept Dumplings', contact_name: '', mobile: '', licence_image: '', storefront_image: '' })
    expect(await s.row('SELECT name FROM shops WHERE id = ?', shopId)).toEqual({ name: 'Kept Dumplings' })
  })

  it("the shop keeps its picture (the storefront photo the owner uploaded); the licence photo goes with the person", async () => {
    const u = (await s.quickUser('13622220005'))
    const upload = (publicId: string, mime: string) =>
      s.run("INSERT INTO uploads (user_id, name, mime, data, created_at, public_id, reencoded) VALUES (?, 'photo', ?, ?, '2026-11-26 10:00:00', ?, 1)", u.userId, mime, Buffer.from('x'), publicId)
    await upload('EEEEEEEEEEEEEEEEEEEEEE', 'image/jpeg')
    await upload('FFFFFFFFFFFFFFFFFFFFFF', 'image/png')
    const own = { ...form('Pictured Buns', '13622220005'), licence_image: '/uploads/EEEEEEEEEEEEEEEEEEEEEE.jpg', storefront_image: '/uploads/FFFFFFFFFFFFFFFFFFFFFF.png' }
    expect((await submit(u.token, own)).body.code).toBe(1)
    const id = (await s.row<{ id: number }>('SELECT id FROM merchant_applications WHERE user_id = ?', u.userId)).id
    const { shopId } = await approveApplication(s.app.q, id)
    expect(await s.row('SELECT image FROM shops WHERE id = ?', shopId)).toEqual({ image: '/uploads/FFFFFFFFFFFFFFFFFFFFFF.png' })

    expect((await deleteAccount(u.token)).body.code).toBe(1)
    const left = await s.rows('SELECT public_id FROM uploads WHERE user_id = ? ORDER BY public_id', u.userId)
    expect(left).toEqual([{ public_id: 'FFFFFFFFFFFFFFFFFFFFFF' }])
  })
})
