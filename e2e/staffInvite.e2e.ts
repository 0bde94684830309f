/**
 * Staff invites (issue 26) on the H5 build: a shop goes live by the merchant application's approval (`npm run admin`,
 * on this server's database file) and its owner opens the workbench → Staff, invites (the QR code drawn by the app, the
 * link, its expiry); a second phone opens the link logged out, logs in by SMS and verifies its code, comes back to the
 * link, joins the shop and lands on the workbench; the owner removes them after a confirmation, and their very next
 * store screen says they have no rights. The used link then reads "already used". English: the owner's screen with an
 * open invite and a third phone's join screen. axe 0 serious/critical on every state; screenshots at 375×812
 * (test-results/e2e/issue26-staff-*).
 */
import type { Browser, Page } from 'playwright-core'
import sharp from 'sharp'
import { BASE, LANG_EN, admin, api, db, launch, phone, seriousAxe, sessionOf, settled, shot, smsCode, still, toastGone, typeInto } from './browser'

jest.setTimeout(240_000)

const OWNER = '13655550001'
const COLLEAGUE = '13655550002'
const COLLEAGUE_EN = '13655550003'
const SHOP = '巷口面馆'

let browser: Browser
/** The owner's session (one login code a minute per phone). */
let ownerToken = ''
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

async function look(page: Page, name: string): Promise<void> {
  await toastGone(page, 8000)
  await still(page)
  await shot(page, `issue26-staff-${name}`)
  expect(await seriousAxe(page)).toEqual([])
}

/** A phone with this session stored (and English chosen when `en`), on `url`. */
async function signedIn(token: string, url: string, en = false) {
  const ctx = await phone(browser)
  if (en) await ctx.context.addInitScript((v) => window.localStorage.setItem('lang', v), LANG_EN)
  await ctx.page.goto(`${BASE()}/pages/index/index`)
  await ctx.page.evaluate((tok) => window.localStorage.setItem('token', JSON.stringify({ data: tok })), token)
  await ctx.page.goto(`${BASE()}${url}`)
  await settled(ctx.page)
  return ctx
}

/** The owner of a live shop, the way a shop goes live: an application (their own phone, verified at login) approved. */
async function liveShopOwner(): Promise<string> {
  const token = await sessionOf(OWNER)
  // Two real pictures, uploaded as the sign-up screen does (the shop shows its storefront in the lists).
  const upload = async (fill: string): Promise<string> => {
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: fill } }).jpeg().toBuffer()
    const form = new FormData()
    form.append('file', new Blob([jpeg], { type: 'image/jpeg' }), 'photo.jpg')
    const res = await fetch(`${BASE()}/api/index/uploadPic`, { method: 'POST', headers: { 'access-token': token }, body: form })
    const body = (await res.json()) as { code: number; data: { url: string } }
    expect(body.code).toBe(1)
    return body.data.url
  }
  const [licence, storefront] = [await upload('#d9c9a3'), await upload('#8a4b2a')]
  const sent = await api<{ application: { id: number } }>(
    'personal.merchant_application/submit',
    { shop_name: SHOP, class_id: 1, contact_name: '周师傅', mobile: OWNER, city_id: 1, district: '南山区', address: '科技园南区 12 号', hours: '07:00-21:00', discount_rate: 90, licence_image: licence, storefront_image: storefront },
    token,
  )
  expect(admin('approve', String(sent.application.id))).toContain('approved')
  return token
}

