/**
 * Issue 44 on the H5 build, in zh and en: a shop goes live by its application's approval (`npm run admin`, on this
 * server's database file) and its new owner, from nothing, starts takeout (delivery settings), builds a menu of two
 * categories with a dish that has a required option (in zh with its photo, uploaded with progress), and issues a coupon;
 * a shopper claims the coupon on the shop's page, orders the dish with its option for pickup and pays, then pays a bill
 * with the coupon; the owner changes the dish's price and the shopper's cart (filled before) says so, on its line and at
 * Confirm; the owner reads the change history. axe 0 serious/critical on every new screen; screenshots at 375×812
 * (test-results/e2e/issue44-*). One page: the owner and the shopper take turns on it by their stored session.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import sharp from 'sharp'
import { BASE, admin, api, dbRow, launch, phone, seriousAxe, sessionOf, settled, shot, still, toastGone, toastShown, typeInto } from './browser'

jest.setTimeout(300_000)

let browser: Browser
let page: Page
const DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'ocp-shop-owner-'))
const DISH_PHOTO = path.join(DIR, 'noodles.jpg')
beforeAll(async () => {
  browser = await launch()
  page = (await phone(browser)).page
  await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#b5651d' } }).jpeg().toFile(DISH_PHOTO)
})
afterAll(async () => {
  await browser?.close()
  fs.rmSync(DIR, { recursive: true, force: true })
})

async function look(name: string): Promise<void> {
  await toastGone(page, 8000)
  await still(page)
  await shot(page, `issue44-${name}`)
  expect(await seriousAxe(page)).toEqual([])
}

/** The page as this person, in this language: their session stored, then `url` opened anew (nothing kept in memory). */
async function as(token: string, lang: 'zh' | 'en', url: string): Promise<void> {
  await page.evaluate(
    ([tok, en]) => {
      window.localStorage.setItem('token', JSON.stringify({ data: tok }))
      window.localStorage.setItem('lang', JSON.stringify({ data: en ? 'en' : 'zh-CN' }))
    },
    [token, lang === 'en'] as const,
  )
  await page.goto(`${BASE()}${url}`)
  await settled(page)
}

/** A shop approved the way a shop goes live: the owner's application (their phone, verified at login), approved. */
async function newShop(owner: string, name: string): Promise<{ token: string; shopId: number }> {
  const token = await sessionOf(owner)
  const upload = async (fill: string): Promise<string> => {
    const form = new FormData()
    form.append('file', new Blob([await sharp({ create: { width: 640, height: 480, channels: 3, background: fill } }).jpeg().toBuffer()], { type: 'image/jpeg' }), 'photo.jpg')
    const body = (await (await fetch(`${BASE()}/api/index/uploadPic`, { method: 'POST', headers: { 'access-token': token }, body: form })).json()) as { data: { url: string } }
    return body.data.url
  }
  const sent = await api<{ application: { id: number } }>(
    'personal.merchant_application/submit',
    { shop_name: name, class_id: 1, contact_name: '周师傅', mobile: owner, city_id: 1, district: '福田区', address: '福华三路 20 号', lat: 22.541, lng: 114.051, hours: '10:00-21:00', discount_rate: 90, licence_image: await upload('#d9c9a3'), storefront_image: await upload('#8a4b2a') },
    token,
  )
  expect(admin('approve', String(sent.application.id))).toContain('approved')
  const shop = await dbRow<{ shop_id: number }>('SELECT shop_id FROM merchant_applications WHERE id = ?', sent.application.id)
  return { token, shopId: Number(shop.shop_id) }
}

const WORDS = {
  zh: { mains: '面', drinks: '饮品', dish: '牛肉面', group: '份量', small: '小份', large: '大份', coupon: '开业立减 5 元', changed: '价格有变：原 ¥21.00，现 ¥23.00', changedConfirm: '牛肉面：¥21.00 → ¥23.00' },
  en: { mains: 'Noodles', drinks: 'Drinks', dish: 'Beef noodles', group: 'Size', small: 'Small', large: 'Large', coupon: 'Opening ¥5 off', changed: 'Price changed: was ¥21.00, now ¥23.00', changedConfirm: 'Beef noodles: ¥21.00 → ¥23.00' },
}

