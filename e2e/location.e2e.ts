/**
 * Location in the browser (issue 13): Chromium's own geolocation, granted or not by the context. The page is on
 * 127.0.0.1 (a secure context, as https is on a phone). The browser gives WGS-84; the app converts it to GCJ-02.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { BASE, launch, phone, settled, shot } from './browser'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

/** WGS-84 fixes: Shenzhen's Nanshan among the demo shops, and Guangzhou's Tianhe (no discount shops there). */
const NANSHAN = { latitude: 22.575, longitude: 113.99 }
const TIANHE = { latitude: 23.135, longitude: 113.325 }

async function located(at: { latitude: number; longitude: number }): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const opened = await phone(browser)
  await opened.context.grantPermissions(['geolocation'], { origin: BASE() })
  await opened.context.setGeolocation(at)
  return opened
}

/** "350 m" / "2.4 km" → metres. */
const metres = (s: string) => {
  const m = /([\d.]+)\s*(k?m)/.exec(s)
  if (!m) throw new Error(`no distance in "${s}"`)
  return Number(m[1]) * (m[2] === 'km' ? 1000 : 1)
}

async function distances(page: Page): Promise<number[]> {
  await page.locator('.shop-row__distance:visible').first().waitFor({ timeout: 15000 })
  return (await page.locator('.shop-row__distance:visible').allTextContents()).map(metres)
}

describe('location (browser geolocation)', () => {
  it('granted: Home needs no tap, shows each shop’s distance nearest first, and the city follows (no city chosen yet)', async () => {
    const { page, context, errors } = await located(NANSHAN)
    await page.goto(`${BASE()}/`)
    await settled(page)
    const d = await distances(page)
    expect(d.length).toBeGreaterThan(3)
    expect(d).toEqual([...d].sort((a, b) => a - b))
    expect(d[0]).toBeLessThan(3000)
    await page.waitForFunction(() => document.querySelector('.home-bar__city')?.textContent?.includes('深圳'), undefined, { timeout: 10000 })
    expect(await page.locator('.loc-bar__ask:visible').count()).toBe(0)
    await shot(page, 'location-1-home-distances')
    // Discount bill too: nearest first.
    await page.goto(`${BASE()}/pages/discountBill/index`)
    await settled(page)
    const bill = await distances(page)
    expect(bill).toEqual([...bill].sort((a, b) => a - b))
    expect(errors).toEqual([])
    await context.close()
  })

  it('granted in Guangzhou while the remembered city is Shenzhen: the city follows to Guangzhou; one chosen by hand then stays', async () => {
    const { page, context, errors } = await located(TIANHE)
    await context.addInitScript(() => {
      if (!window.localStorage.getItem('city')) window.localStorage.setItem('city', JSON.stringify({ data: { id: 1, name: '深圳' } }))
    })
    await page.goto(`${BASE()}/`)
    await settled(page)
    await page.waitForFunction(() => document.querySelector('.home-bar__city')?.textContent?.includes('广州'), undefined, { timeout: 15000 })
    // Guangzhou's shops (its restaurants since issue 25) take the list.
    await page.locator('.taro_page:not(.taro_page_shade)').getByText('老马家牛肉面').first().waitFor({ timeout: 10000 })
    // The shopper picks Shenzhen themselves: nearest first there (about 100 km away), and it is kept.
    await page.locator('.home-bar__city:visible').click()
    await page.locator('#home-city-sheet .sheet__item', { hasText: '深圳' }).click()
    const d = await distances(page)
    expect(d).toEqual([...d].sort((a, b) => a - b))
    expect(d[0]).toBeGreaterThan(50_000)
    await page.reload()
    await settled(page)
    await distances(page)
    expect(await page.locator('.home-bar__city:visible').textContent()).toContain('深圳')
    expect(errors).toEqual([])
    await context.close()
  })

  it('denied: nothing asked until the shopper taps; the refusal says how to allow it and the city picker works', async () => {
    const { page, context, errors } = await phone(browser)
    await page.goto(`${BASE()}/`)
    await settled(page)
    await page.locator('.shop-row:visible').first().waitFor({ timeout: 15000 })
    expect(await page.locator('.shop-row__distance').count()).toBe(0)
    await page.locator('.loc-bar__ask:visible').click()
    await page.locator('.loc-bar--denied:visible').waitFor({ timeout: 15000 })
    expect(await page.locator('.loc-bar--denied .loc-bar__hint:visible').textContent()).toContain('浏览器设置')
    await shot(page, 'location-2-home-denied')
    await page.locator('.home-bar__city:visible').click()
    await page.locator('#home-city-sheet .sheet__item', { hasText: '深圳' }).click()
    await page.waitForFunction(() => document.querySelector('.home-bar__city')?.textContent?.includes('深圳'), undefined, { timeout: 10000 })
    await page.locator('.shop-row:visible').first().waitFor({ timeout: 10000 })
    expect(await page.locator('.shop-row__distance').count()).toBe(0)
    expect(errors.filter((e) => !/geolocation/i.test(e))).toEqual([])
    await context.close()
  })
})
