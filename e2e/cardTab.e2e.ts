/**
 * The tabs hold still while they load, and the small links are big enough to tap (issue 24), in Chromium at 375 × 812.
 *
 * Layout, not timing: the page's layout shifts (PerformanceObserver 'layout-shift', those without recent input) are
 * summed from the first paint until the screen is still, and the first box the Card tab's products had is compared
 * with their last. What a slow phone sees — the profile answering after the products are drawn — is made certain by
 * holding `personal.user/info` until the app has drawn its first screen of the page (a condition, not a delay).
 */
import type { Browser, Page } from 'playwright-core'
import { api, BASE, LANG_EN, launch, phone, placeOrder, serverClock, shot, smsCode, still } from './browser'
import { holdFlashSession, releaseServerClock } from '../test-mp/flashClock'

let browser: Browser
/** A shopper who bought a Silver card, with an address. */
let token = ''

beforeAll(async () => {
  // Home (layout, tap targets) shows the flash session on now: the server's clock is held inside one, four hours from
  // either switch (test-mp/flashClock.js), so its strip never changes under a measure; reset after.
  await holdFlashSession(serverClock)
  browser = await launch()
  const phoneNo = '13700008801'
  await api('Captcha/sendSmsCaptcha', { phone: phoneNo })
  token = (await api<{ token: string }>('wechat/bind', { phone: phoneNo, code: await smsCode(phoneNo) })).token
  await placeOrder(token, { kind: 'card', card_id: 1, client_request_id: 'e2e-card-tab-silver' }, true)
  await api('personal.address/save', { name: '王五', mobile: '13600001111', province: '广东省', city: '深圳市', district: '福田区', detail: '华强北路 1 号' }, token)
})

afterAll(async () => {
  await browser?.close()
  await releaseServerClock(serverClock)
})

interface Load {
  page: Page
  close: () => Promise<void>
  /** The layout shifts so far (without recent input), summed, and what moved in each. */
  shifts: () => Promise<{ sum: number; moved: string[] }>
}

/**
 * A cold load of `path` in a fresh phone: the session kept as the app keeps it (Taro's storage, `{"data": token}`)
 * when `signedIn`, English chosen when `en`. `holdProfileUntil`: the profile's answer waits until this selector
 * is in the app's page (outside the server's drawn first screen).
 */
async function coldLoad(path: string, o: { signedIn: boolean; en: boolean; holdProfileUntil?: string }): Promise<Load> {
  const { context, page } = await phone(browser)
  await context.addInitScript(
    ({ session, en }) => {
      if (session) localStorage.setItem('token', JSON.stringify({ data: session }))
      if (en) localStorage.setItem('lang', en)
      const w = window as unknown as { __shift: { sum: number; moved: string[] }; __firstBox: Record<string, { y: number; h: number }> }
      w.__shift = { sum: 0, moved: [] }
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node | null }> }>) {
          if (e.hadRecentInput) continue
          w.__shift.sum += e.value
          w.__shift.moved.push(`${e.value.toFixed(3)}: ${(e.sources ?? []).map((s) => (s.node instanceof Element ? String(s.node.className) : '?')).join(', ')}`)
        }
      }).observe({ type: 'layout-shift', buffered: true })
      // The first box (in a painted frame) of the Card tab's products and card, and of Me's menu, in the app's page.
      w.__firstBox = {}
      let frames = 0
      const look = () => {
        for (const sel of ['.card-products', '.member-card', '.menu-list']) {
          const el = document.querySelector(`.taro_page ${sel}`)
          if (!w.__firstBox[sel] && el && el.getBoundingClientRect().height > 0) w.__firstBox[sel] = { y: el.getBoundingClientRect().y, h: el.getBoundingClientRect().height }
        }
        if (frames++ < 1200) requestAnimationFrame(look)
      }
      requestAnimationFrame(look)
    },
    { session: o.signedIn ? token : '', en: o.en ? LANG_EN : '' },
  )
  const hold = o.holdProfileUntil
  if (hold) {
    await page.route(/\/api\/personal\.user\/info/, async (route) => {
      await page.waitForFunction((sel) => !!document.querySelector(`.taro_page ${sel}`), hold, { timeout: 20000 }).catch(() => undefined)
      await route.continue()
    })
  }
  await page.goto(`${BASE()}${path}`)
  return {
    page,
    close: () => context.close(),
    shifts: () => page.evaluate(() => (window as unknown as { __shift: { sum: number; moved: string[] } }).__shift),
  }
}

const visible = (page: Page, sel: string) => page.locator(`.taro_page ${sel}`).first().waitFor({ state: 'visible', timeout: 20000 })

