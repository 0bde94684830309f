import type { StoreProfileAnswer, StoreProfileSaved } from '../../src/contract/shopProfile'
import type { ShopReadAnswer } from '../../src/contract/member'
import type { z } from 'zod'
import { runAdmin } from '../../scripts/admin'
import { holdServerClock, startServer, type TestServer } from './helpers'

/**
 * The shop's profile (issue 44; server/domain/store/profile.ts; docs/api.md "The shop's profile"): only the owner changes
 * it (staff, a shopper and the anonymous are refused, each with its reason; another shop's owner changes only their own);
 * every field refused with its reason; the introduction through the allow-list (what is stored and what is answered);
 * open or closed on the server's clock by weekday, break and closed date; the new name waits for the operator.
 */

type Body<T> = { code: number; msg: string; data: T; reason?: string; params?: Record<string, unknown> }
type Read = z.output<typeof ShopReadAnswer>

let s: TestServer
beforeAll(async () => {
  s = await startServer()
})
afterAll(() => s.close())
afterEach(() => jest.restoreAllMocks())

let seq = 0
const person = () => s.quickUser(`1366666${String(++seq).padStart(4, '0')}`)
const memberOf = async (shopId: number, role: 'owner' | 'staff') => {
  const u = await person()
  await s.run("INSERT INTO store_staff (user_id, shop_id, created_at, role) VALUES (?, ?, '2026-01-01 00:00:00', ?)", u.userId, shopId, role)
  return u
}
const call = <T>(method: 'GET' | 'POST', path: string, payload: Record<string, unknown>, token?: string) => s.call<T>(method, path, payload, token).then((r) => r.body as Body<T>)
const save = (what: string, payload: Record<string, unknown>, token: string) => call<StoreProfileSaved>('POST', `hui_shanghu.store_profile/${what}`, payload, token)
const readStore = (token: string) => call<StoreProfileAnswer>('GET', 'hui_shanghu.store_profile/read', {}, token)
const readShop = (id: number, lang: 'zh' | 'en' = 'zh') => call<Read>('GET', 'hui_shanghu.shop/read', { id, lang })

