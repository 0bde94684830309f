/**
 * Takeout (issue 25) on the H5 build: home → a shop's menu → a dish with options → the cart kept across a reload →
 * confirm, where an address beyond the shop's radius is refused as soon as it is chosen (before paying) → the
 * sandbox cashier → the order page, which shows the store's acceptance (through the store API, staff of shop 19)
 * without a reload: a marker set on `window` before is still there after. Then axe (0 serious/critical) on every
 * takeout screen and state in zh and en, with screenshots at 375×812 (test-results/e2e/takeout-*).
 */
import type { Browser, Page } from 'playwright-core'
import { BASE, LANG_EN, api, db, launch, logIn, phone, placeOrder, seriousAxe, sessionOf, settled, shot, still, typeInto, visibleTitle } from './browser'

/** 茶见奶茶, Shenzhen 福田区, open round the clock, 3 km radius, pickup offered (server/demo/seedTakeout.ts). */
const SHOP = 19
const STAFF = '19900000019'
const SHOPPER = '13800000251'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

/** The store's staff (storeTakeout and takeoutLive log the same phone in: sessionOf reuses a session within the minute). */
const staffToken = (): Promise<string> => sessionOf(STAFF)

/** A still screen: its shot, and axe finds nothing serious. */
async function look(page: Page, name: string): Promise<void> {
  // The server's demo artwork drawn (every picture on screen loaded, not only settled).
  await page.waitForFunction(() => Array.from(document.images).filter((i) => i.offsetParent !== null && i.currentSrc !== '').every((i) => i.complete && i.naturalWidth > 0), null, { timeout: 10000 })
  await still(page)
  await shot(page, `takeout-${name}`)
  expect(await seriousAxe(page)).toEqual([])
}

const cartCount = (page: Page) => page.locator('.to-bar__count:visible').textContent()

/** Issue 39: the cart bar's fee lines each whole inside the bar ("另需配送费约 ¥…" was cut at 375 px). */
const feesWhole = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('.to-bar__fees-line'))
      .filter((e) => e.offsetParent !== null)
      .map((e) => ({ text: e.textContent, whole: e.scrollWidth <= e.clientWidth + 1 && e.getBoundingClientRect().right <= (e.closest('.to-bar__sum') as HTMLElement).getBoundingClientRect().right + 1 })),
  )

/** What a tap at the centre of the visible element reaches is that element (nothing drawn over it). */
const onTop = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const el = Array.from(document.querySelectorAll<HTMLElement>(sel)).find((e) => e.offsetParent !== null)
    if (!el) return false
    const r = el.getBoundingClientRect()
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
    return hit !== null && (el === hit || el.contains(hit))
  }, selector)

let afterErrors: string[] = []
afterEach(() => {
  if (afterErrors.length) console.log(afterErrors.join('\n'))
  afterErrors = []
})

