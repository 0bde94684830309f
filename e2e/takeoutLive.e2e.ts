/**
 * Issue 25, live status in the browser, two browser contexts (a shopper's phone and the store's): the store's takeout
 * list shows a newly paid order, and the shopper's order page shows accepted → out for delivery → delivered, each
 * within 2 s of the move and without a reload (a marker set on `window` before the first move is still there after
 * the last). The pages follow a stream (`data-live="stream"`, the watch requests seen), not the polling fallback.
 * Shop 19 (茶见奶茶, open round the clock); the store accepts in its own screen, then dispatches and delivers through
 * the API as another device of the store would.
 * Issue 39 on the same pages: the rider's number in full with Call while out for delivery, masked once delivered; the
 * rating after delivery; the timer's cancel shows the refund (amount, where, its steps) instead of the progress, the
 * money as lines, and Order again refills the cart (zh, then the same page in English).
 */
import type { Browser, Page } from 'playwright-core'
import { BASE, LANG_EN, api, db, launch, phone, placeOrder, seriousAxe, sessionOf, settled, shot, still, toastGone } from './browser'

const SHOP = 19
const STAFF = '19900000019'
const SHOPPER = '13800000271'
/** The timer's test: a phone of its own (a second login code for one phone within the minute waits). */
const SHOPPER_TIMER = '13800000272'
/** A change shows within this long (issue 25: "within 2 s of a change"). */
const LIVE_MS = 2000
/** How long a wait for what a page shows may last at most: a bound on a hung test; the timing check is `shownWithin`. */
const LONG = 15_000

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

async function menuDish(): Promise<{ id: number; option_ids: number[] }> {
  const res = (await (await fetch(`${BASE()}/api/hui_public.takeout_shop/menu?shop_id=${SHOP}`)).json()) as {
    data: { dishes: Array<{ id: number; sold_out: boolean; option_groups: Array<{ required: boolean; options: Array<{ id: number }> }> }> }
  }
  const dish = res.data.dishes.find((d) => !d.sold_out)
  if (!dish) throw new Error('no dish on sale')
  return { id: dish.id, option_ids: dish.option_groups.filter((g) => g.required).map((g) => g.options[0].id) }
}

async function signedIn(page: Page, token: string, path: string): Promise<void> {
  await page.goto(`${BASE()}/pages/index/index`)
  await page.evaluate((tok) => window.localStorage.setItem('token', JSON.stringify({ data: tok })), token)
  await page.goto(`${BASE()}${path}`)
  await settled(page)
}

/** Wait (bounded) for a condition the test watches from outside the page. */
async function until(cond: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 20))
  }
}

const marker = (page: Page) => page.evaluate(() => (window as unknown as { __marker?: number }).__marker)

/** Starts summing how late a 50 ms timer runs in this process: the time it could not run. Call the result to stop. */
function lostHere(): () => number {
  let lost = 0
  let last = performance.now()
  const meter = setInterval(() => {
    const now = performance.now()
    lost += Math.max(0, now - last - 50)
    last = now
  }, 50)
  return () => {
    clearInterval(meter)
    return lost
  }
}

/**
 * Runs `wait` (for what `page` shows after a move) and checks it took less than `ms` of real time apart from the time
 * the page, or this process, could not run meanwhile (a 50 ms timer's lateness summed in each; the larger counts): both
 * cores busy drawing other pages are not the app's delay, while a change shown late (by the 3 s poll, or on a reload)
 * still fails.
 */
async function shownWithin(page: Page, ms: number, wait: () => Promise<unknown>): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __lost: number; __lostMeter: ReturnType<typeof setInterval> }
    w.__lost = 0
    let last = performance.now()
    w.__lostMeter = setInterval(() => {
      const now = performance.now()
      w.__lost += Math.max(0, now - last - 50)
      last = now
    }, 50)
  })
  const here = lostHere()
  const started = performance.now()
  await wait()
  const took = performance.now() - started
  const lostInTest = here()
  const lostInPage = await page.evaluate(() => {
    const w = window as unknown as { __lost: number; __lostMeter: ReturnType<typeof setInterval> }
    clearInterval(w.__lostMeter)
    return w.__lost
  })
  const lost = Math.max(lostInTest, lostInPage)
  if (took - lost >= ms) throw new Error(`shown after ${Math.round(took)} ms, ${Math.round(lost)} of them with the page or the test unable to run: over ${ms} ms`)
}