async function admin(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = []
  const err: string[] = []
  const code = await runAdmin(args, { ...process.env, ...s.databaseEnv }, { out: (l) => out.push(l), err: (l) => err.push(l) })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

const EVERY_DAY = Array.from({ length: 7 }, () => [{ open: '09:00', close: '22:00' }])
const CONTACT = { phone: '0755-86001234', district: '南山区', address: '科技园南区 8 号 1 楼', lat: 22.53, lng: 113.93 }

describe('who may change the profile', () => {
  it('the owner changes it; staff, a shopper and the anonymous are refused, each with its reason; another owner changes only their own shop', async () => {
    const owner = await memberOf(2, 'owner')
    const staff = await memberOf(2, 'staff')
    const shopper = await person()
    const otherOwner = await memberOf(3, 'owner')

    expect(await save('contact', CONTACT, owner.token)).toMatchObject({ code: 1, data: { phone: '0755-86001234', district: '南山区', address: '科技园南区 8 号 1 楼' } })
    // Staff read it (the workbench shows it) but do not change it.
    expect(await readStore(staff.token)).toMatchObject({ code: 1, data: { my_role: 'staff', phone: '0755-86001234' } })
    for (const [what, payload] of [
      ['contact', { ...CONTACT, phone: '13800000000' }],
      ['hours', { week: EVERY_DAY, closed_dates: [] }],
      ['intro', { html: '<p>staff</p>' }],
      ['rename', { name: '员工改的名字' }],
    ] as const) {
      expect(await save(what, payload, staff.token)).toMatchObject({ code: 0, reason: 'shop_owner_only', msg: '只有店主可以修改店铺资料' })
      expect(await save(what, payload, shopper.token)).toMatchObject({ code: 0, reason: 'no_permission' })
      expect(await save(what, payload, '')).toMatchObject({ code: -1, reason: 'login_required' })
    }
    expect(await readStore(shopper.token)).toMatchObject({ code: 0, reason: 'no_permission' })

    // Another shop's owner: their own shop changes, shop 2 does not.
    expect(await save('contact', { ...CONTACT, phone: '0755-86009999' }, otherOwner.token)).toMatchObject({ code: 1, data: { shop: { id: 3 } } })
    expect(await s.row('SELECT phone FROM shops WHERE id = 2')).toEqual({ phone: '0755-86001234' })
    expect(await s.row('SELECT phone FROM shops WHERE id = 3')).toEqual({ phone: '0755-86009999' })
    // English refusals are the reason's English words.
    expect(await call('POST', 'hui_shanghu.store_profile/intro', { html: '<p>x</p>', lang: 'en' }, staff.token)).toMatchObject({ reason: 'shop_owner_only', msg: "Only the store owner can change the shop's profile" })
  })
})

describe('what is refused, with its reason', () => {
  let owner: { token: string; userId: number }
  beforeAll(async () => {
    owner = await memberOf(4, 'owner')
  })

  it('contact: a phone that is no number, a district not of the city, a map point outside the district', async () => {
    expect(await save('contact', { ...CONTACT, phone: '12345' }, owner.token)).toMatchObject({ code: 0, reason: 'shop_phone_invalid' })
    expect(await save('contact', { ...CONTACT, district: '朝阳区' }, owner.token)).toMatchObject({ code: 0, reason: 'shop_district_invalid' })
    expect(await save('contact', { ...CONTACT, address: '短' }, owner.token)).toMatchObject({ code: 0, reason: 'shop_address_invalid' })
    expect(await save('contact', { ...CONTACT, lng: undefined }, owner.token)).toMatchObject({ code: 0, reason: 'shop_point_invalid' })
    // A pin in 南山区 (12 km from 福田区's centre, which reaches 10 km) for an address in 福田区.
    expect(await save('contact', { ...CONTACT, district: '福田区' }, owner.token)).toMatchObject({ code: 0, reason: 'shop_point_outside_district', msg: '地图位置不在福田区，请重新选择或更换所在区' })
    // A pin in Shanghai for a Shenzhen address.
    expect(await save('contact', { ...CONTACT, lat: 31.23, lng: 121.48 }, owner.token)).toMatchObject({ code: 0, reason: 'shop_point_outside_district' })
    // Without a pin: the district's centre.
    const saved = await save('contact', { phone: '13812345678', district: '福田区', address: '车公庙 7 号' }, owner.token)
    expect(saved).toMatchObject({ code: 1, data: { district: '福田区', lat: 22.541, lng: 114.055, phone: '13812345678' } })
  })

  it('hours: overlapping periods, a break-less pair out of order, a period past midnight before another, a bad time, four periods, a past or far closed date', async () => {
    const week = (day: Array<{ open: string; close: string }>) => [day, ...EVERY_DAY.slice(1)]
    for (const bad of [
      [{ open: '09:00', close: '14:00' }, { open: '13:00', close: '22:00' }],
      [{ open: '17:00', close: '22:00' }, { open: '09:00', close: '14:00' }],
      [{ open: '18:00', close: '02:00' }, { open: '09:00', close: '12:00' }],
      [{ open: '09:00', close: '09:00' }],
      [{ open: '25:00', close: '26:00' }],
      [{ open: '06:00', close: '07:00' }, { open: '08:00', close: '09:00' }, { open: '10:00', close: '11:00' }, { open: '12:00', close: '13:00' }],
    ]) {
      expect(await save('hours', { week: week(bad), closed_dates: [] }, owner.token)).toMatchObject({ code: 0, reason: 'shop_hours_invalid' })
    }
    // The day is named for the screen (1 Monday … 7 Sunday).
    const sunday = [...EVERY_DAY.slice(0, 6), [{ open: '10:00', close: '09:00' }, { open: '11:00', close: '12:00' }]]
    expect(await save('hours', { week: sunday, closed_dates: [] }, owner.token)).toMatchObject({ reason: 'shop_hours_invalid', params: { day: 7 } })
    expect(await save('hours', { week: EVERY_DAY.slice(1), closed_dates: [] }, owner.token)).toMatchObject({ reason: 'shop_hours_invalid' })

    // A session made at the held moment (one from the real clock's now would have expired by then).
    holdServerClock(Date.parse('2027-03-01T10:00:00+08:00'))
    owner = await memberOf(4, 'owner')
    expect(await save('hours', { week: EVERY_DAY, closed_dates: ['2027-02-28'] }, owner.token)).toMatchObject({ code: 0, reason: 'shop_closed_date_invalid' })
    expect(await save('hours', { week: EVERY_DAY, closed_dates: ['2028-03-02'] }, owner.token)).toMatchObject({ code: 0, reason: 'shop_closed_date_invalid' })
    expect(await save('hours', { week: EVERY_DAY, closed_dates: ['2027-02-30'] }, owner.token)).toMatchObject({ code: 0, reason: 'shop_closed_date_invalid' })
    // Today and within a year are kept, sorted, once each; the week's line for the older readers of `hours`.
    const ok = await save('hours', { week: EVERY_DAY, closed_dates: ['2027-10-01', '2027-03-01', '2027-10-01'] }, owner.token)
    expect(ok).toMatchObject({ code: 1, data: { closed_dates: ['2027-03-01', '2027-10-01'] } })
    expect(await s.row('SELECT hours FROM shops WHERE id = 4')).toEqual({ hours: '09:00-22:00' })
  })

  it('photos: a made-up or another person\'s picture, one twice, none, a cover not among them', async () => {
    const mine = await s.picture(owner.userId)
    const someoneElse = await s.picture((await person()).userId)
    expect(await save('photos', { photos: ['/uploads/ZZZZZZZZZZZZZZZZZZZZZZ.jpg'], cover: '/uploads/ZZZZZZZZZZZZZZZZZZZZZZ.jpg' }, owner.token)).toMatchObject({ code: 0, reason: 'shop_photos_invalid' })
    expect(await save('photos', { photos: [someoneElse], cover: someoneElse }, owner.token)).toMatchObject({ code: 0, reason: 'shop_photos_invalid' })
    expect(await save('photos', { photos: ['https://evil.example/a.jpg'], cover: 'https://evil.example/a.jpg' }, owner.token)).toMatchObject({ code: 0, reason: 'shop_photos_invalid' })
    expect(await save('photos', { photos: [mine, mine], cover: mine }, owner.token)).toMatchObject({ code: 0, reason: 'shop_photos_invalid' })
    expect(await save('photos', { photos: [], cover: mine }, owner.token)).toMatchObject({ code: 0, reason: 'shop_photos_invalid' })
    expect(await save('photos', { photos: [mine], cover: '/uploads/YYYYYYYYYYYYYYYYYYYYYY.jpg' }, owner.token)).toMatchObject({ code: 0, reason: 'shop_cover_invalid' })
  })

  it('photos in order with a cover: the seeded picture kept beside a new upload; the cover is the shop\'s picture in lists', async () => {
    const seeded = ((await s.row('SELECT image FROM shops WHERE id = 4')) as { image: string }).image
    const a = await s.picture(owner.userId)
    const b = await s.picture(owner.userId, 'png')
    expect(await save('photos', { photos: [b, seeded, a], cover: a }, owner.token)).toMatchObject({ code: 1, data: { photos: [b, seeded, a], cover: a } })
    const shop = await readShop(4)
    expect(shop.data.info.image).toBe(a)
    expect(shop.data.profile?.photos).toEqual([b, seeded, a])
  })

  it('name: too short, too long, the same, taken by another shop of the city', async () => {
    expect(await save('rename', { name: '小' }, owner.token)).toMatchObject({ code: 0, reason: 'shop_name_invalid' })
    expect(await save('rename', { name: '名'.repeat(31) }, owner.token)).toMatchObject({ code: 0, reason: 'shop_name_invalid' })
    const current = ((await s.row('SELECT name FROM shops WHERE id = 4')) as { name: string }).name
    expect(await save('rename', { name: ` ${current} ` }, owner.token)).toMatchObject({ code: 0, reason: 'shop_name_unchanged' })
    expect(await save('rename', { name: '川味小馆' }, owner.token)).toMatchObject({ code: 0, reason: 'merchant_shop_name_taken', msg: '该城市已有名为「川味小馆」的店铺' })
  })
})

describe('the introduction through the allow-list', () => {
  it('script, onerror, a javascript: link, style, iframe and an outside picture are gone in what is stored and answered; headings, bold, lists and own pictures stay', async () => {
    const owner = await memberOf(5, 'owner')
    const own = await s.picture(owner.userId)
    const someoneElses = await s.picture((await person()).userId)
    const html = [
      '<h1 onclick="steal()">Fresh every day</h1>',
      '<script>alert("xss")</script>',
      `<p style="position:fixed">Washed <b>by hand</b>, <a href="javascript:alert(1)">see more</a> and <a href="https://evil.example/">our other site</a>.</p>`,
      `<img src="${own}" onerror="alert(2)" alt="Counter">`,
      '<style>body{display:none}</style>',
      '<iframe src="https://evil.example/frame">frame</iframe>',
      '<img src="https://evil.example/track.png">',
      '<img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=">',
      `<img src="${someoneElses}">`,
      '<ul><li>Shirts</li><li>Coats</li></ul>',
    ].join('')
    const saved = await save('intro', { html }, owner.token)
    expect(saved.code).toBe(1)
    const expected = `<h2>Fresh every day</h2><p>Washed <strong>by hand</strong>, see more and our other site.</p><img src="${own}" alt="Counter" /><ul><li>Shirts</li><li>Coats</li></ul>`
    expect(saved.data.intro_html).toBe(expected)
    expect(saved.data.removed).toBeGreaterThanOrEqual(9)
    const stored = (await s.row('SELECT intro_html, intro FROM shops WHERE id = 5')) as { intro_html: string; intro: string }
    const shopper = (await readShop(5)).data.profile?.intro_html ?? ''
    for (const text of [stored.intro_html, shopper, saved.data.intro_html]) {
      expect(text).toBe(expected)
      for (const gone of ['<script', 'alert', 'onerror', 'onclick', 'javascript:', '<style', 'display:none', '<iframe', 'evil.example', 'data:', someoneElses, '<a ', 'style=']) expect(text).not.toContain(gone)
    }
    // The plain words for lists and search.
    expect(stored.intro).toBe('Fresh every day Washed by hand, see more and our other site. Shirts Coats')
    // A picture the introduction already has stays when it is saved again.
    expect((await save('intro', { html: stored.intro_html }, owner.token)).data.intro_html).toBe(expected)
  })

  it('too long: more than 5,000 characters of words, or more than 9 pictures', async () => {
    const owner = await memberOf(8, 'owner')
    expect(await save('intro', { html: `<p>${'字'.repeat(5001)}</p>` }, owner.token)).toMatchObject({ code: 0, reason: 'shop_intro_too_long' })
    const pic = await s.picture(owner.userId)
    expect(await save('intro', { html: `<p>x</p>${`<img src="${pic}">`.repeat(10)}` }, owner.token)).toMatchObject({ code: 0, reason: 'shop_intro_too_long' })
    expect(await save('intro', { html: 'x'.repeat(20_001) }, owner.token)).toMatchObject({ code: 0, reason: 'shop_intro_too_long' })
  })

  it('a shop from before keeps its plain introduction, answered as one paragraph with its characters escaped', async () => {
    await s.run("UPDATE shops SET intro = '<b>老店</b> & 好味', intro_html = NULL WHERE id = 9")
    expect((await readShop(9)).data.profile?.intro_html).toBe('<p>&lt;b&gt;老店&lt;/b&gt; &amp; 好味</p>')
  })
})

describe('open or closed on the server\'s clock', () => {
  it('by weekday, break, a day closed every week, a closed date and a period past midnight', async () => {
    const lunchAndDinner = [{ open: '09:00', close: '14:00' }, { open: '17:00', close: '22:00' }]
    const week = [lunchAndDinner, [], lunchAndDinner, lunchAndDinner, [{ open: '18:00', close: '02:00' }], lunchAndDinner, lunchAndDinner]
    holdServerClock(Date.parse('2027-03-01T08:00:00+08:00'))
    const owner = await memberOf(10, 'owner')
    expect((await save('hours', { week, closed_dates: ['2027-03-03'] }, owner.token)).code).toBe(1)

    const at = async (when: string) => {
      holdServerClock(Date.parse(`${when}+08:00`))
      return (await readShop(10)).data.profile?.open_now
    }
    // Monday 2027-03-01: open in the morning until the break, closed in the break, open again at 17:00.
    expect(await at('2027-03-01T10:00:00')).toEqual({ open: true, closes_at: '2027-03-01 14:00:00', opens_at: null, closed_today: false })
    expect(await at('2027-03-01T13:59:59')).toMatchObject({ open: true })
    expect(await at('2027-03-01T14:00:00')).toEqual({ open: false, closes_at: null, opens_at: '2027-03-01 17:00:00', closed_today: false })
    expect(await at('2027-03-01T17:00:00')).toMatchObject({ open: true, closes_at: '2027-03-01 22:00:00' })
    // Tuesday: closed every week — Wednesday is a closed date, so the next opening is Thursday's 09:00.
    expect(await at('2027-03-02T12:00:00')).toEqual({ open: false, closes_at: null, opens_at: '2027-03-04 09:00:00', closed_today: false })
    // Wednesday 2027-03-03, a closed date: closed all day, and it says so.
    expect(await at('2027-03-03T10:00:00')).toEqual({ open: false, closes_at: null, opens_at: '2027-03-04 09:00:00', closed_today: true })
    expect(await at('2027-03-04T09:00:00')).toMatchObject({ open: true, closes_at: '2027-03-04 14:00:00' })
    // Friday 18:00–02:00: open at 01:00 on Saturday morning, until 02:00; then Saturday's 09:00.
    expect(await at('2027-03-05T17:59:59')).toEqual({ open: false, closes_at: null, opens_at: '2027-03-05 18:00:00', closed_today: false })
    expect(await at('2027-03-06T01:00:00')).toEqual({ open: true, closes_at: '2027-03-06 02:00:00', opens_at: null, closed_today: false })
    expect(await at('2027-03-06T02:00:00')).toEqual({ open: false, closes_at: null, opens_at: '2027-03-06 09:00:00', closed_today: false })
    // The answer names its business day, and past closed dates are no longer listed.
    holdServerClock(Date.parse('2027-03-04T12:00:00+08:00'))
    expect((await readShop(10)).data.profile).toMatchObject({ today: { date: '2027-03-04', weekday: 3 }, closed_dates: [], week })
  })

  it('a seeded shop\'s "09:00-22:00" is read as every day\'s hours', async () => {
    holdServerClock(Date.parse('2027-03-06T21:59:00+08:00'))
    expect((await readShop(11)).data.profile).toMatchObject({ week: null, open_now: { open: true, closes_at: '2027-03-06 22:00:00' } })
    await s.run("UPDATE shops SET hours = '全天营业' WHERE id = 11")
    expect((await readShop(11)).data.profile?.open_now).toBeNull()
  })
})

describe('the name waits for the operator', () => {
  it('the shop keeps its name until approved; a rejection keeps it and says why; a second request replaces the first', async () => {
    const owner = await memberOf(1, 'owner')
    const before = (await readShop(1)).data.info.name
    const asked = await save('rename', { name: '川味小馆·科技园店' }, owner.token)
    expect(asked).toMatchObject({ code: 1, data: { shop: { name: before }, name_review: { name: '川味小馆·科技园店', status: 'pending', decided_at: null } } })
    expect((await readShop(1)).data.info.name).toBe(before)

    // A second request replaces the first (withdrawn): one waits.
    const second = await save('rename', { name: '川味小馆科技园' }, owner.token)
    expect(second.data.name_review).toMatchObject({ name: '川味小馆科技园', status: 'pending' })
    expect(await s.rows('SELECT name, status FROM shop_name_reviews WHERE shop_id = 1 ORDER BY id')).toEqual([
      { name: '川味小馆·科技园店', status: 'withdrawn' },
      { name: '川味小馆科技园', status: 'pending' },
    ])
    const listed = await admin('names')
    expect(listed.code).toBe(0)
    const id = second.data.name_review?.id as number
    expect(listed.out).toContain(`#${id}\tpending\tshop 1\t${before} → 川味小馆科技园`)
    expect(listed.out).not.toContain('川味小馆·科技园店')

    // Rejected: the name stays, the owner reads why.
    expect(await admin('name-reject', String(id), '--why', '名称与营业执照不符')).toMatchObject({ code: 0, out: `rejected #${id}: shop 1 keeps "${before}" (名称与营业执照不符)` })
    expect((await readShop(1)).data.info.name).toBe(before)
    expect((await readStore(owner.token)).data.name_review).toMatchObject({ status: 'rejected', reason: '名称与营业执照不符' })
    expect(await admin('name-approve', String(id))).toMatchObject({ code: 1, err: 'refused (shop_name_review_decided): This name request has already been decided (rejected)' })

    // Asked again and approved: shoppers read the new name.
    const third = await save('rename', { name: '川味小馆科技园' }, owner.token)
    const thirdId = third.data.name_review?.id as number
    expect(await admin('name-approve', String(thirdId))).toMatchObject({ code: 0, out: `approved #${thirdId}: shop 1 is now "川味小馆科技园"` })
    expect((await readShop(1)).data.info.name).toBe('川味小馆科技园')
    expect((await readStore(owner.token)).data).toMatchObject({ shop: { name: '川味小馆科技园' }, name_review: { status: 'approved' } })
    expect((await admin('names')).out).toBe('no names waiting for review')
    expect((await admin('names', '--all')).out).toContain(`#${thirdId}\tapproved`)
  })

  it('usage mistakes exit 2 and write nothing; an unknown review is refused', async () => {
    expect((await admin('name-reject', '1')).code).toBe(2)
    expect((await admin('name-reject', '1', '--why', '')).code).toBe(2)
    expect((await admin('name-approve', 'x')).code).toBe(2)
    expect((await admin('names', '--everything')).code).toBe(2)
    expect(await admin('name-approve', '99999')).toMatchObject({ code: 1, err: 'refused (shop_name_review_not_found): There is no such name review' })
  })
})
