import fs from 'node:fs'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { BASE, launch, phone, settled, shot, toastShown, visibleTitle } from './browser'

const ROUTES = [...fs.readFileSync(path.resolve(__dirname, '../src/routes.ts'), 'utf8').matchAll(/\{ path: '([^']+)', zh: '([^']+)', en: '([^']+)' \}/g)].map((m) => ({ path: m[1], zh: m[2] }))

/** Screens that need a user: an anonymous deep link lands on Authorization, which will bring the shopper back. */
const GATED = ['pages/personal/address', 'pages/personal/newAddress', 'pages/payBill/index', 'pages/payBill/success', 'pages/orders/detail', 'pages/card/my', 'pages/card/my_old', 'pages/card/vipCord', 'pages/card/ticketList', 'pages/card/records', 'pages/orders/orderInfo', 'pages/personal/sessions', 'pages/personal/deleteAccount']

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

describe('H5 shell in Chromium', () => {
  it('knows all 42 routes', () => {
    expect(ROUTES).toHaveLength(42)
  })

  it('opens Home at / with no errors in the console', async () => {
    const { page, context, errors } = await phone(browser)
    await page.goto(`${BASE()}/`)
    await settled(page)
    expect(await visibleTitle(page)).toBe('一卡通')
    expect(await page.locator('.nav-bar__back:visible').count()).toBe(0)
    await shot(page, 'home')
    expect(errors).toEqual([])
    await context.close()
  })

  it.each(ROUTES.filter((r) => !GATED.includes(r.path)).map((r) => [r.path, r.zh]))('a deep link to /%s shows %s', async (route, title) => {
    const { page, context } = await phone(browser)
    await page.goto(`${BASE()}/${route}`)
    await settled(page)
    expect(await visibleTitle(page)).toBe(title)
    expect(await page.title()).toBe(title)
    await context.close()
  })

  it.each(GATED)('an anonymous deep link to /%s asks to log in first, with the way back', async (route) => {
    const { page, context } = await phone(browser)
    await page.goto(`${BASE()}/${route}?id=1`)
    await page.waitForURL(/\/pages\/accountBind\/index\?redirect=/)
    await settled(page)
    expect(await visibleTitle(page)).toBe('授权登录')
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('redirect') ?? '')).toMatch(new RegExp(`^/${route}`))
    await context.close()
  })

  it.each(['/pages/nope/index', '/foo'])('an unknown path (%s) lands on Home with a "page not found" toast', async (url) => {
    const { page, context } = await phone(browser)
    await page.goto(`${BASE()}${url}`)
    await toastShown(page, '页面不存在')
    await settled(page)
    expect(await visibleTitle(page)).toBe('一卡通')
    expect(new URL(page.url()).pathname).toMatch(/^\/(pages\/index\/index)?$/)
    await shot(page, `not-found${url}`)
    await context.close()
  })

  it('a page opened directly has a home button that goes Home', async () => {
    const { page, context } = await phone(browser)
    await page.goto(`${BASE()}/pages/shops/details?id=1`)
    await settled(page)
    expect(await page.locator('.nav-bar__back:visible').count()).toBe(0)
    await page.locator('.nav-bar__home:visible').click()
    await page.waitForURL(/\/pages\/index\/index|\/$/)
    await settled(page)
    expect(await visibleTitle(page)).toBe('一卡通')
    await context.close()
  })

  it('a page reached from another has a back button that goes back', async () => {
    const { page, context } = await phone(browser)
    await page.goto(`${BASE()}/pages/personal/index`)
    await settled(page)
    await page.locator('.menu-list__item--jobs:visible').click()
    await page.waitForURL(/\/pages\/recruit\/index/)
    await settled(page)
    expect(await visibleTitle(page)).toBe('招聘')
    await shot(page, 'jobs-from-me')
    await page.locator('.nav-bar__back:visible').click()
    await page.waitForURL(/\/pages\/personal\/index/)
    await settled(page)
    expect(await visibleTitle(page)).toBe('我的')
    await context.close()
  })
})

describe('the server as npm start runs it', () => {
  it('serves index.html compressed and uncached, hashed assets cached long, the API', async () => {
    const html = await fetch(`${BASE()}/pages/card/my`, { headers: { 'accept-encoding': 'br' } })
    expect(html.status).toBe(200)
    expect(html.headers.get('content-encoding')).toBe('br')
    expect(html.headers.get('cache-control')).toBe('no-cache')
    const text = await (await fetch(`${BASE()}/`)).text()
    const js = /src="(\/js\/[^"]+\.js)"/.exec(text)?.[1]
    expect(js).toBeTruthy()
    const asset = await fetch(`${BASE()}${js}`, { headers: { 'accept-encoding': 'gzip' } })
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(asset.headers.get('content-encoding')).toBe('gzip')
    const info = await (await fetch(`${BASE()}/api/index/serverInfo`)).json()
    expect(info).toMatchObject({ code: 1, data: { version: '1.0.0' } })
  })
})