describe('The Card tab, signed in, cold: the card panel does not push the products down', () => {
  for (const en of [false, true]) {
    it(`${en ? 'English' : 'Chinese'}: the products' first box is their last, the card above them from the start; shifts ≤ 0.1`, async () => {
      const load = await coldLoad('/pages/card/index', { signedIn: true, en, holdProfileUntil: '.card-products, .skeleton' })
      try {
        const { page } = load
        await visible(page, '.member-card')
        await visible(page, '.card-products__when')
        await still(page)
        const boxes = await page.evaluate(() => {
          const w = window as unknown as { __firstBox: Record<string, { y: number; h: number }> }
          const now = (sel: string) => {
            const r = (document.querySelector(`.taro_page ${sel}`) as Element).getBoundingClientRect()
            return { y: r.y, h: r.height }
          }
          return { first: w.__firstBox, last: { '.card-products': now('.card-products'), '.member-card': now('.member-card') } }
        })
        const { sum, moved } = await load.shifts()
        expect(Math.abs(boxes.first['.card-products'].y - boxes.last['.card-products'].y)).toBeLessThanOrEqual(1)
        expect(Math.abs(boxes.first['.member-card'].y - boxes.last['.member-card'].y)).toBeLessThanOrEqual(1)
        expect({ sum: Number(sum.toFixed(3)) <= 0.1 ? 'ok' : sum, moved: Number(sum.toFixed(3)) <= 0.1 ? [] : moved }).toEqual({ sum: 'ok', moved: [] })
        // What the shopper holds is chosen (issue 24: Gold and "Upgrade now" right after buying Silver).
        expect(await page.locator('.taro_page .card-product--chosen .card-product__name').textContent()).toBe(en ? 'Silver card' : '银卡')
        await shot(page, `card-tab-signed-in-${en ? 'en' : 'zh'}`)
      } finally {
        await load.close()
      }
    })
  }
})

describe('Me, signed in, cold: the menu keeps its place while the profile comes', () => {
  for (const en of [false, true]) {
    it(`${en ? 'English' : 'Chinese'}: the menu's first box is its last; shifts ≤ 0.1`, async () => {
      const load = await coldLoad('/pages/personal/index', { signedIn: true, en, holdProfileUntil: '.menu-list' })
      try {
        const { page } = load
        // The profile's (not the places kept for it while it comes).
        await visible(page, '.account-orders:not(.account-orders--pending) .account-orders__count')
        await visible(page, '.account-card:not(.account-card--pending)')
        await still(page)
        const menu = await page.evaluate(() => ({
          first: (window as unknown as { __firstBox: Record<string, { y: number }> }).__firstBox['.menu-list'].y,
          last: (document.querySelector('.taro_page .menu-list') as Element).getBoundingClientRect().y,
        }))
        expect(Math.abs(menu.first - menu.last)).toBeLessThanOrEqual(1)
        const { sum, moved } = await load.shifts()
        expect({ sum: Number(sum.toFixed(3)) <= 0.1 ? 'ok' : sum, moved: Number(sum.toFixed(3)) <= 0.1 ? [] : moved }).toEqual({ sum: 'ok', moved: [] })
        await shot(page, `me-signed-in-${en ? 'en' : 'zh'}`)
      } finally {
        await load.close()
      }
    })
  }
})

describe('Every tab, signed in and out, cold: shifts ≤ 0.1', () => {
  const TABS: Array<[path: string, settledOn: string, signedInOn: string]> = [
    ['/pages/index/index', '.home-grid__label', '.home-grid__label'],
    ['/pages/card/index', '.card-product', '.member-card'],
    ['/pages/orders/index', '.state--empty', '.order-card'],
    ['/pages/personal/index', '.account-header__login', '.account-orders:not(.account-orders--pending) .account-orders__count'],
  ]
  for (const signedIn of [false, true]) {
    it(signedIn ? 'signed in' : 'signed out', async () => {
      const seen: Record<string, number | string[]> = {}
      for (const [path, outOn, inOn] of TABS) {
        const load = await coldLoad(path, { signedIn, en: false })
        try {
          await visible(load.page, signedIn ? inOn : outOn)
          await load.page.waitForLoadState('networkidle')
          await still(load.page)
          const { sum, moved } = await load.shifts()
          if (Number(sum.toFixed(3)) > 0.1) seen[path] = moved
        } finally {
          await load.close()
        }
      }
      expect(seen).toEqual({})
    })
  }
})

describe('Tap targets at least 44 × 44 px (详情›, 编辑/删除, 更多›)', () => {
  const SCREENS: Array<[path: string, selectors: string[], signedIn: boolean]> = [
    ['/pages/index/index', ['.home-flash__more'], false],
    ['/pages/discountBill/index', ['.shop-row__details'], false],
    ['/pages/personal/address', ['.address__edit', '.address__delete'], true],
  ]
  for (const en of [false, true]) {
    it(en ? 'English' : 'Chinese', async () => {
      const small: string[] = []
      for (const [path, selectors, signedIn] of SCREENS) {
        const load = await coldLoad(path, { signedIn, en })
        try {
          for (const sel of selectors) {
            const target = load.page.locator(`.taro_page ${sel}`).first()
            await target.waitFor({ state: 'visible', timeout: 20000 })
            await still(load.page)
            const box = await target.boundingBox()
            if (!box || box.width < 44 || box.height < 44) small.push(`${path} ${sel}: ${box ? `${box.width.toFixed(1)} × ${box.height.toFixed(1)}` : 'no box'}`)
          }
          await shot(load.page, `tap-targets-${path.replace(/\//g, '_')}-${en ? 'en' : 'zh'}`)
        } finally {
          await load.close()
        }
      }
      expect(small).toEqual([])
    })
  }
})
