/**
 * The shop's profile (issue 44) on the H5 build. A shop goes live by its application's approval (`npm run admin` on
 * this server's database file); its owner opens the workbench → Shop profile, uploads a photo and makes it the cover,
 * sets the week's hours (a break on Monday, Tuesday closed) and writes an introduction with a heading, bold words, a
 * list and a picture; a shopper searches the shop's name, opens it and sees the introduction rendered as written.
 * English: the owner's three screens; an introduction sent past the editor with a <script>, an onerror handler and a
 * javascript: link, and the shop's page (opened cold) renders none of them. One page per test; axe 0 serious/critical
 * on every screen; screenshots at 375×812 (test-results/e2e/issue44-profile-*).
 */
import type { Browser, Page } from 'playwright-core'
import sharp from 'sharp'
import { BASE, LANG_EN, admin, api, launch, phone, seriousAxe, sessionOf, settled, shot, still, toastGone, toastShown, typeInto } from './browser'

jest.setTimeout(240_000)

const OWNER = '13655554402'
const SHOPPER = '13655554403'
const SHOP = '湾畔手作烘焙'

let browser: Browser
let ownerToken = ''
let shopperToken = ''
let shopId = 0
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

async function look(page: Page, name: string): Promise<void> {
  await toastGone(page, 8000)
  await still(page)
  await shot(page, `issue44-profile-${name}`)
  expect(await seriousAxe(page)).toEqual([])
}

const jpeg = (fill: string) => sharp({ create: { width: 800, height: 600, channels: 3, background: fill } }).jpeg().toBuffer()

async function upload(token: string, fill: string): Promise<string> {
  const form = new FormData()
  form.append('file', new Blob([await jpeg(fill)], { type: 'image/jpeg' }), 'photo.jpg')
  const res = await fetch(`${BASE()}/api/index/uploadPic`, { method: 'POST', headers: { 'access-token': token }, body: form })
  const body = (await res.json()) as { code: number; data: { url: string } }
  expect(body.code).toBe(1)
  return body.data.url
}

/** The owner's profile as the server has it. */
async function profileOf(token: string): Promise<{ photos: string[]; cover: string; week: { open: string; close: string }[][] }> {
  const res = await fetch(`${BASE()}/api/hui_shanghu.store_profile/read`, { headers: { 'access-token': token, 'access-origin': '' } })
  const json = (await res.json()) as { code: number; data: { photos: string[]; cover: string; week: { open: string; close: string }[][] } }
  expect(json.code).toBe(1)
  return json.data
}

/** A picture chosen in the file dialog the tap opens. */
async function choose(page: Page, tap: string, fill: string): Promise<void> {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.locator(`${tap}:visible`).click()])
  await chooser.setFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: await jpeg(fill) })
}

/** A paragraph's words (the editor's blocks are text areas). */
async function write(page: Page, block: string, text: string): Promise<void> {
  const area = page.locator(`${block} .intro-block__text textarea:visible`).first()
  await area.click()
  await area.fill(text)
}

/** Signed in as `token` (English when `en`), on `url`. */
async function as(page: Page, token: string, url: string, en = false): Promise<void> {
  await page.evaluate(
    ([tok, lang]) => {
      window.localStorage.setItem('token', JSON.stringify({ data: tok }))
      if (lang) window.localStorage.setItem('lang', lang)
      else window.localStorage.removeItem('lang')
    },
    [token, en ? LANG_EN : ''],
  )
  await page.goto(`${BASE()}${url}`)
  await settled(page)
}