async function journey(lang: 'zh' | 'en', ownerPhone: string, shopperPhone: string, shopName: string): Promise<void> {
  const w = WORDS[lang]
  const { token: owner, shopId } = await newShop(ownerPhone, shopName)
  await page.goto(`${BASE()}/pages/index/index`)

  // The workbench → Menu: nothing yet, takeout to start.
  await as(owner, lang, '/pages/store/index')
  await page.locator('.workbench__entry--menu:visible').click()
  await page.waitForURL(/\/pages\/store\/menu/)
  await settled(page)
  await page.locator('.shop-delivery-box__none:visible').waitFor({ timeout: 15000 })
  await look(`menu-new-${lang}`)

  // Delivery settings: open all day (whatever the clock says when the test runs), pickup allowed; the first save starts takeout.
  await page.locator('.shop-delivery-box__edit:visible').click()
  await page.waitForURL(/\/pages\/store\/delivery/)
  await settled(page)
  await page.locator('.shop-delivery__save:visible').waitFor({ timeout: 15000 })
  const period = page.locator('.shop-delivery__period input:visible')
  await period.nth(0).fill('00:00')
  await period.nth(1).fill('24:00')
  await look(`delivery-${lang}`)
  await page.locator('.shop-delivery__save:visible').click()
  await page.waitForURL(/\/pages\/store\/menu/)
  await page.locator('.shop-delivery-box__summary:visible', { hasText: '00:00–24:00' }).waitFor({ timeout: 15000 })

  // Two categories, added where typed.
  for (const c of [w.mains, w.drinks]) {
    await typeInto(page, '.shop-add-category__name', c)
    await page.locator('.shop-add-category__add:visible').click()
    await page.locator('.shop-category__name:visible', { hasText: c }).waitFor({ timeout: 10000 })
  }

  // A dish with a required option (zh: with its photo, uploaded with progress).
  await page.locator('.shop-category__add-dish:visible').first().click()
  await page.waitForURL(/\/pages\/store\/dish\?category_id=\d+/)
  await settled(page)
  await page.locator('.shop-dish-form__save:visible').waitFor({ timeout: 15000 })
  if (lang === 'zh') {
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.locator('.shop-photo__add:visible').click()])
    await chooser.setFiles(DISH_PHOTO)
    await page.locator('.shop-photo__replace:visible').waitFor({ timeout: 20000 })
  }
  await typeInto(page, '.shop-dish-form__input--name', w.dish)
  await typeInto(page, '.shop-dish-form__input--price', '18')
  await page.locator('.shop-groups__add:visible').click()
  await typeInto(page, '.shop-group__name', w.group)
  await page.locator('.shop-option__name input:visible').nth(0).fill(w.small)
  await page.locator('.shop-group__add-option:visible').click()
  await page.locator('.shop-option__name input:visible').nth(1).fill(w.large)
  await page.locator('.shop-option__price input:visible').nth(1).fill('3')
  await look(`dish-${lang}`)
  await page.locator('.shop-dish-form__save:visible').click()
  await page.waitForURL(/\/pages\/store\/menu/)
  await page.locator('.shop-dish__name:visible', { hasText: w.dish }).waitFor({ timeout: 15000 })
  const dishId = (await dbRow<{ id: number }>('SELECT id FROM dishes WHERE shop_id = ? AND name = ?', shopId, w.dish)).id
  await look(`menu-${lang}`)

  // A coupon: ¥5 off from ¥20, for bills and takeout, 100 of them.
  await page.goto(`${BASE()}/pages/store/index`)
  await settled(page)
  await page.locator('.workbench__entry--coupons:visible').click()
  await page.waitForURL(/\/pages\/store\/coupons/)
  await settled(page)
  await page.locator('.shop-coupons__new:visible').click()
  await typeInto(page, '.shop-coupon-form__title', w.coupon)
  await typeInto(page, '.shop-coupon-form__amount', '5')
  await typeInto(page, '.shop-coupon-form__min_spend', '20')
  await look(`coupon-form-${lang}`)
  await page.locator('.shop-coupon-form__save:visible').click()
  await page.locator('.shop-coupon__title:visible', { hasText: w.coupon }).waitFor({ timeout: 15000 })

  // The shopper: claims the coupon on the shop's page.
  const shopper = await sessionOf(shopperPhone)
  await as(shopper, lang, `/pages/shops/details?id=${shopId}`)
  const row = page.locator('.coupon-row:visible', { hasText: w.coupon })
  await row.waitFor({ timeout: 15000 })
  await row.locator('.coupon-row__btn').click()
  await row.locator('.coupon-row__btn--done').waitFor({ timeout: 15000 })

  // … orders the dish with its required option (the large one), for pickup, and pays.
  await page.goto(`${BASE()}/pages/takeout/detail?id=${shopId}`)
  await settled(page)
  await page.locator('.to-dish__choose:visible').first().click()
  await page.locator('.to-opt:visible', { hasText: w.large }).click()
  await page.locator('.to-opts__add:visible').click()
  await page.locator('.to-bar__count:visible', { hasText: '1' }).waitFor({ timeout: 10000 })
  await page.locator('.to-bar__go:visible').click()
  await page.waitForURL(/\/pages\/takeout\/confirmOrder/)
  await settled(page)
  await page.locator('.to-mode--pickup:visible').click()
  await page.locator('.to-pay__amount:visible', { hasText: '¥' }).waitFor({ timeout: 15000 })
  await page.locator('.to-pay__btn:visible').click()
  await page.waitForURL(/\/sandbox\/cashier/, { timeout: 15000 })
  await page.locator('#pay').click()
  await page.waitForURL(/\/pages\/takeout\/orderDetail\?id=\d+/, { timeout: 15000 })
  const orderId = Number(new URL(page.url()).searchParams.get('id'))
  // The order page saw it paid: the cart it was made from is emptied.
  await page.waitForFunction((id) => !(window.localStorage.getItem('takeoutCarts') ?? '').includes(`"${id}"`), shopId, { timeout: 15000 })
  // ¥18 + ¥3 for the large size; packing none; the option kept on the order's line.
  expect(await dbRow<{ status: number; original_amount: number; shop_id: number }>('SELECT status, original_amount, shop_id FROM orders WHERE id = ?', orderId)).toEqual({ status: 10, original_amount: 2100, shop_id: shopId })
  expect((await dbRow<{ detail: string }>('SELECT detail FROM orders WHERE id = ?', orderId)).detail).toContain(`"options":"${w.large}"`)

  // … pays a bill of ¥100 with the coupon: 10 % off the shop's, then ¥5 → ¥85.00.
  await page.goto(`${BASE()}/pages/payBill/index?shop_id=${shopId}`)
  await settled(page)
  for (const d of '100') await page.locator(`.keypad__key--${d}:visible`).click()
  await page.locator('.bill__coupon:visible').click()
  await page.locator('#coupon-sheet .sheet__item', { hasText: w.coupon }).click()
  await page.locator('.bill__payable:visible', { hasText: '¥85.00' }).waitFor({ timeout: 15000 })
  await page.locator('.bill__pay:visible').click()
  await page.waitForURL(/\/sandbox\/cashier/, { timeout: 15000 })
  await page.locator('#pay').click()
  await page.waitForURL(/\/pages\/payBill\/success\?id=\d+/, { timeout: 15000 })
  const billId = Number(new URL(page.url()).searchParams.get('id'))
  expect(await dbRow<{ coupon_amount: number; pay_amount: number }>('SELECT coupon_amount, pay_amount FROM orders WHERE id = ?', billId)).toEqual({ coupon_amount: 500, pay_amount: 8500 })

  // … and fills the cart again (large, ¥21.00 a bowl).
  await page.goto(`${BASE()}/pages/takeout/detail?id=${shopId}`)
  await settled(page)
  await page.locator('.to-dish__choose:visible').first().click()
  await page.locator('.to-opt:visible', { hasText: w.large }).click()
  await page.locator('.to-opts__add:visible').click()
  await page.locator('.to-bar__count:visible', { hasText: '1' }).waitFor({ timeout: 10000 })

  // The owner raises the price to ¥20, on the dish's screen; the coupon's counts show the claim and the use.
  await as(owner, lang, `/pages/store/dish?id=${dishId}`)
  await page.locator('.shop-dish-form__save:visible').waitFor({ timeout: 15000 })
  await typeInto(page, '.shop-dish-form__input--price', '20')
  await page.locator('.shop-dish-form__save:visible').click()
  await page.waitForURL(/\/pages\/store\/menu/, { timeout: 15000 })
  await page.goto(`${BASE()}/pages/store/coupons`)
  await settled(page)
  await page.locator('.shop-coupon__used:visible', { hasText: '1' }).waitFor({ timeout: 15000 })
  expect(await page.locator('.shop-coupon__claimed:visible').textContent()).toMatch(/1\s*\/\s*100/)
  await look(`coupons-${lang}`)
  await page.goto(`${BASE()}/pages/store/changes`)
  await settled(page)
  await page.locator('.shop-change--dish_changed:visible').waitFor({ timeout: 15000 })
  expect(await page.locator('.shop-change--dish_changed .shop-change__values:visible').first().textContent()).toBe('¥18.00 → ¥20.00')
  await look(`changes-${lang}`)

  // The shopper's cart says so: once as the menu opens, on the line, and at Confirm; paying is at the new price.
  await as(shopper, lang, `/pages/takeout/detail?id=${shopId}`)
  await toastShown(page, lang === 'zh' ? '购物车里有菜品变价' : 'Something in your cart changed price')
  await page.locator('.to-bar__cart:visible').click()
  await page.locator('.to-cart__moved:visible', { hasText: w.changed }).waitFor({ timeout: 10000 })
  await shot(page, `issue44-cart-changed-${lang}`)
  await page.locator('.to-bar__go:visible').click()
  await page.waitForURL(/\/pages\/takeout\/confirmOrder/)
  await settled(page)
  await page.locator('.to-changed__moved:visible', { hasText: w.changedConfirm }).waitFor({ timeout: 15000 })
  await page.locator('.to-mode--pickup:visible').click()
  await page.locator('.to-pay__amount:visible', { hasText: '¥23.00' }).waitFor({ timeout: 15000 })
  await look(`confirm-changed-${lang}`)
  // The order paid before keeps the price it was paid at.
  expect(await dbRow<{ original_amount: number; pay_amount: number }>('SELECT original_amount, pay_amount FROM orders WHERE id = ?', orderId)).toEqual({ original_amount: 2100, pay_amount: 2100 })
}

describe('a new merchant runs their own shop (issue 44)', () => {
  it('zh: approved → delivery, two categories, a dish with a required option and its photo, a coupon → a shopper orders it and pays a bill with the coupon → the price changes and the cart says so', async () => {
    await journey('zh', '13644440001', '13644440002', '街角牛肉面')
  })

  it('en: the same, in English', async () => {
    await journey('en', '13644440003', '13644440004', '港湾面馆')
  })
})
