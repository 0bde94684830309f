/**
 * Issue 26 in the simulator: staff invites with the reference server's answers — a shop made live by the operator's
 * approval (`npm run admin` on the server's database file); its owner's Staff screen (store sub-package) lists the
 * owner, makes an invite (the link, its QR code, its expiry); a colleague opens the join screen with the link's code and
 * joins; the owner's list has them; staff see no invite or remove controls.
 */
const { execFileSync } = require('node:child_process')
const path = require('node:path')
const { byClass, flush, text, texts, waitFor } = require('./harness')
const { call, login, openOn, startServer, uploadPicture } = require('./server')

const SHOP = '街角咖啡'
let server
let owner
let colleague
beforeAll(async () => {
  server = await startServer()
  owner = await login(server.base, '13655551001')
  colleague = await login(server.base, '13655551002')
  const sent = await call(server.base, 'POST', '/api/personal.merchant_application/submit', { shop_name: SHOP, class_id: 1, contact_name: '陈店长', mobile: '13655551001', city_id: 1, district: '南山区', address: '科技园南区 20 号', hours: '08:00-20:00', discount_rate: 92, licence_image: await uploadPicture(server.base, owner.token), storefront_image: await uploadPicture(server.base, owner.token, 'png') }, owner.token)
  expect(sent.data.code).toBe(1)
  execFileSync('npm', ['run', '--silent', 'admin', '--', 'approve', String(sent.data.data.application.id)], { cwd: path.resolve(__dirname, '..'), env: { ...process.env, DB_PATH: server.dbPath }, encoding: 'utf8' })
}, 90000)
afterAll(async () => {
  await server?.stop()
})

const as = (who) => ({ token: who.token, myUserId: who.userId })

describe('staff invites (weapp, reference server)', () => {
  let code = ''
  it('the owner’s Staff screen lists the owner and makes an invite: link, QR code, expiry', async () => {
    const { page, calls } = await openOn(server.base, 'pages/store/staff', { storage: as(owner) })
    await waitFor(() => byClass(page, 'staff-member'), 8000)
    expect(text(page, 'nav-bar__title')).toBe('店员管理')
    expect(text(page, 'staff__shop')).toBe(SHOP)
    expect(texts(page, 'staff-member__role')).toEqual(['店主'])
    expect(calls.some((c) => c.startsWith('GET /api/hui_shanghu.store_staff/index'))).toBe(true)
    page.querySelector('.staff__invite-btn').dispatchEvent('tap')
    await flush()
    await waitFor(() => byClass(page, 'staff__made'), 8000)
    const link = text(page, 'staff__link')
    expect(link).toMatch(/\/pages\/store\/join\?code=[A-Za-z0-9_-]{22}$/)
    code = link.split('code=')[1]
    expect(byClass(page, 'member-qr')).not.toBeNull()
    expect(text(page, 'staff__expires')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} 前有效$/)
  })

  it('the colleague’s join screen names the shop and joins; the owner’s list has them; staff see no controls', async () => {
    expect(code).not.toBe('')
    const { page } = await openOn(server.base, 'pages/store/join', { query: { code }, storage: as(colleague) })
    await waitFor(() => byClass(page, 'join__btn'), 8000)
    expect(text(page, 'nav-bar__title')).toBe('加入门店')
    expect(text(page, 'join__btn')).toBe(`加入「${SHOP}」`)
    page.querySelector('.join__btn').dispatchEvent('tap')
    await flush()
    // Joined: the server lets them in to the workbench (polled, bounded).
    let joined = false
    for (let i = 0; i < 80 && !joined; i++) {
      joined = (await call(server.base, 'GET', '/api/hui_shanghu.store/workbench', undefined, colleague.token)).data.code === 1
      if (!joined) await flush(50)
    }
    expect(joined).toBe(true)

    const mine = await openOn(server.base, 'pages/store/staff', { storage: as(colleague) })
    await waitFor(() => texts(mine.page, 'staff-member__role').length === 2, 8000)
    expect(texts(mine.page, 'staff-member__role')).toEqual(['店主', '店员'])
    expect(byClass(mine.page, 'staff__invite-btn')).toBeNull()
    expect(byClass(mine.page, 'staff-member__remove')).toBeNull()
    expect(text(mine.page, 'staff__staff-note')).toBe('只有店主可以邀请和移除店员')
  })
})
