/**
 * Takeout search (issue 25) on the H5 build: the box on takeout home opens it; typing finds shops and dishes in two
 * groups; a dish opens its shop's menu at that dish. The idle screen (popular words, history), results and nothing
 * found, in zh and en: screenshots at 375×812 (test-results/e2e/takeout-search-*) and axe 0 serious/critical. The
 * list opened at the last category shows its chip on screen. A payment left at the cashier keeps the cart, and the menu
 * says the unpaid order waits (Pay from there empties the cart once the order is paid).
 */
import type { Browser, Page } from 'playwright-core'
import { BASE, LANG_EN, api, launch, logIn, phone, seriousAxe, settled, shot, still, typeInto } from './browser'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

/** A still screen: its shot, and axe finds nothing serious. */
async function look(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() => Array.from(document.images).filter((i) => i.offsetParent !== null && i.currentSrc !== '').every((i) => i.complete && i.naturalWidth > 0), null, { timeout: 10000 })
  await still(page)
  await shot(page, `takeout-search-${name}`)
  expect(await seriousAxe(page)).toEqual([])
}

describe('takeout search', () => {
  it('from takeout home: “拉面” finds the ramen shop and its dishes; a dish opens the menu at it; history kept (zh)', async () => {
    const { page, context, errors } = await phone(browser)
    await page.goto(`${BASE()}/pages/takeout/index`)
    await settled(page)
    // Issue 39: nothing known of where the food goes (no address, location or city): no shops of anywhere, the ways to say where.
    await page.locator('.to-place--unknown:visible').waitFor({ timeout: 15000 })
    expect(await page.locator('.to-place__fix:visible').allTextContents()).toEqual(['选择收货地址', '使用我的位置', '选择城市'])
    expect(await page.locator('.to-shop:visible').count()).toBe(0)
    await look(page, 'home-unknown-zh')
    await page.locator('.to-searchbox__tap:visible').click()
    await page.waitForURL(/\/pages\/takeout\/search/)
    await settled(page)
    await page.locator('.to-search__word--hot:visible').first().waitFor()
    await look(page, 'idle-zh')

    await typeInto(page, '.to-search__input', '拉面')
    await page.locator('.to-hit:visible').first().waitFor({ timeout: 15000 })
    expect(await page.locator('.to-search__section--shops .to-shop__name:visible').allTextContents()).toContain('日式拉面屋')
    const dishes = await page.locator('.to-hit__name:visible').allTextContents()
    expect(dishes).toEqual(expect.arrayContaining(['豚骨拉面', '味噌拉面']))
    await look(page, 'results-zh')

    await page.locator('.to-hit__tap:visible', { hasText: '味噌拉面' }).click()
    await page.waitForURL(/\/pages\/takeout\/detail\?id=11&dish=\d+/)
    await settled(page)
    const found = page.locator('.to-dish--found:visible')
    await found.waitFor({ timeout: 15000 })
    expect(await found.locator('.to-dish__name').textContent()).toBe('味噌拉面')
    // Scrolled to: the dish is on screen.
    await page.waitForFunction(() => {
      const r = document.querySelector('.to-dish--found')?.getBoundingClientRect()
      return !!r && r.top >= 0 && r.bottom <= window.innerHeight
    })
    await shot(page, 'takeout-search-menu-at-dish-zh')

    await page.goto(`${BASE()}/pages/takeout/search`)
    await settled(page)
    expect(await page.locator('.to-search__word--history:visible').allTextContents()).toContain('拉面')
    expect(errors).toEqual([])
    await context.close()
  })

  it('in English: a popular word finds dishes, nothing found says so, and the list shows its category chip (en)', async () => {
    const { page, context, errors } = await phone(browser)
    await context.addInitScript((v) => window.localStorage.setItem('lang', v), LANG_EN)
    await page.goto(`${BASE()}/pages/takeout/search`)
    await settled(page)
    await page.locator('.to-search__word--hot:visible').first().waitFor()
    await look(page, 'idle-en')

    await page.locator('.to-search__word--hot:visible', { hasText: 'beef noodles' }).click()
    await page.locator('.to-hit:visible').first().waitFor({ timeout: 15000 })
    expect(await page.locator('.to-hit__name:visible').allTextContents()).toContain('招牌牛肉面')
    await look(page, 'results-en')

    await typeInto(page, '.to-search__input', 'zzzz')
    await page.locator('.state--empty:visible').waitFor({ timeout: 15000 })
    expect((await page.locator('.state--empty .state__title:visible').textContent())?.trim()).toBe('No takeout found for “zzzz”')
    await look(page, 'none-en')

    // The list opened at the last category: its chip is scrolled into view.
    await page.goto(`${BASE()}/pages/takeout/list?category=5`)
    await settled(page)
    const chip = page.locator('.to-chip--on:visible')
    await chip.waitFor({ timeout: 15000 })
    expect(await chip.textContent()).toBe('Regional cuisine')
    await page.waitForFunction(() => {
      const r = document.querySelector('.to-chip--on')?.getBoundingClientRect()
      return !!r && r.left >= 0 && r.right <= window.innerWidth
    })
    await shot(page, 'takeout-search-list-chip-en')
    expect(errors).toEqual([])
    await context.close()
  })
})

