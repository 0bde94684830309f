/**
 * Merchant sign-up (issue 26) on the H5 build, the whole way: a phone logs in and fills the form with two photos
 * (compressed on the phone: the server stores JPEGs no wider than 1600 px), closes the page half-way and finds its
 * draft when it opens the screen again, submits; the operator (`npm run admin`, the README's command, on this server's
 * database file) rejects one field; the applicant sees that field marked with the operator's words, fixes it and
 * resubmits the same application; approval → Me offers the workbench, the shop is in Discount bill. In English a
 * second applicant gives another mobile, verified by the SMS code. axe on every state in both languages; screenshots
 * test-results/e2e/issue26-merchant-*.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import sharp from 'sharp'
import { BASE, LANG_EN, admin, db, launch, logIn, phone, seriousAxe, settled, shot, smsCode, still, typeInto } from './browser'

jest.setTimeout(240_000)

let browser: Browser
const DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'ocp-merchant-'))
const PNG = path.join(DIR, 'licence.png')
const JPEG = path.join(DIR, 'storefront.jpg')
const JPEG2 = path.join(DIR, 'licence-again.jpg')
beforeAll(async () => {
  browser = await launch()
  // Photos as a phone takes them: larger than the app sends (it makes them at most 1600 px on the longest side).
  const svg = (w: number, h: number, fill: string, word: string) =>
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="100%" height="100%" fill="${fill}"/><rect x="${w / 8}" y="${h / 8}" width="${(w * 3) / 4}" height="${(h * 3) / 4}" fill="#fff" opacity="0.6"/><text x="50%" y="55%" font-size="${h / 8}" text-anchor="middle" fill="#333">${word}</text></svg>`)
  await sharp(svg(1800, 1300, '#d9c9a3', 'LICENCE')).png().toFile(PNG)
  await sharp(svg(2400, 1800, '#8a4b2a', 'NOODLES')).jpeg({ quality: 90 }).toFile(JPEG)
  await sharp(svg(1200, 900, '#c9d9a3', 'LICENCE 2')).jpeg({ quality: 90 }).toFile(JPEG2)
})
afterAll(async () => {
  await browser?.close()
  fs.rmSync(DIR, { recursive: true, force: true })
})

async function look(page: Page, name: string): Promise<void> {
  await still(page)
  await shot(page, `issue26-merchant-${name}`)
  expect(await seriousAxe(page)).toEqual([])
}

/** Choose a photo for a field through the page's file chooser; wait for it to be uploaded. */
async function addPhoto(page: Page, field: 'licence_image' | 'storefront_image', file: string): Promise<void> {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.locator(`.mc-photo--${field} .mc-photo__add:visible`).click()])
  await chooser.setFiles(file)
  await page.locator(`.mc-photo--${field} .mc-photo__replace:visible`).waitFor({ timeout: 20000 })
}

async function pick(page: Page, row: 'city_id' | 'district', item: string): Promise<void> {
  await page.locator(`.mc-cell--${row} .mc-cell__line:visible`).click()
  await page.locator('.sheet__item:visible', { hasText: item }).first().click()
  await page.locator('.sheet__panel').first().waitFor({ state: 'detached', timeout: 5000 })
}

async function openForm(page: Page): Promise<void> {
  await page.goto(`${BASE()}/pages/shopRegister/index`)
  await settled(page)
  await page.locator('.mc-submit:visible, .mc-status__title:visible').first().waitFor({ timeout: 15000 })
}

const application = (name: string) => db<{ id: number; status: string; licence_image: string; storefront_image: string; mobile: string; lat: number | null }>('SELECT * FROM merchant_applications WHERE shop_name = ?', name)

/** The stored picture: what the phone sent (format and size). */
async function stored(url: string): Promise<{ format: string; width: number; height: number }> {
  const res = await fetch(`${BASE()}${url}`)
  const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata()
  return { format: meta.format ?? '', width: meta.width ?? 0, height: meta.height ?? 0 }
}