describe('takeout', () => {
  let token = ''

  it('menu with options → cart kept across a reload → out-of-range address refused before paying → pay → the store accepts → shown without a reload', async () => {
    const { page, context, errors } = await phone(browser)
    page.on('requestfailed', (r) => errors.push(`failed ${r.url()}`))
    afterErrors = errors
    token = await logIn(page, SHOPPER)
    // Two addresses: 福田区 (the district's centre, ~0.7 km from the shop) and 南山区 (~12 km: beyond its 3 km).
    await api<{ info: { id: number } }>('personal.address/save', { name: '李雷', mobile: '13600002222', province: '广东省', city: '深圳市', district: '福田区', detail: '福华三路 88 号', is_default: true }, token)
    await api<{ info: { id: number } }>('personal.address/save', { name: '韩梅梅', mobile: '13600003333', province: '广东省', city: '深圳市', district: '南山区', detail: '科技园南区 2 栋' }, token)
    // The city Home remembers.
    await page.evaluate(() => window.localStorage.setItem('city', JSON.stringify({ data: { id: 1, name: '深圳' } })))

    await page.goto(`${BASE()}/pages/takeout/index`)
    await settled(page)
    await page.locator('.to-shop:visible').first().waitFor({ timeout: 15000 })
    await page.locator('.to-cat:visible').first().waitFor()
    await look(page, 'home-zh')
    // Issue 39: listed by the default address — only shops that deliver there, each with its distance; never Guangzhou's.
    expect(await page.locator('.to-place__where:visible').textContent()).toContain('福华三路 88 号')
    const listed = await page.locator('.to-shop__name:visible').allTextContents()
    expect(listed).toContain('茶见奶茶')
    expect(listed).not.toContain('老马家牛肉面')
    expect(await page.locator('.to-shop__distance:visible').count()).toBe(listed.length)

    await page.locator('.to-shop:visible', { hasText: '茶见奶茶' }).click()
    await page.waitForURL(new RegExp(`/pages/takeout/detail\\?id=${SHOP}`))
    await settled(page)
    await page.locator('.to-dish:visible').first().waitFor({ timeout: 15000 })
    await look(page, 'menu-zh')

    // Issue 39: a tap on a dish opens its detail (photo, description), closed by its close button.
    await page.locator('.to-dish:visible', { hasText: '芒果班戟' }).locator('.to-dish__name').click()
    await page.locator('.to-opts__panel:visible .to-opts__img').waitFor()
    expect(await page.locator('.to-opts__desc:visible').textContent()).toBe('2 只装')
    await look(page, 'dish-zh')
    await page.locator('.form-sheet__close:visible').click()
    await page.locator('.to-opts__panel').waitFor({ state: 'detached' })

    // The side menu and the dishes keep in step, by the sections' measured positions: a tap scrolls its section under
    // the bar; scrolling the dishes back up moves the side menu with them.
    await page.locator('.to-menu__cat:visible', { hasText: '甜品' }).click()
    await page.locator('.to-menu__cat--on:visible', { hasText: '甜品' }).waitFor()
    // Its section's top reaches the bar's bottom (within a few px).
    await page.waitForFunction(
      () => {
        const shown = Array.from(document.querySelectorAll('.taro_page')).find((p) => !p.classList.contains('taro_page_shade'))
        const nav = shown?.querySelector('.nav-bar')?.getBoundingClientRect().bottom ?? 0
        const sec = Array.from(shown?.querySelectorAll('.to-sec') ?? []).find((el) => el.textContent?.includes('芒果班戟'))
        return sec !== undefined && Math.abs(sec.getBoundingClientRect().top - nav) < 6
      },
      null,
      { timeout: 5000 },
    )
    // The shopper scrolls back up (on H5 the page's own element scrolls).
    await page.locator('.to-menu:visible').evaluate((el) => el.closest('.taro_page')?.scrollTo(0, 0))
    await page.locator('.to-menu__cat--on:visible', { hasText: '奶茶' }).waitFor({ timeout: 5000 })

    // 珍珠奶茶: large cup (+¥3), extra pearls (+¥2); the required groups start on their first option.
    await page.locator('.to-dish:visible', { hasText: '珍珠奶茶' }).locator('.to-dish__choose').click()
    await page.locator('.to-opts__panel:visible').waitFor()
    await page.locator('.to-opt:visible', { hasText: '大杯' }).click()
    await page.locator('.to-opt:visible', { hasText: '珍珠 +¥2.00' }).click()
    expect(await page.locator('.to-opts__total:visible').textContent()).toContain('20.00')
    await look(page, 'options-zh')
    await page.locator('.to-opts__add:visible').click()
    // 芒果班戟 has no options: + adds it at once.
    await page.locator('.to-dish:visible', { hasText: '芒果班戟' }).locator('.to-step--more').click()
    expect(await cartCount(page)).toBe('2')
    expect(await page.locator('.to-bar__total:visible').textContent()).toContain('36.00')
    expect(await feesWhole(page)).toEqual([
      { text: '打包费 ¥1.00', whole: true },
      { text: '另需配送费约 ¥3.00', whole: true },
    ])
    await look(page, 'menu-cart-zh')

    // The cart survives a reload (kept in storage, one per shop).
    await page.reload()
    await settled(page)
    await page.locator('.to-bar__count:visible').waitFor({ timeout: 15000 })
    expect(await cartCount(page)).toBe('2')
    await page.locator('.to-bar__cart:visible').click()
    await page.locator('.to-cart__line:visible').first().waitFor()
    expect(await page.locator('.to-cart__opts:visible').first().textContent()).toContain('大杯')
    await look(page, 'cart-sheet-zh')
    // Issue 39: the sheet opens above the bar: Checkout stays in sight and is what a tap there reaches.
    expect(await onTop(page, '.to-bar__go')).toBe(true)
    await page.locator('.form-sheet__scrim:visible').click({ position: { x: 10, y: 10 } })

    await page.locator('.to-bar__go:visible').click()
    await page.waitForURL(/\/pages\/takeout\/confirmOrder\?shop_id=19/)
    await settled(page)
    await page.locator('.to-pay__amount:visible', { hasText: '¥' }).waitFor({ timeout: 15000 })
    await look(page, 'confirm-zh')

    // Issue 39: the times by day — today's (with "as soon as possible"), then tomorrow's … — not one long list.
    await page.locator('.to-row--time:visible').click()
    await page.locator('.to-times:visible').waitFor()
    const days = await page.locator('.to-times__day:visible').allTextContents()
    expect(days[0]).toBe('今天')
    expect(days[1]).toMatch(/^明天\d{2}-\d{2}$/)
    expect(await page.locator('.to-times__time--asap.to-times__time--on:visible').count()).toBe(1)
    await look(page, 'times-zh')
    await page.locator('.form-sheet__close:visible').click()
    await page.locator('.to-times').waitFor({ state: 'detached' })

    // The address beyond the radius: refused as soon as it is chosen, nothing to pay.
    await page.locator('.to-row--address:visible').click()
    await page.waitForURL(/\/pages\/personal\/address\?select=1/)
    await settled(page)
    await page.locator('.address:visible', { hasText: '韩梅梅' }).click()
    await page.waitForURL(/\/pages\/takeout\/confirmOrder/)
    await settled(page)
    const refusal = page.locator('.quote-error__text:visible')
    await refusal.waitFor({ timeout: 15000 })
    expect(await refusal.textContent()).toMatch(/超出 3(\.0)? 公里配送范围/)
    expect(await page.locator('.to-pay__btn:visible').isDisabled()).toBe(true)
    await look(page, 'confirm-out-of-range-zh')
    expect(db<{ n: number }>("SELECT COUNT(*) AS n FROM orders o JOIN users u ON u.id = o.user_id WHERE u.phone = ? AND o.kind = 'takeout'", SHOPPER).n).toBe(0)

    // Issue 39: an address added from here ("新增地址") comes back chosen, without a second tap in the list.
    await page.locator('.to-row--address:visible').click()
    await page.waitForURL(/\/pages\/personal\/address\?select=1/)
    await settled(page)
    await page.locator('.address-add:visible').click()
    await page.waitForURL(/\/pages\/personal\/newAddress\?select=1/)
    await settled(page)
    expect(await visibleTitle(page)).toBe('新增地址')
    await typeInto(page, '.address-form__name', '王小二')
    await typeInto(page, '.address-form__mobile', '13911113333')
    await page.locator('.address-form__region:visible').click()
    await page.locator('.weui-picker__action:visible').last().click()
    await typeInto(page, '.address-form__detail', '新街口 1 号')
    await page.locator('.address-form__save:visible').click()
    await page.waitForURL(/\/pages\/takeout\/confirmOrder/)
    await settled(page)
    await page.locator('.to-row--address:visible', { hasText: '王小二' }).waitFor({ timeout: 10000 })

    // Back to the address in range: priced, pay.
    await page.locator('.to-row--address:visible').click()
    await page.waitForURL(/\/pages\/personal\/address\?select=1/)
    await settled(page)
    await page.locator('.address:visible', { hasText: '李雷' }).click()
    await page.waitForURL(/\/pages\/takeout\/confirmOrder/)
    await settled(page)
    await page.locator('.to-pay__amount:visible', { hasText: '¥' }).waitFor({ timeout: 15000 })
    expect(await page.locator('.quote-error:visible').count()).toBe(0)
    await page.locator('.to-pay__btn:visible').click()

    // Issue 39: back from the cashier without paying — Confirm says the unpaid order (Pay, Cancel), and "Place
    // order" again goes on with that order, not a second one.
    await page.waitForURL(/\/sandbox\/cashier/, { timeout: 15000 })
    await page.goBack()
    await page.waitForURL(/\/pages\/takeout\/confirmOrder/)
    await settled(page)
    await page.locator('.pending-order:visible').waitFor({ timeout: 15000 })
    await page.locator('.to-pay__amount:visible', { hasText: '¥' }).waitFor({ timeout: 15000 })
    await look(page, 'confirm-unpaid-zh')
    await page.locator('.to-pay__btn:visible').click()
    await page.waitForURL(/\/sandbox\/cashier/, { timeout: 15000 })
    expect(db<{ n: number }>("SELECT COUNT(*) AS n FROM orders o JOIN users u ON u.id = o.user_id WHERE u.phone = ? AND o.kind = 'takeout'", SHOPPER).n).toBe(1)
    await page.locator('#pay').click()
    await page.waitForURL(/\/pages\/takeout\/orderDetail\?id=\d+/, { timeout: 15000 })
    await settled(page)
    await page.locator('.to-status--awaiting_accept:visible').waitFor({ timeout: 15000 })
    const orderId = Number(new URL(page.url()).searchParams.get('id'))
    expect(db<{ status: number; kind: string }>('SELECT status, kind FROM orders WHERE id = ?', orderId)).toEqual({ status: 10, kind: 'takeout' })
    await look(page, 'order-awaiting-zh')

    // The store accepts through its API; the page shows it by itself.
    await page.evaluate(() => {
      ;(window as unknown as { __takeoutMarker: number }).__takeoutMarker = 42
    })
    const staff = await staffToken()
    await api('hui_shanghu.store_takeout/accept', { id: orderId }, staff)
    await page.locator('.to-status--accepted:visible').waitFor({ timeout: 10000 })
    expect(await page.evaluate(() => (window as unknown as { __takeoutMarker?: number }).__takeoutMarker)).toBe(42)
    expect(await page.locator('.to-step-row--done:visible', { hasText: '商家已接单' }).count()).toBe(1)
    await look(page, 'order-accepted-zh')

    // Out for delivery, with the rider: their number in full with Call for the order's shopper while it is on the way
    // (issue 39, docs/decisions/2026-12-06-takeout-calls-and-ratings.md; masked again once delivered: takeoutLive.e2e.ts).
    await api('hui_shanghu.store_takeout/dispatch', { id: orderId, rider_name: '张师傅', rider_phone: '13912345678' }, staff)
    await page.locator('.to-status--delivering:visible').waitFor({ timeout: 10000 })
    expect(await page.locator('.to-rider__text:visible').textContent()).toContain('张师傅')
    expect(await page.locator('.to-rider__phone:visible').textContent()).toBe('13912345678')
    expect(await page.evaluate(() => (window as unknown as { __takeoutMarker?: number }).__takeoutMarker)).toBe(42)
    await look(page, 'order-delivering-zh')

    // The cart was emptied by the order.
    expect(await page.evaluate(() => window.localStorage.getItem('takeoutCarts'))).not.toContain('"19"')

    // The store pauses taking orders: the menu says so on the server's word, and there is no checkout.
    await api('hui_shanghu.store_takeout/pause', { paused: true }, staff)
    try {
      await page.goto(`${BASE()}/pages/takeout/detail?id=${SHOP}`)
      await settled(page)
      await page.locator('.to-dish:visible').first().waitFor({ timeout: 15000 })
      await page.locator('.to-dish:visible', { hasText: '芒果班戟' }).locator('.to-step--more').click()
      expect(await page.locator('.to-bar__state:visible').textContent()).toBe('商家暂停接单')
      expect(await page.locator('.to-head__open--paused:visible').count()).toBe(1)
      expect(await page.locator('.to-bar__go:visible').isDisabled()).toBe(true)
      await look(page, 'menu-paused-zh')
    } finally {
      await api('hui_shanghu.store_takeout/pause', { paused: false }, staff)
    }
    await context.close()
  })

  it('every takeout screen in English: axe finds nothing serious; My orders lists the takeout order with its state', async () => {
    const { page, context } = await phone(browser)
    await context.addInitScript((v) => window.localStorage.setItem('lang', v), LANG_EN)
    await page.goto(`${BASE()}/pages/personal/index`)
    await page.evaluate((tk) => window.localStorage.setItem('token', JSON.stringify({ data: tk })), token)
    // A member: the menu shows "Member" prices beside the list prices (where the Options button was pushed out of its card).
    await placeOrder(token, { kind: 'card', card_id: 1, client_request_id: 'takeout-en-card' }, true)
    await page.evaluate(() => window.localStorage.setItem('city', JSON.stringify({ data: { id: 1, name: 'Shenzhen' } })))

    await page.goto(`${BASE()}/pages/takeout/index`)
    await settled(page)
    await page.locator('.to-shop:visible').first().waitFor({ timeout: 15000 })
    await look(page, 'home-en')

    await page.goto(`${BASE()}/pages/takeout/list?category=4`)
    await settled(page)
    await page.locator('.to-shop:visible').first().waitFor({ timeout: 15000 })
    expect(await page.locator('.to-chip--on:visible').textContent()).toBe('Tea & desserts')
    await look(page, 'list-en')
    await page.locator('.to-sort--sales:visible').click()
    await page.locator('.to-sort--sales.to-sort--on:visible').waitFor()

    await page.goto(`${BASE()}/pages/takeout/detail?id=${SHOP}`)
    await settled(page)
    await page.locator('.to-dish:visible').first().waitFor({ timeout: 15000 })
    await page.locator('.to-dish:visible', { hasText: '杨枝甘露' }).locator('.to-dish__choose').click()
    await page.locator('.to-opts__panel:visible').waitFor()
    await look(page, 'options-en')
    await page.locator('.to-opts__add:visible').click()
    await look(page, 'menu-cart-en')
    // Issue 39: each Options button inside its dish's row, clear of the price; the bar's fees whole.
    const boxes = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>('.to-dish'))
        .filter((d) => d.offsetParent !== null && d.querySelector('.to-dish__choose'))
        .map((d) => {
          const row = d.getBoundingClientRect()
          const btn = (d.querySelector('.to-dish__choose') as HTMLElement).getBoundingClientRect()
          const price = (d.querySelector('.to-price') as HTMLElement).getBoundingClientRect()
          return { inside: btn.left >= row.left && btn.right <= row.right && btn.right <= window.innerWidth, clear: price.right <= btn.left + 1 }
        }),
    )
    expect(boxes.length).toBeGreaterThan(0)
    expect(boxes.every((b) => b.inside && b.clear)).toBe(true)
    expect((await feesWhole(page)).every((f) => f.whole)).toBe(true)

    await page.locator('.to-bar__go:visible').click()
    await page.waitForURL(/\/pages\/takeout\/confirmOrder/)
    await settled(page)
    await page.locator('.to-pay__amount:visible', { hasText: '¥' }).waitFor({ timeout: 15000 })
    await look(page, 'confirm-en')
    await page.locator('.to-mode--pickup:visible').click()
    await page.locator('.to-pay__amount:visible', { hasText: '¥' }).waitFor({ timeout: 15000 })
    await look(page, 'confirm-pickup-en')
    await page.locator('.to-row--time:visible').click()
    await page.locator('.to-times:visible').waitFor()
    expect((await page.locator('.to-times__day:visible').allTextContents())[0]).toBe('Today')
    await look(page, 'confirm-time-sheet-en')

    const orderId = db<{ id: number }>("SELECT o.id FROM orders o JOIN users u ON u.id = o.user_id WHERE u.phone = ? AND o.kind = 'takeout' ORDER BY o.id DESC LIMIT 1", SHOPPER).id
    await page.goto(`${BASE()}/pages/takeout/orderDetail?id=${orderId}`)
    await settled(page)
    await page.locator('.to-status--delivering:visible').waitFor({ timeout: 15000 })
    await look(page, 'order-delivering-en')

    // My orders: the takeout order with its live state; it opens the takeout page.
    await page.goto(`${BASE()}/pages/orders/index`)
    await settled(page)
    const card = page.locator('.order-card:visible', { hasText: '茶见奶茶' }).first()
    await card.waitFor({ timeout: 15000 })
    expect(await card.locator('.order-card__status').textContent()).toBe('Delivering')
    await card.locator('.order-card__name').click()
    await page.waitForFunction((id) => location.pathname === '/pages/takeout/orderDetail' && location.search.includes(`id=${id}`), orderId, { timeout: 10000 }).catch(async (e: unknown) => {
      throw new Error(`${String(e)} at ${page.url()}`)
    })

    // A shop that does not exist: not found, with the way home.
    await page.goto(`${BASE()}/pages/takeout/detail?id=99999`)
    await settled(page)
    await page.locator('.state--empty:visible').waitFor({ timeout: 15000 })
    await look(page, 'menu-not-found-en')
    await context.close()
  })
})