describe('a payment left at the cashier', () => {
  it('the cart stays, the menu says the unpaid order waits (zh, en); paid from there, the cart is emptied', async () => {
    const { page, context, errors } = await phone(browser)
    const token = await logIn(page, '13800000263')
    await api('personal.address/save', { name: '李雷', mobile: '13600002222', province: '广东省', city: '深圳市', district: '福田区', detail: '福华三路 88 号', is_default: true }, token)
    const menu = (await (await fetch(`${BASE()}/api/hui_public.takeout_shop/menu?shop_id=19`)).json()) as { data: { dishes: Array<{ id: number; name: string }> } }
    const dish = menu.data.dishes.find((d) => d.name === '芒果班戟')
    expect(dish).toBeDefined()
    await page.evaluate((id) => window.localStorage.setItem('takeoutCarts', JSON.stringify({ data: { '19': [{ dish_id: id, option_ids: [], quantity: 1 }] } })), dish?.id ?? 0)

    await page.goto(`${BASE()}/pages/takeout/confirmOrder?shop_id=19`)
    await settled(page)
    await page.locator('.to-pay__amount:visible', { hasText: '¥' }).waitFor({ timeout: 15000 })
    await page.locator('.to-pay__btn:visible').click()
    await page.waitForURL(/\/sandbox\/cashier/, { timeout: 15000 })
    // The shopper gives up paying and comes back to the shop.
    await page.goto(`${BASE()}/pages/takeout/detail?id=19`)
    await settled(page)
    await page.locator('.pending-order:visible').waitFor({ timeout: 15000 })
    expect(await page.locator('.to-bar__count:visible').textContent()).toBe('1')
    expect(await page.locator('.pending-order__title:visible').textContent()).toBe('你有一笔订单还没有支付')
    await look(page, 'menu-unpaid-zh')
    await page.evaluate((v) => window.localStorage.setItem('lang', v), LANG_EN)
    await page.reload()
    await settled(page)
    await page.locator('.pending-order:visible').waitFor({ timeout: 15000 })
    expect(await page.locator('.pending-order__title:visible').textContent()).toBe('You have an order waiting to be paid')
    await look(page, 'menu-unpaid-en')

    await page.locator('.pending-order__pay:visible').click()
    await page.waitForURL(/\/sandbox\/cashier/, { timeout: 15000 })
    await page.locator('#pay').click()
    await page.waitForURL(/\/pages\/takeout\/orderDetail\?id=\d+/, { timeout: 15000 })
    await settled(page)
    await page.locator('.to-status--awaiting_accept:visible').waitFor({ timeout: 15000 })
    await page.waitForFunction(() => !(window.localStorage.getItem('takeoutCarts') ?? '').includes('"19"'))
    await page.goto(`${BASE()}/pages/takeout/detail?id=19`)
    await settled(page)
    await page.locator('.to-dish:visible').first().waitFor({ timeout: 15000 })
    expect(await page.locator('.to-bar__count:visible').count()).toBe(0)
    expect(await page.locator('.pending-order:visible').count()).toBe(0)
    expect(errors).toEqual([])
    await context.close()
  })
})