describe('merchant sign-up (zh)', () => {
  it('fill with two photos → close half-way → the draft is back → submit → a field rejected → fixed and resubmitted → approved: workbench and Discount bill', async () => {
    const SHOP = '老街手工面馆'
    const { page, context, errors } = await phone(browser)
    await logIn(page, '13800000281', '/pages/shopRegister/index')
    await page.locator('.mc-submit:visible').waitFor({ timeout: 15000 })
    expect((await page.locator('.mc-cell__note--ok:visible').textContent())?.trim()).toBe('当前登录手机号，无需验证码')
    await look(page, 'empty-zh')

    // Half the form, one photo; each field checked as it is left.
    await typeInto(page, '.mc-input--shop_name', '面')
    await page.locator('.mc-input--contact_name input:visible').click()
    await page.locator('.mc-error--shop_name:visible', { hasText: '店铺名称需为 2–30 个字' }).waitFor()
    await typeInto(page, '.mc-input--shop_name', SHOP)
    await typeInto(page, '.mc-input--contact_name', '王师傅')
    await page.locator('.mc-cell--class_id .mc-chip:visible').first().click()
    await addPhoto(page, 'licence_image', PNG)
    expect(await page.locator('.mc-error--shop_name').count()).toBe(0)

    // Closed half-way; opened again: the draft, the uploaded photo with it.
    await page.close()
    const again = await context.newPage()
    await openForm(again)
    await again.locator('.mc-note--restored:visible').waitFor()
    expect(await again.locator('.mc-input--shop_name input:visible').inputValue()).toBe(SHOP)
    expect(await again.locator('.mc-input--contact_name input:visible').inputValue()).toBe('王师傅')
    expect(await again.locator('.mc-cell--class_id .mc-chip--on:visible').count()).toBe(1)
    await again.locator('.mc-photo--licence_image .mc-photo__img:visible').waitFor()

    await pick(again, 'city_id', '深圳')
    await pick(again, 'district', '南山区')
    await typeInto(again, '.mc-input--address', '科苑路 88 号一楼')
    await typeInto(again, '.mc-input--hours', '周一至周日 10:00-22:00')
    await again.locator('.mc-chip--70:visible').click()
    await addPhoto(again, 'storefront_image', JPEG)
    await again.locator('.mc-check:visible').click()
    await again.locator('.mc-submit:visible').scrollIntoViewIfNeeded()
    await look(again, 'filled-zh')
    await again.locator('.mc-submit:visible').click()
    await again.locator('.mc-status__title:visible', { hasText: '申请已提交' }).waitFor({ timeout: 15000 })
    await look(again, 'submitted-zh')

    // What the phone sent: JPEGs, at most 1600 px on the longest side.
    const sent = application(SHOP)
    expect(sent.status).toBe('submitted')
    for (const url of [sent.licence_image, sent.storefront_image]) {
      const pic = await stored(url)
      expect(pic.format).toBe('jpeg')
      expect(Math.max(pic.width, pic.height)).toBeLessThanOrEqual(1600)
    }
    expect(await again.evaluate(() => window.localStorage.getItem('merchantDraft'))).toBeNull()

    // The operator opens it (in review) and rejects the licence.
    expect(admin('applications')).toContain(SHOP)
    admin('show', String(sent.id))
    await again.reload()
    await settled(again)
    await again.locator('.mc-status__title:visible', { hasText: '审核中' }).waitFor({ timeout: 15000 })
    expect(admin('reject', String(sent.id), '--field', 'licence_image=照片模糊，请重拍清晰完整的营业执照')).toContain('rejected')
    await again.reload()
    await settled(again)
    await again.locator('.mc-status__title:visible', { hasText: '审核未通过' }).waitFor({ timeout: 15000 })
    expect((await again.locator('.mc-status__reason--licence_image .mc-status__reason-why:visible').textContent())?.trim()).toBe('照片模糊，请重拍清晰完整的营业执照')
    expect((await again.locator('.mc-error--licence_image:visible').textContent())?.trim()).toBe('审核意见：照片模糊，请重拍清晰完整的营业执照')
    await look(again, 'rejected-zh')

    // Fixed: the photo replaced, agreed again, resubmitted — the same application.
    await again.locator('.mc-photo--licence_image .mc-photo__remove:visible').click()
    await addPhoto(again, 'licence_image', JPEG2)
    expect(await again.locator('.mc-error--licence_image').count()).toBe(0)
    await again.locator('.mc-check:visible').click()
    await again.locator('.mc-submit:visible', { hasText: '修改后重新提交' }).click()
    await again.locator('.mc-status__title:visible', { hasText: '申请已提交' }).waitFor({ timeout: 15000 })
    const resent = application(SHOP)
    expect({ id: resent.id, status: resent.status }).toEqual({ id: sent.id, status: 'submitted' })
    expect(resent.licence_image).not.toBe(sent.licence_image)

    // Approved: the status, the workbench on Me, the shop in Discount bill.
    expect(admin('approve', String(sent.id))).toContain('approved')
    await again.reload()
    await settled(again)
    await again.locator('.mc-status__title:visible', { hasText: '审核通过' }).waitFor({ timeout: 15000 })
    await look(again, 'approved-zh')
    await again.goto(`${BASE()}/pages/personal/index`)
    await settled(again)
    await again.locator('.menu-list__item--workbench:visible').waitFor({ timeout: 15000 })
    await again.goto(`${BASE()}/pages/discountBill/index`)
    await settled(again)
    await again.locator('.shop-row:visible').first().waitFor({ timeout: 15000 })
    const ours = again.locator('.shop-row__name:visible', { hasText: SHOP })
    for (let i = 0; i < 20 && (await ours.count()) === 0; i++) {
      await again.mouse.wheel(0, 4000)
      await again.waitForTimeout(300)
    }
    await ours.waitFor({ timeout: 10000 })
    // Its end of list: the way to sign up a shop.
    for (let i = 0; i < 20 && (await again.locator('.join-card:visible').count()) === 0; i++) {
      await again.mouse.wheel(0, 4000)
      await again.waitForTimeout(300)
    }
    await again.locator('.join-card:visible').scrollIntoViewIfNeeded()
    await shot(again, 'issue26-merchant-discount-bill-end-zh')
    expect(errors).toEqual([])
    await context.close()
  })
})

