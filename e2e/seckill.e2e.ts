/**
 * Issue 14 in Chromium (H5 build, reference server): a flash-sale product bought in the live session through the
 * sandbox cashier lands on its order detail, paid, with its redemption code; a phone whose clock is ten minutes
 * wrong still counts down to the server's end of the session.
 */
import type { Browser } from 'playwright-core'
import { BASE, countdownAgainstServer, dbRow, launch, logIn, phone, serverClock, settled, shot, skewPhoneClock } from './browser'
import { liveFlashProduct } from './screens'
import { holdFlashSession, releaseServerClock } from '../test-mp/flashClock'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
  // The server's clock at 12:00 of its day, whatever the time: the 08:00–16:00 session on, four hours from its end.
  await holdFlashSession(serverClock)
})
afterAll(async () => {
  await browser?.close()
  await releaseServerClock(serverClock)
})

interface Product {
  id: number
  name: string
  price: number
  end_time: string
}
const readProduct = async (id: number) => ((await (await fetch(`${BASE()}/api/hui_public.hsh_seckill_prod/read?id=${id}`)).json()) as { data: { info: Product } }).data.info

/** "01:02:03" → seconds. */
function seconds(text: string | null): number {
  const m = /(\d{2}):(\d{2}):(\d{2})/.exec(text ?? '')
  if (!m) throw new Error(`no time in "${text}"`)
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3])
}

describe('flash sales', () => {
  it('Flash sales → a product on sale → buy 1, picked up at its store → sandbox cashier → its order detail, paid, with the redemption code', async () => {
    const { page, context, errors } = await phone(browser)
    await logIn(page, '13800001401', '/pages/seckill/index')
    await page.locator('.flash-card:visible').first().waitFor({ timeout: 15000 })
    expect(await page.locator('.flash-sessions__tab--active .flash-sessions__state:visible').textContent()).toBe('抢购中')
    // The session of the held 12:00 (08:00–16:00), whatever the time the test runs at.
    expect(await page.locator('.flash-sessions__tab--active .flash-sessions__time:visible').textContent()).toBe('08:00')
    const live = await readProduct(liveFlashProduct())
    await page.locator('.flash-card:visible', { hasText: live.name }).click()
    await page.waitForURL(new RegExp(`/pages/seckill/detail\\?id=${live.id}`))
    await settled(page)
    await page.locator('.flash-detail__buy:visible', { hasText: '立即抢购' }).click()
    await page.locator('.flash-sheet__shop-name:visible', { hasText: '好邻居便利' }).waitFor({ timeout: 10000 })
    await page.locator('.flash-sheet__payable:visible', { hasText: `¥${(live.price / 100).toFixed(2)}` }).waitFor({ timeout: 10000 })
    await page.locator('.flash-sheet__pay:visible').click()
    await page.waitForURL(/\/sandbox\/cashier/)
    await page.locator('#amount').waitFor()
    expect(await page.locator('#amount').textContent()).toBe(`¥${(live.price / 100).toFixed(2)}`)
    await page.locator('#pay').click()
    // The cashier returns to Payment success, which hands a paid product order on to its detail.
    await page.waitForURL(/\/pages\/orders\/detail\?id=\d+/, { timeout: 20000 })
    await page.locator('.order-detail__code-digits:visible').waitFor({ timeout: 15000 })
    const orderId = Number(new URL(page.url()).searchParams.get('id'))
    expect(await dbRow<{ status: number; kind: string; ref_id: number; shop_id: number }>('SELECT status, kind, ref_id, shop_id FROM orders WHERE id = ?', orderId)).toEqual({ status: 10, kind: 'product', ref_id: live.id, shop_id: 8 })
    const code = (await dbRow<{ verify_code: string }>('SELECT verify_code FROM orders WHERE id = ?', orderId)).verify_code
    expect((await page.locator('.order-detail__code-digits:visible').textContent())?.replace(/\s/g, '')).toBe(code)
    await settled(page)
    await shot(page, 'flash-1-paid-order-detail')
    expect(errors).toEqual([])
    await context.close()
  })

  it('a phone clock 10 minutes slow: the list and the product count down to the server’s end of the session', async () => {
    const { page, context, errors } = await phone(browser)
    await skewPhoneClock(context, -10 * 60_000)
    const live = await readProduct(liveFlashProduct())
    // What is left to the session's end on the server's clock (held hours away from the real time: a countdown on the
    // phone's clock would be off by those hours, not only by its ten minutes), read around the countdown's next tick.
    const ends = Date.parse(`${live.end_time.replace(' ', 'T')}+08:00`)
    await page.goto(`${BASE()}/pages/seckill/index`)
    await settled(page)
    expect(Date.now() - (await page.evaluate(() => Date.now()))).toBeGreaterThan(9 * 60_000)
    const card = page.locator('.flash-card:visible', { hasText: live.name }).locator('.flash-card__countdown')
    await card.waitFor({ timeout: 15000 })
    const onCard = await countdownAgainstServer(card, ends, seconds)
    expect(onCard.shown).toBeGreaterThanOrEqual(onCard.least)
    expect(onCard.shown).toBeLessThanOrEqual(onCard.most)
    await page.goto(`${BASE()}/pages/seckill/detail?id=${live.id}`)
    await settled(page)
    const countdown = page.locator('.flash-detail__countdown:visible')
    await countdown.waitFor({ timeout: 15000 })
    const onDetail = await countdownAgainstServer(countdown, ends, seconds)
    expect(onDetail.shown).toBeGreaterThanOrEqual(onDetail.least)
    expect(onDetail.shown).toBeLessThanOrEqual(onDetail.most)
    await shot(page, 'flash-2-clock-slow')
    expect(errors).toEqual([])
    await context.close()
  })
})