describe('staff invites in the browser', () => {
  it('owner invites → a logged-out phone logs in by SMS from the link and joins → workbench → removed → no rights', async () => {
    ownerToken = await liveShopOwner()
    const owner = await signedIn(ownerToken, '/pages/store/index')
    await owner.page.locator('.workbench__shop:visible', { hasText: SHOP }).waitFor({ timeout: 15000 })
    await owner.page.locator('.workbench__entry--staff:visible').click()
    await owner.page.waitForURL(/\/pages\/store\/staff/, { timeout: 15000 })
    await settled(owner.page)
    await owner.page.locator('.staff-member:visible').first().waitFor({ timeout: 15000 })
    expect(await owner.page.locator('.staff-member__role:visible').allTextContents()).toEqual(['店主'])
    await look(owner.page, 'owner-zh')

    await owner.page.locator('.staff__invite-btn:visible').click()
    await owner.page.locator('.staff__made:visible').waitFor({ timeout: 15000 })
    const link = (await owner.page.locator('.staff__link:visible').textContent())?.trim() ?? ''
    expect(link).toMatch(new RegExp(`^${BASE().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/pages/store/join\\?code=[A-Za-z0-9_-]{22}$`))
    // The QR code the app drew carries the same link.
    expect(await owner.page.locator('.staff__qr [data-value]').first().getAttribute('data-value')).toBe(link)
    expect(await owner.page.locator('.staff__expires:visible').textContent()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} 前有效$/)
    await look(owner.page, 'invite-zh')

    // The colleague's phone opens the link logged out: Authorization first, by SMS, then back on the link.
    const colleague = await phone(browser)
    await colleague.page.goto(link)
    await colleague.page.waitForURL(/\/pages\/accountBind\/index/, { timeout: 15000 })
    await settled(colleague.page)
    await typeInto(colleague.page, '.bind__phone', COLLEAGUE)
    await colleague.page.locator('.bind__agree:visible').click()
    await colleague.page.locator('.bind__send:visible').click()
    await typeInto(colleague.page, '.bind__code', await smsCode(COLLEAGUE))
    await colleague.page.locator('.bind__submit:visible').click()
    await colleague.page.waitForURL(/\/pages\/store\/join\?code=/, { timeout: 15000 })
    await settled(colleague.page)
    const join = colleague.page.locator('.join__btn:visible')
    await join.waitFor({ timeout: 15000 })
    expect(await join.textContent()).toBe(`加入「${SHOP}」`)
    await look(colleague.page, 'join-zh')
    await join.click()
    await colleague.page.waitForURL(/\/pages\/store\/index/, { timeout: 15000 })
    await colleague.page.locator('.workbench__shop:visible', { hasText: SHOP }).waitFor({ timeout: 15000 })
    const colleagueId = db<{ id: number }>('SELECT id FROM users WHERE phone = ?', COLLEAGUE).id
    expect(db<{ role: string }>('SELECT role FROM store_staff WHERE user_id = ?', colleagueId).role).toBe('staff')

    // The owner's list has them now; removed after the confirmation.
    await owner.page.locator('.staff__done:visible').click()
    await owner.page.reload()
    await settled(owner.page)
    await owner.page.locator('.staff-member__remove:visible').waitFor({ timeout: 15000 })
    expect(await owner.page.locator('.staff-member__role:visible').allTextContents()).toEqual(['店主', '店员'])
    await look(owner.page, 'with-staff-zh')
    await owner.page.locator('.staff-member__remove:visible').click()
    await owner.page.locator('.taro-modal__foot >> text=移除').first().click()
    await owner.page.locator('.staff__empty:visible').waitFor({ timeout: 15000 })
    expect(await owner.page.locator('.staff-member:visible').count()).toBe(1)

    // Their very next store screen: no rights.
    await colleague.page.locator('.workbench__entry--orders:visible').click()
    await colleague.page.locator('.state--empty:visible', { hasText: '无权限' }).waitFor({ timeout: 15000 })
    await look(colleague.page, 'removed-zh')
    // The used link says so.
    await colleague.page.goto(link)
    await settled(colleague.page)
    await colleague.page.locator('.state--empty:visible', { hasText: '该邀请已被使用' }).waitFor({ timeout: 15000 })
    await look(colleague.page, 'used-zh')
    expect({ owner: owner.errors, colleague: colleague.errors }).toEqual({ owner: [], colleague: [] })
    await owner.context.close()
    await colleague.context.close()
  })

  it('English: the owner with an open invite, and a colleague’s join screen', async () => {
    const owner = await signedIn(ownerToken, '/pages/store/staff', true)
    await owner.page.locator('.staff__invite-btn:visible').click()
    await owner.page.locator('.staff__made:visible').waitFor({ timeout: 15000 })
    const link = (await owner.page.locator('.staff__link:visible').textContent())?.trim() ?? ''
    await look(owner.page, 'invite-en')
    await owner.page.locator('.staff__done:visible').click()
    await owner.page.locator('.staff-invite:visible').first().waitFor({ timeout: 15000 })
    expect(await owner.page.locator('.staff-invite__revoke:visible').first().textContent()).toBe('Withdraw')
    await look(owner.page, 'open-invites-en')

    const colleague = await signedIn(await sessionOf(COLLEAGUE_EN), link.replace(BASE(), ''), true)
    await colleague.page.locator('.join__btn:visible').waitFor({ timeout: 15000 })
    expect(await colleague.page.locator('.join__btn:visible').textContent()).toBe(`Join ${SHOP}`)
    await look(colleague.page, 'join-en')
    await owner.context.close()
    await colleague.context.close()
  })
})