describe('merchant sign-up (en)', () => {
  it('another mobile is verified by its SMS code; rejected and approved statuses read in English', async () => {
    const SHOP = 'Harbour Noodle Bar'
    const { page, context } = await phone(browser)
    await context.addInitScript((v) => window.localStorage.setItem('lang', v), LANG_EN)
    await logIn(page, '13800000282', '/pages/shopRegister/index')
    await page.locator('.mc-submit:visible').waitFor({ timeout: 15000 })
    await look(page, 'empty-en')
    await page.locator('.mc-submit:visible').click()
    await page.locator('.mc-error--agreed:visible', { hasText: 'Please read and tick the merchant agreement' }).waitFor()
    await page.locator('.mc-hero').scrollIntoViewIfNeeded()
    await look(page, 'checks-en')

    await typeInto(page, '.mc-input--shop_name', SHOP)
    await page.locator('.mc-cell--class_id .mc-chip:visible').first().click()
    await typeInto(page, '.mc-input--contact_name', 'Lily Han')
    // The shop's own mobile, not the account's: a code is asked and checked at submit.
    await typeInto(page, '.mc-input--mobile', '13800000283')
    await page.locator('.mc-code-btn:visible').click()
    await page.locator('.mc-code-btn:visible', { hasText: /Resend in \d+ s/ }).waitFor({ timeout: 10000 })
    await typeInto(page, '.mc-input--sms_code', await smsCode('13800000283'))
    await pick(page, 'city_id', 'Shenzhen')
    await pick(page, 'district', 'Futian District')
    await typeInto(page, '.mc-input--address', '1 Fuhua Road')
    await typeInto(page, '.mc-input--hours', 'Mon-Sun 11:00-23:00')
    await page.locator('.mc-chip--85:visible').click()
    await addPhoto(page, 'licence_image', JPEG2)
    await addPhoto(page, 'storefront_image', PNG)
    await page.locator('.mc-check:visible').click()
    await look(page, 'filled-en')
    await page.locator('.mc-submit:visible').click()
    await page.locator('.mc-status__title:visible', { hasText: 'Application submitted' }).waitFor({ timeout: 15000 })
    const sent = application(SHOP)
    expect(sent.mobile).toBe('13800000283')

    admin('reject', String(sent.id), '--field', 'hours=Please give the days you open', '--field', 'storefront_image=Show the sign')
    await page.reload()
    await settled(page)
    await page.locator('.mc-status__title:visible', { hasText: 'Not approved yet' }).waitFor({ timeout: 15000 })
    expect(await page.locator('.mc-status__reason-field:visible').allTextContents()).toEqual(['Opening hours', 'Storefront'])
    await look(page, 'rejected-en')
    // Resubmitted with the verified mobile: no code asked again.
    expect(await page.locator('.mc-input--sms_code').count()).toBe(0)
    await typeInto(page, '.mc-input--hours', 'Every day 11:00-23:00')
    await page.locator('.mc-photo--storefront_image .mc-photo__remove:visible').click()
    await addPhoto(page, 'storefront_image', JPEG)
    await page.locator('.mc-check:visible').click()
    await page.locator('.mc-submit:visible').click()
    await page.locator('.mc-status__title:visible', { hasText: 'Application submitted' }).waitFor({ timeout: 15000 })
    admin('approve', String(sent.id))
    await page.reload()
    await settled(page)
    await page.locator('.mc-status__title:visible', { hasText: 'Approved' }).waitFor({ timeout: 15000 })
    await look(page, 'approved-en')
    // Placed at its district's centre (no map on H5).
    expect(db<{ lat: number; lng: number }>('SELECT lat, lng FROM shops WHERE name = ?', SHOP)).toEqual({ lat: 22.541, lng: 114.055 })
    await context.close()
  })
})