describe("the shop's profile in the browser", () => {
  it('a newly approved owner adds a photo, sets the hours and writes the introduction; a shopper finds the shop and reads it', async () => {
    ownerToken = await sessionOf(OWNER)
    shopperToken = await sessionOf(SHOPPER)
    const sent = await api<{ application: { id: number } }>(
      'personal.merchant_application/submit',
      { shop_name: SHOP, class_id: 4, contact_name: '林师傅', mobile: OWNER, city_id: 1, district: '南山区', address: '科技园南区 44 号', hours: '08:00-20:00', discount_rate: 92, licence_image: await upload(ownerToken, '#d9c9a3'), storefront_image: await upload(ownerToken, '#8a4b2a') },
      ownerToken,
    )
    expect(admin('approve', String(sent.application.id))).toContain('approved')

    const { page, context, errors } = await phone(browser)
    await page.goto(`${BASE()}/pages/index/index`)
    // The workbench → Shop profile.
    await as(page, ownerToken, '/pages/store/index')
    await page.locator('.workbench__entry--profile:visible').click()
    await page.locator('.sp-name__current:visible', { hasText: SHOP }).waitFor({ timeout: 15000 })
    expect(await page.locator('.sp-photo__cover:visible').count()).toBe(1)

    // A photo: uploaded with its progress, made the cover, saved.
    await choose(page, '.sp-photo__add', '#f2b33d')
    await page.locator('.sp-photo:not(.sp-photo--add)').nth(1).locator('.sp-photo__make-cover:visible').waitFor({ timeout: 20000 })
    await page.locator('.sp-photo:not(.sp-photo--add)').nth(1).locator('.sp-photo__make-cover').click()
    await page.locator('.sp-save--photos:visible').click()
    await toastShown(page, '已保存')
    const mine = await profileOf(ownerToken)
    expect(mine.photos).toHaveLength(2)
    expect(mine.cover).toBe(mine.photos[1])
    await page.locator('.sp-photos').scrollIntoViewIfNeeded()
    await look(page, 'profile-zh')

    // The week: Monday 09:00–14:00 and 17:00–22:00, Tuesday closed, the other days as the application said.
    await page.locator('.sp-link--hours:visible').click()
    await page.locator('.hours-day--0:visible').waitFor({ timeout: 15000 })
    await typeInto(page, '.hours-day--0 .hours-period__open', '09:00')
    await typeInto(page, '.hours-day--0 .hours-period__close', '14:00')
    await page.locator('.hours-day--0 .hours-day__add:visible').click()
    await page.locator('.hours-day--0 .hours-period__open input:visible').nth(1).fill('17:00')
    await page.locator('.hours-day--0 .hours-period__close input:visible').nth(1).fill('22:00')
    await page.locator('.hours-day--1 .hours-day__toggle:visible').click()
    await page.locator('.hours__save:visible').click()
    await toastShown(page, '已保存')
    const week = (await profileOf(ownerToken)).week
    expect(week[0]).toEqual([{ open: '09:00', close: '14:00' }, { open: '17:00', close: '22:00' }])
    expect(week[1]).toEqual([])
    expect(week[2]).toEqual([{ open: '08:00', close: '20:00' }])
    await page.evaluate(() => window.scrollTo(0, 0))
    await look(page, 'hours-zh')

    // The introduction: a heading, a paragraph with bold words, a list and a picture; the preview is the shop page's.
    await page.goBack()
    await page.locator('.sp-link--intro:visible').click()
    await page.locator('.intro__empty:visible').waitFor({ timeout: 15000 })
    await page.locator('.intro-add__btn--h:visible').click()
    await write(page, '.intro-block--h', '每天凌晨四点开炉')
    await page.locator('.intro-add__btn--p:visible').click()
    await write(page, '.intro-block--p', '面粉来自 **北海道**，不加防腐剂。')
    await page.locator('.intro-add__btn--ul:visible').click()
    await write(page, '.intro-block--ul', '牛角包\n法棍\n肉桂卷')
    await choose(page, '.intro-add__btn--img', '#c0703a')
    await page.locator('.intro-block--img .sp-photo__veil').waitFor({ state: 'detached', timeout: 20000 })
    await typeInto(page, '.intro-block--img .intro-block__alt', '刚出炉的面包')
    await page.locator('.intro-preview .rich__body h2', { hasText: '每天凌晨四点开炉' }).waitFor()
    await page.locator('.intro__save:visible').click()
    await toastShown(page, '已保存')
    await look(page, 'intro-zh')

    // The shopper: Search → the shop → its introduction, as written, and the week.
    await as(page, shopperToken, '/pages/index/search')
    await typeInto(page, '.search__input', SHOP)
    await page.keyboard.press('Enter')
    await page.locator('.shop-row:visible', { hasText: SHOP }).locator('.shop-row__details').click()
    const intro = page.locator('.shop-intro .rich__body')
    await intro.locator('h2', { hasText: '每天凌晨四点开炉' }).waitFor({ timeout: 15000 })
    expect(await intro.locator('strong').textContent()).toBe('北海道')
    expect(await intro.locator('li').allTextContents()).toEqual(['牛角包', '法棍', '肉桂卷'])
    const picture = intro.locator('img')
    expect(await picture.getAttribute('alt')).toBe('刚出炉的面包')
    await picture.evaluate((img: HTMLImageElement) => (img.complete && img.naturalWidth > 0 ? null : new Promise((r) => img.addEventListener('load', r, { once: true }))))
    expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800)
    expect(await page.locator('.shop-week__periods').nth(0).textContent()).toBe('09:00–14:00  17:00–22:00')
    expect(await page.locator('.shop-week__periods').nth(1).textContent()).toBe('休息')
    shopId = Number(new URL(page.url()).searchParams.get('id'))
    expect(shopId).toBeGreaterThan(0)
    await page.locator('.shop-intro').scrollIntoViewIfNeeded()
    await look(page, 'shop-zh')
    expect(errors).toEqual([])
    await context.close()
  })

  it('in English: the owner’s screens; an introduction sent past the editor keeps no script, handler or link on the shop’s page', async () => {
    expect(shopId).toBeGreaterThan(0)
    const { page, context, errors } = await phone(browser)
    await page.goto(`${BASE()}/pages/index/index`)
    await as(page, ownerToken, '/pages/store/profile', true)
    await page.locator('.sp-name__current:visible', { hasText: SHOP }).waitFor({ timeout: 15000 })
    expect(await page.locator('.sp-photo__cover:visible').textContent()).toBe('Cover')
    await look(page, 'profile-en')
    await page.locator('.sp-link--hours:visible').click()
    await page.locator('.hours-day--1 .hours-day__toggle:visible', { hasText: 'Closed' }).waitFor({ timeout: 15000 })
    await look(page, 'hours-en')
    await page.goBack()
    await page.locator('.sp-link--intro:visible').click()
    await page.locator('.intro-preview .rich__body h2:visible').waitFor({ timeout: 15000 })
    await look(page, 'intro-en')

    // Sent as a client other than the app would send it: past the editor, which escapes what it is given.
    const own = await upload(ownerToken, '#5a7d9a')
    const attack = [
      '<h2>Baked at four every morning</h2>',
      '<script>window.__injected = "script"</script>',
      '<p>Flour from <b>Hokkaido</b>. <a href="javascript:window.__injected=\'link\'">Tap here</a>.</p>',
      `<p><img src="${own}" onerror="window.__injected='onerror'" alt="Fresh bread"></p>`,
      '<ul><li>Croissant</li><li>Baguette</li></ul>',
    ].join('')
    const saved = await api<{ intro_html: string; removed: number }>('hui_shanghu.store_profile/intro', { html: attack }, ownerToken)
    expect(saved.removed).toBeGreaterThanOrEqual(3)

    // The shopper's page, opened cold by its address.
    await as(page, shopperToken, `/pages/shops/details?id=${shopId}`, true)
    const intro = page.locator('.shop-intro .rich__body')
    await intro.locator('h2', { hasText: 'Baked at four every morning' }).waitFor({ timeout: 15000 })
    expect(await intro.locator('script, a, iframe, style').count()).toBe(0)
    const img = intro.locator('img')
    await img.evaluate((el: HTMLImageElement) => (el.complete ? null : new Promise((r) => el.addEventListener('load', r, { once: true }))))
    const attributes = await intro.evaluate((el) => Array.from(el.querySelectorAll('*')).flatMap((n) => Array.from(n.attributes).map((a) => `${a.name}=${a.value}`)))
    expect(attributes.filter((a) => /^on|javascript:|__injected/i.test(a))).toEqual([])
    expect(await page.evaluate(() => (window as unknown as { __injected?: string }).__injected ?? null)).toBeNull()
    // The rest as written: bold (<b> kept as <strong>), the link's words without the link.
    expect(await intro.locator('strong').textContent()).toBe('Hokkaido')
    expect(await intro.textContent()).toContain('Tap here')
    await page.locator('.shop-intro').scrollIntoViewIfNeeded()
    await look(page, 'shop-en')
    expect(errors).toEqual([])
    await context.close()
  })
})