describe('live status of a takeout order', () => {
  it('the store sees the new order, the shopper sees each move, within 2 s and without a reload', async () => {
    const shopperToken = await sessionOf(SHOPPER)
    const staffToken = await sessionOf(STAFF)
    const address = await api<{ info: { id: number } }>('personal.address/save', { name: '韩梅梅', mobile: '13600002711', province: '广东省', city: '深圳市', district: '福田区', detail: '福华三路 99 号' }, shopperToken)
    const dish = await menuDish()

    // The store's list, open before the order exists.
    const store = await phone(browser)
    const watched: string[] = []
    store.page.on('request', (r) => {
      if (r.url().includes('/api/hui_shanghu.store_takeout/watch')) watched.push(r.url())
    })
    await signedIn(store.page, staffToken, '/pages/store/takeout')
    await store.page.locator('.store-takeout-tabs__tab--accept:visible').waitFor({ timeout: 15000 })
    await until(() => watched.length > 0, 5000)
    await store.page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1))

    // Seven of a dish: the card that says "× 7" is this order's.
    const id = await placeOrder(shopperToken, { kind: 'takeout', shop_id: SHOP, items: [{ id: dish.id, quantity: 7, option_ids: dish.option_ids }], address_id: address.info.id, client_request_id: `e2e-live-${Date.now()}` }, true)
    const card = store.page.locator('.store-takeout-card:visible').first()
    await shownWithin(store.page, LIVE_MS, () => card.locator('.store-takeout-card__dishes', { hasText: '× 7' }).waitFor({ timeout: LONG }))
    expect(await marker(store.page)).toBe(1)
    expect(watched.every((u) => !u.includes(staffToken))).toBe(true)

    // The shopper's order page.
    const shopper = await phone(browser)
    const reads: number[] = []
    shopper.page.on('request', (r) => {
      if (r.url().includes('/api/personal.takeout/read')) reads.push(Date.now())
    })
    await signedIn(shopper.page, shopperToken, `/pages/takeout/orderDetail?id=${id}`)
    const stage = shopper.page.locator('.to-status__stage:visible')
    await stage.filter({ hasText: '等待商家接单' }).waitFor({ timeout: 15000 })
    await shopper.page.locator('.to-order[data-live="stream"]:visible').waitFor({ timeout: 5000 })
    await shopper.page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1))
    // Streaming, not polling: nothing read again while nothing moves (polling reads every 3 s).
    const quiet = reads.length
    await shopper.page.waitForTimeout(3500)
    expect(reads.length).toBe(quiet)

    // The store accepts in its own screen.
    await card.click()
    await store.page.waitForURL(new RegExp(`/pages/store/takeoutOrder\\?id=${id}`))
    await settled(store.page)
    await store.page.locator('.store-takeout__accept:visible').click()
    await store.page.locator('.store-takeout__head .store-takeout__stage:visible').filter({ hasText: '已接单，备餐中' }).waitFor({ timeout: 15000 })
    await shownWithin(shopper.page, LIVE_MS, () => stage.filter({ hasText: '商家已接单，正在备餐' }).waitFor({ timeout: LONG }))

    // Out for delivery and delivered, from another device of the store (the API).
    await api('hui_shanghu.store_takeout/dispatch', { id, rider_name: '王师傅', rider_phone: '13900002222' }, staffToken)
    await shownWithin(shopper.page, LIVE_MS, () => stage.filter({ hasText: '骑手正在配送' }).waitFor({ timeout: LONG }))
    expect(await shopper.page.locator('.to-rider__text:visible').textContent()).toContain('王师傅')
    // Out for delivery: the rider's number in full, with Call (issue 39).
    expect(await shopper.page.locator('.to-rider__phone:visible').textContent()).toBe('13900002222')
    await shopper.page.locator('.to-rider__call:visible').waitFor()
    await still(shopper.page)
    await shot(shopper.page, 'issue39-live-delivering-rider-zh')
    await api('hui_shanghu.store_takeout/deliver', { id }, staffToken)
    await shownWithin(shopper.page, LIVE_MS, () => stage.filter({ hasText: '订单已送达' }).waitFor({ timeout: LONG }))
    // Delivered: masked, no call; the rating asked for.
    expect(await shopper.page.locator('.to-rider__phone:visible').textContent()).toBe('139****2222')
    expect(await shopper.page.locator('.to-rider__call:visible').count()).toBe(0)
    await shopper.page.locator('.to-rate__star:visible').nth(4).click()
    await shopper.page.locator('.to-rate__words textarea:visible').fill('很快，还是热的')
    await shopper.page.locator('.to-rate:visible').scrollIntoViewIfNeeded()
    await still(shopper.page)
    await shot(shopper.page, 'issue39-live-delivered-rating-zh')
    expect(await seriousAxe(shopper.page)).toEqual([])
    await shopper.page.locator('.to-rate__send:visible').click()
    await shopper.page.locator('.to-rate__words-shown:visible', { hasText: '很快，还是热的' }).waitFor({ timeout: 10000 })
    expect(db<{ stars: number }>('SELECT stars FROM takeout_ratings WHERE order_id = ?', id).stars).toBe(5)
    await shopper.page.locator('.to-rate:visible').scrollIntoViewIfNeeded()
    await toastGone(shopper.page)
    await still(shopper.page)
    await shot(shopper.page, 'issue39-live-delivered-rated-zh')

    // No reload: the marker set before the first move is still there; settled, the page stops following.
    expect(await marker(shopper.page)).toBe(1)
    await shopper.page.locator('.to-order[data-live="off"]:visible').waitFor({ timeout: 5000 })
    expect(shopper.errors).toEqual([])
    expect(store.errors).toEqual([])
    await shopper.context.close()
    await store.context.close()
  })
  it('the timer refuses an order no store accepts: the page says so and shows the refund without a reload; the refund is in the ledger', async () => {
    const shopperToken = await sessionOf(SHOPPER_TIMER)
    const address = await api<{ info: { id: number } }>('personal.address/save', { name: '韩梅梅', mobile: '13600002711', province: '广东省', city: '深圳市', district: '福田区', detail: '福华三路 99 号' }, shopperToken)
    const dish = await menuDish()
    const id = await placeOrder(shopperToken, { kind: 'takeout', shop_id: SHOP, items: [{ id: dish.id, quantity: 1, option_ids: dish.option_ids }], address_id: address.info.id, client_request_id: `e2e-timer-${Date.now()}` }, true)

    const shopper = await phone(browser)
    await signedIn(shopper.page, shopperToken, `/pages/takeout/orderDetail?id=${id}`)
    const stage = shopper.page.locator('.to-status__stage:visible')
    await stage.filter({ hasText: '等待商家接单' }).waitFor({ timeout: 15000 })
    await shopper.page.locator('.to-order[data-live="stream"]:visible').waitFor({ timeout: 5000 })
    await shopper.page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1))
    try {
      // Past TAKEOUT_ACCEPT_MINUTES (5) on the server's clock, and the housekeeping run now instead of at its next sweep.
      await api('sandbox/clock', { advance_minutes: 6 })
      await api('sandbox/sweep', {})
      await shownWithin(shopper.page, LIVE_MS, () => shopper.page.locator('.to-status__refusal:visible').filter({ hasText: '商家超时未接单，订单已自动取消' }).waitFor({ timeout: LONG }))
      // The sandbox provider answers the refund by itself: the page follows it to the end.
      await stage.filter({ hasText: /订单已取消，已原路退款|已退款/ }).waitFor({ timeout: 10000 })
      expect(await marker(shopper.page)).toBe(1)
      const refund = db<{ n: number; amount: number }>("SELECT COUNT(*) AS n, SUM(amount) AS amount FROM refunds WHERE order_id = ? AND status = 'succeeded'", id)
      const paid = db<{ pay_amount: number; original_amount: number; fee_amount: number }>('SELECT pay_amount, original_amount, fee_amount FROM orders WHERE id = ?', id)
      expect(refund).toEqual({ n: 1, amount: paid.pay_amount })
      const yuan = (c: number) => `¥${(c / 100).toFixed(2)}`

      // Issue 39: the refund, not a progress that stopped — its amount, where it went, its steps to the end.
      // (A bound for a hang: the refund's steps are read after the order's, and at load ~25 a CI run's took over 10 s.)
      await shopper.page.locator('.refund-step--refunded.refund-step--done:visible').waitFor({ timeout: 60_000 })
      expect(await shopper.page.locator('.to-steps:visible').count()).toBe(0)
      expect(await shopper.page.locator('.refund-step__title:visible').allTextContents()).toEqual(['订单已取消', '款项退回中', '退款成功'])
      expect(await shopper.page.locator('.refund-timeline__amount:visible').textContent()).toBe(yuan(paid.pay_amount))
      expect(await shopper.page.locator('.refund-timeline__to:visible').textContent()).toBe('沙箱收银台（原路退回）')
      // The money as lines on the page: dishes, packing ¥1, delivery ¥3 (within 3 km), paid.
      expect(await shopper.page.locator('.to-money__row:visible .to-row__value').allTextContents()).toEqual([yuan(paid.original_amount), '¥1.00', '¥3.00', yuan(paid.pay_amount)])
      expect(paid.fee_amount).toBe(400)
      await still(shopper.page)
      await shot(shopper.page, 'issue39-timer-refunded-zh')
      expect(await seriousAxe(shopper.page)).toEqual([])
      await shopper.page.locator('.to-money:visible').scrollIntoViewIfNeeded()
      await still(shopper.page)
      await shot(shopper.page, 'issue39-timer-refunded-money-zh')

      // The same page in English, cold by URL.
      const en = await phone(browser)
      try {
        await en.context.addInitScript((v) => window.localStorage.setItem('lang', v), LANG_EN)
        await signedIn(en.page, shopperToken, `/pages/takeout/orderDetail?id=${id}`)
        await en.page.locator('.refund-step--refunded.refund-step--done:visible').waitFor({ timeout: 15000 })
        expect(await en.page.locator('.refund-step__title:visible').allTextContents()).toEqual(['Order cancelled', 'Money on its way back', 'Refunded'])
        expect(await en.page.locator('.to-money__row:visible .to-row__label').allTextContents()).toEqual(['Dishes', 'Packing fee', 'Delivery fee', 'Paid'])
        await still(en.page)
        await shot(en.page, 'issue39-timer-refunded-en')
        expect(await seriousAxe(en.page)).toEqual([])
        expect(en.errors).toEqual([])
      } finally {
        await en.context.close()
      }

      // Order again: the shop's cart refilled with the same dish and options, then its menu.
      await shopper.page.locator('.to-actions__again:visible').click()
      await shopper.page.waitForURL(/\/pages\/takeout\/detail\?id=19/, { timeout: 10000 })
      await settled(shopper.page)
      await shopper.page.locator('.to-bar__count:visible', { hasText: '1' }).waitFor({ timeout: 15000 })
      const cart = JSON.parse((await shopper.page.evaluate(() => window.localStorage.getItem('takeoutCarts'))) ?? '{}') as { data: Record<string, Array<{ dish_id: number; option_ids: number[]; quantity: number }>> }
      expect(cart.data['19']).toEqual([{ dish_id: dish.id, option_ids: [...dish.option_ids].sort((a, b) => a - b), quantity: 1 }])
      await toastGone(shopper.page)
      await still(shopper.page)
      await shot(shopper.page, 'issue39-timer-order-again-menu-zh')
      expect(shopper.errors).toEqual([])
    } finally {
      await api('sandbox/clock', { reset: true })
      await shopper.context.close()
    }
  })
})
