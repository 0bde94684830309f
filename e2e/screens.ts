/**
 * The finished screens of the H5 build, one catalogue for the tests that open every one of them (axe.e2e.ts,
 * english.e2e.ts): where each is, what shows once its content is in, and what to do before reading it. What
 * only one test needs stays in that test (english's allowed Chinese, axe's stricter "ready" where it waits for
 * pictures and codes).
 */
import type { Page } from 'playwright-core'
import { BASE, api, serverClock, tokenOf, typeInto } from './browser'
import { liveFlashProduct } from '../test-mp/flashClock'

export interface Screen {
  /** Short name, for the test title, the report and the screenshot. */
  name: string
  /** Path with query; PAID is replaced by the id of the paid order the test created. */
  url: string
  /** A class the loaded screen shows (its content, not the skeleton). */
  ready: string
  /** Open in a fresh context with nobody logged in (Authorization). */
  anonymous?: boolean
  /** Open as store staff (the test's staff login of shop 1), not as the shopper: the store workbench. */
  staff?: boolean
  /** Something to set up on the page before the screen is opened. */
  before?: (page: Page) => Promise<void>
  /** Something to do once the screen is loaded, before it is read. */
  act?: (page: Page) => Promise<void>
}

/** An allowed address for the web view (.env: *.example.com), answered by the test instead of the network. */
export const EXAMPLE_PAGE = 'https://www.example.com/e2e/hello.html'

/** Answer the example page from the test: a small page of its own, so the frame loads offline. */
export async function serveExamplePage(page: Page): Promise<void> {
  await page.route(`${EXAMPLE_PAGE}*`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: '<!doctype html><html lang="en"><head><title>Example</title></head><body><main><h1>An example page</h1></main></body></html>' }),
  )
}

/** The web view, opened on an allowed page. */
export const WEB_VIEW_URL = `/pages/webView/index?url=${encodeURIComponent(EXAMPLE_PAGE)}`

/** Amount 100 on the keypad, so the whole Pay a bill form shows (payable, capital numerals). */
async function typeHundred(page: Page): Promise<void> {
  for (const d of '100') await page.locator(`.keypad__key--${d}:visible`).click()
  await page.locator('.bill__capital:visible').waitFor({ timeout: 10000 })
}

/** The finished routes (fuel included), the store workbench (staff), Home with and without location, plus Signed-in devices and Delete account, merchant sign-up, the web view. */
export const SCREENS: Screen[] = [
  { name: 'home', url: '/pages/index/index', ready: '.shop-row' },
  { name: 'search', url: '/pages/index/search', ready: '.search__word' },
  { name: 'me', url: '/pages/personal/index', ready: '.account-orders__item[role="link"]' },
  { name: 'addresses', url: '/pages/personal/address', ready: '.address__name' },
  { name: 'new-address', url: '/pages/personal/newAddress', ready: '.address-form__save' },
  { name: 'signed-in-devices', url: '/pages/personal/sessions', ready: '.session--current' },
  // With the catalogue's shipped parcel the orders that block it show instead of the final step (issue 39): either is drawn.
  { name: 'delete-account', url: '/pages/personal/deleteAccount', ready: '.delete-account__submit:visible, .delete-account__blocked' },
  { name: 'authorization', url: '/pages/accountBind/index', ready: '.bind__submit', anonymous: true },
  { name: 'discount-bill', url: '/pages/discountBill/index', ready: '.shop-row' },
  { name: 'shop-details', url: '/pages/shops/details?id=1', ready: '.comment' },
  { name: 'pay-bill', url: '/pages/payBill/index?shop_id=1', ready: '.bill__shop-name', act: typeHundred },
  { name: 'payment-success', url: '/pages/payBill/success?id=PAID', ready: '.pay-result__status' },
  { name: 'gold-plan', url: '/pages/orders/orderInfo?id=PAID', ready: '.gold__paid-amount' },
  { name: 'my-orders', url: '/pages/orders/index', ready: '.order-card' },
  { name: 'order-detail', url: '/pages/orders/detail?id=PAID', ready: '.order-detail__status-text' },
  { name: 'membership-card', url: '/pages/card/index', ready: '.card-product' },
  { name: 'my-cards', url: '/pages/card/my', ready: '.member-card' },
  { name: 'old-my-cards', url: '/pages/card/my_old', ready: '.my-cards-compact__row' },
  { name: 'card-records', url: '/pages/card/records', ready: '.record' },
  { name: 'card-page', url: '/pages/card/vipCord', ready: '.till__name' },
  { name: 'value-coupons', url: '/pages/card/ticketList', ready: '.coupon' },
  { name: 'code-unknown', url: '/pages/code/index?scene=NOPE-404', ready: '.state--empty' },
  { name: 'web-view-refused', url: `/pages/webView/index?url=${encodeURIComponent('javascript:alert(1)')}`, ready: '.state--empty' },
  { name: 'web-view', url: WEB_VIEW_URL, ready: '.web-page__frame iframe', before: serveExamplePage },
  // Merchant sign-up (issue 26): the form, and every field's check after Submit; its statuses (submitted, rejected,
  // approved) are read by axe in e2e/merchantSignUp.e2e.ts, which makes them.
  { name: 'merchant-sign-up', url: '/pages/shopRegister/index', ready: '.mc-submit' },
  {
    name: 'merchant-sign-up-checks',
    url: '/pages/shopRegister/index',
    ready: '.mc-submit',
    act: async (page) => {
      await page.locator('.mc-submit:visible').click()
      await page.locator('.mc-error--agreed:visible').waitFor({ timeout: 10000 })
    },
  },
  // Discount day (issue 26): the next day counted down, the month's calendar, the shops taking part (e2e/discountDay.e2e.ts
  // checks the discount-day line of Pay a bill).
  { name: 'discount-day', url: '/pages/discountsDay/index', ready: '.dday-cal__row' },
  // Takeout search (issue 25): the idle screen, popular words.
  { name: 'takeout-search', url: '/pages/takeout/search', ready: '.to-search__word--hot' },
  // Jobs (issue 26): the list (the screen's city, no location) and a posting (the contact behind its button).
  { name: 'jobs', url: '/pages/recruit/index', ready: '.job-card' },
  { name: 'job-detail', url: '/pages/recruit/detail?id=1', ready: '.job__title' },
  {
    name: 'job-contact',
    url: '/pages/recruit/detail?id=1',
    ready: '.job__title',
    act: async (page) => {
      await page.locator('.job__contact .job__btn:visible').click()
      await page.locator('.job__copy:visible').waitFor({ timeout: 10000 })
    },
  },
  {
    name: 'job-report-sheet',
    url: '/pages/recruit/detail?id=2',
    ready: '.job__title',
    act: async (page) => {
      await page.locator('.job__report-btn:visible').click()
      await page.locator('.sheet__item:visible').first().waitFor({ timeout: 10000 })
    },
  },
  { name: 'jobs-empty', url: `/pages/recruit/index`, ready: '.job-card', act: async (page) => {
    await typeInto(page, '.jobs__input', '没有这种职位')
    await page.locator('.state--empty:visible').waitFor({ timeout: 10000 })
  } },
  // The referral contest (issue 26): countdown, prizes, my standing, the board, the rules.
  { name: 'referral-contest', url: '/pages/activity/competition', ready: '.referral__board' },
  // The store workbench (issue 12): a shopper who opens it reads "no permission"; staff of shop 1 see their store.
  { name: 'store-no-permission', url: '/pages/store/index', ready: '.state--empty' },
  { name: 'store-workbench', url: '/pages/store/index', ready: '.workbench__shop', staff: true },
  { name: 'store-verify-refused', url: '/pages/store/verify', ready: '.verify__input', staff: true, act: verifyUnknownCode },
  { name: 'store-orders', url: '/pages/store/orders', ready: '.store-card', staff: true },
  // Takeout in the workbench (issue 25): shop 1 takes takeout; its list (the tabs, empty or not) and its settings.
  { name: 'store-takeout', url: '/pages/store/takeout', ready: '.store-takeout-tabs', staff: true },
  // The takeout settings need a restaurant's staff (the staff here run a shop without takeout): axe checks them in storeTakeout.e2e.ts.
  // REFUNDING: a paid bill at shop 1 whose refund the shopper asked for (approve and reject offered).
  { name: 'store-order', url: '/pages/store/order?id=REFUNDING', ready: '.store-order__approve', staff: true },
  // Jobs in the workbench (issue 26): the staff's shop's postings (a seeded one at least); the form and the expired state are checked in storeJobs.e2e.ts.
  { name: 'store-jobs', url: '/pages/store/jobs', ready: '.store-job', staff: true },
  // Staff and invites (issue 26): the Staff screen as staff see it (the list, no controls); the owner's invite, the join
  // screen and removal are in staffInvite.e2e.ts. The invite link's screen with a link never made (a shopper): says so.
  { name: 'store-staff', url: '/pages/store/staff', ready: '.staff-member', staff: true },
  // The shop's profile (issue 44): the three screens as staff read them (no controls); the owner's, with the controls, and
  // the shop's page with an introduction are checked in shopProfile.e2e.ts.
  { name: 'store-profile', url: '/pages/store/profile', ready: '.sp-name__current', staff: true },
  { name: 'store-hours', url: '/pages/store/hours', ready: '.hours-day', staff: true },
  { name: 'store-intro', url: '/pages/store/intro', ready: '.intro-preview', staff: true },
  // The shop's menu, coupons and change history (issue 44) as staff see them: the menu to read (shop 5 has no takeout:
  // delivery not set up, the owner's note); coupons and the history are the owner's, said so. The owner's screens (the
  // menu being built, a dish with options, delivery, the coupon form and list, the history) are read by axe in zh and
  // en on a newly approved shop in shopOwner.e2e.ts.
  { name: 'store-menu', url: '/pages/store/menu', ready: '.shop-menu__owner-only', staff: true },
  { name: 'store-coupons-owner-only', url: '/pages/store/coupons', ready: '.state--empty', staff: true },
  { name: 'store-changes-owner-only', url: '/pages/store/changes', ready: '.state--empty', staff: true },
  { name: 'store-join-dead-link', url: '/pages/store/join?code=AAAAAAAAAAAAAAAAAAAAAA', ready: '.state--empty' },
  // Location (issue 13): Home with the browser's location (distances, nearest first), and after a refusal (the hint).
  { name: 'home-located', url: '/pages/index/index', ready: '.shop-row__distance', before: locateIn({ latitude: 22.575, longitude: 113.99 }) },
  { name: 'home-location-denied', url: '/pages/index/index', ready: '.loc-bar__ask', before: (page) => page.context().clearPermissions(), act: refuseLocation },
  // Fuel (issue 13): the stations (no location in the test browser: the city path), a station's form with the
  // server's quote, and the price-moved confirmation.
  { name: 'fuel-stations', url: '/pages/payBill/oil', ready: '.fuel-station' },
  { name: 'fuel-form', url: '/pages/payBill/oil?station_id=6', ready: '.fuel-form__name', act: fuelQuote },
  { name: 'fuel-price-moved', url: '/pages/payBill/oil?station_id=6', ready: '.fuel-form__name', act: fuelPriceMoved },
  // Pay steps (issue 24): a link to no shop or station is "not found" with Back home (no order: axe.e2e.ts, its title
  // is not the route's); an unpaid bill left at the cashier is said above Pay a bill (shop 2) with Pay and Cancel.
  { name: 'pay-bill-not-found', url: '/pages/payBill/index?shop_id=99999', ready: '.state--empty' },
  { name: 'fuel-not-found', url: '/pages/payBill/oil?station_id=99999', ready: '.state--empty' },
  { name: 'pay-bill-pending-order', url: '/pages/payBill/index?shop_id=2', ready: '.pending-order__pay', before: leaveBillUnpaid },
  // Parcels (issue 14): the shopper's Logistics of a shipped mall order, and the store's parcel to ship with its sheet.
  { name: 'logistics', url: '/pages/logistics/index?id=PARCEL', ready: '.parcel__confirm' },
  { name: 'store-order-to-ship', url: '/pages/store/order?id=TOSHIP', ready: '.store-order__ship', staff: true },
  {
    name: 'store-ship-sheet',
    url: '/pages/store/order?id=TOSHIP',
    ready: '.store-order__ship',
    staff: true,
    act: async (page) => {
      await page.locator('.store-order__ship:visible').click()
      await typeInto(page, '.ship-sheet__no', 'SF2026112301')
    },
  },
]

/** The screen's shopper ordered a ¥56.43 bill at shop 2 and left the cashier without paying (an unpaid order waits). */
async function leaveBillUnpaid(page: Page): Promise<void> {
  await api('personal.order/create', { kind: 'bill', shop_id: 2, amount: 5643, client_request_id: `unpaid-${Date.now()}-${Math.random()}` }, await tokenOf(page))
}

/** The browser's location granted at this WGS-84 point for the screen's context. */
function locateIn(at: { latitude: number; longitude: number }): (page: Page) => Promise<void> {
  return async (page) => {
    await page.context().grantPermissions(['geolocation'])
    await page.context().setGeolocation(at)
  }
}

/** The shopper asks for "nearest first" without the permission: the refusal's hint. */
async function refuseLocation(page: Page): Promise<void> {
  await page.locator('.loc-bar__ask:visible').click()
  await page.locator('.loc-bar--denied:visible').waitFor({ timeout: 15000 })
}

/** At station 6: 95#, pump 2, ¥200 on the keypad, and the server's quote (litres) on screen. */
export async function fuelQuote(page: Page): Promise<void> {
  await page.locator('.fuel-chip--grade:visible', { hasText: '95#' }).click()
  await page.locator('.fuel-chip--pump:visible').nth(1).click()
  for (const d of '200') await page.locator(`.keypad__key--${d}:visible`).click()
  await page.locator('.fuel-form__litres:visible').waitFor({ timeout: 10000 })
}

/**
 * Taro's H5 modal is on screen and done fading in: the content visible and every box around it at full opacity (the
 * fade is started from a timer, so a check for running animations alone can come before it: axe then measured the
 * half-faded text's contrast once).
 */
export async function modalShown(page: Page): Promise<void> {
  await page.locator('.taro-modal__content:visible').waitFor({ timeout: 10000 })
  await page.waitForFunction(
    () => {
      let el: Element | null = Array.from(document.querySelectorAll('.taro-modal__content')).find((e) => (e as HTMLElement).offsetParent !== null) ?? null
      for (; el; el = el.parentElement) if (getComputedStyle(el).opacity !== '1') return false
      return true
    },
    null,
    { timeout: 10000, polling: 'raf' },
  )
}

/** The quote on screen, then the station's 95# a cent dearer (sandbox) and Pay: the new figure in a dialog. */
export async function fuelPriceMoved(page: Page): Promise<void> {
  await fuelQuote(page)
  const shown = (await page.locator('.fuel-form__list-price .fuel-form__row-value:visible').textContent()) ?? ''
  const cents = Math.round(Number(/(\d+\.\d{2})/.exec(shown)?.[1]) * 100)
  await api('sandbox/movePrice', { shop_id: 6, grade: '95#', price: cents + 1 })
  await page.locator('.fuel-form__pay:visible').click()
  await modalShown(page)
}

/** Verify with a code no order has: the refusal in the server's words. */
async function verifyUnknownCode(page: Page): Promise<void> {
  await typeInto(page, '.verify__input', '000000000000')
  await page.locator('.verify__look-up:visible').click()
  await page.locator('.verify__refused:visible').waitFor({ timeout: 10000 })
}

/** A store order with the reject sheet open and a reason typed (staff). */
export const STORE_REJECT_SHEET: Screen = {
  name: 'store-order-reject-sheet',
  url: '/pages/store/order?id=REFUNDING',
  ready: '.store-order__reject',
  staff: true,
  act: async (page) => {
    await page.locator('.store-order__reject:visible').click()
    await page.locator('.reject-sheet__reason--other:visible').click()
    await typeInto(page, '.reject-sheet__other', '商品已拆封')
  },
}

/** Authorization with the privacy notice open, a phone typed and "agree first" shown after tapping send (no code is sent). */
export const AUTHORIZATION_AGREE_FIRST: Screen = {
  name: 'authorization-privacy',
  url: '/pages/accountBind/index',
  ready: '.bind__submit',
  anonymous: true,
  act: async (page) => {
    await page.locator('.bind__notice-link:visible').click()
    await typeInto(page, '.bind__phone', '13800000099')
    await page.locator('.bind__send:visible').click()
    await page.locator('.bind__error--privacy:visible').waitFor()
    await page.locator('.privacy-notice:visible').waitFor()
  },
}

/** Phones that asked for a code in this test file (the server sends one code per phone a minute). */
let codeSends = 0

/** Authorization with the privacy notice open and the SMS resend countdown running (a disabled button that must stay readable). */
export const AUTHORIZATION_CODE_SENT: Screen = {
  name: 'authorization-code-sent',
  url: '/pages/accountBind/index',
  ready: '.bind__submit',
  anonymous: true,
  act: async (page) => {
    await page.locator('.bind__notice-link:visible').click()
    await page.locator('.privacy-notice:visible').waitFor()
    await typeInto(page, '.bind__phone', `1390000${String(++codeSends).padStart(4, '0')}`)
    await page.locator('.bind__agree:visible').click()
    await page.locator('.bind__send:visible').click()
    await page.getByText(/秒后重发|Resend in/).first().waitFor({ timeout: 10000 })
  },
}

/** Pay a bill with the coupon sheet open (amount 100: the shopper's ¥5 coupon, minimum ¥50, can be used). */
export const PAY_BILL_COUPONS: Screen = {
  name: 'pay-bill-coupons',
  url: '/pages/payBill/index?shop_id=1',
  ready: '.bill__shop-name',
  act: async (page) => {
    await typeHundred(page)
    await page.locator('.bill__coupon:visible').click()
    await page.locator('#coupon-sheet .sheet__item').nth(1).waitFor()
  },
}

// Flash sales (issue 14). Sessions recur daily on the business clock (server/demo/seed.ts): 00:00–08:00 (product 1),
// 08:00–16:00 (product 2), 16:00–24:00 (product 4), and tomorrow 10:00 (product 16: not started all day). A file that
// opens these holds the server's clock at 12:00 for its run (product 2 on, four hours from either switch):
// `holdFlashSession(serverClock)` in beforeAll, `releaseServerClock(serverClock)` in afterAll (test-mp/flashClock.js).

/** The demo product on sale at the held moment (12:00 business time: product 2). */
export { liveFlashProduct }

/** The flash-sale screens of the session on: opened only while the server's clock is held in its session (else they fail here). */
async function flashSessionHeld(): Promise<void> {
  const { now, moved } = await serverClock({})
  const hour = Number(now.slice(11, 13))
  if (!moved || liveFlashProduct(hour) !== liveFlashProduct()) throw new Error(`the server's clock reads ${now}${moved ? '' : ' (not held)'}: hold it in the flash session first (holdFlashSession, test-mp/flashClock.js)`)
}

export const FLASH_SCREENS: Screen[] = [
  { name: 'flash-sales', before: flashSessionHeld, url: '/pages/seckill/index', ready: '.flash-card' },
  {
    name: 'flash-product-on',
    before: flashSessionHeld,
    url: `/pages/seckill/detail?id=${liveFlashProduct()}`,
    ready: '.flash-detail__buy:not([disabled])',
    act: async (page) => void (await page.locator('.flash-comment:visible').first().waitFor({ timeout: 10000 })),
  },
  { name: 'flash-product-upcoming', url: '/pages/seckill/detail?id=16', ready: '.flash-detail__buy' },
  {
    name: 'flash-buy-sheet',
    before: flashSessionHeld,
    url: `/pages/seckill/detail?id=${liveFlashProduct()}`,
    ready: '.flash-detail__buy:not([disabled])',
    act: async (page) => {
      await page.locator('.flash-detail__buy:visible').click()
      // The server's price is in (not "pricing…").
      await page.locator('.flash-sheet__payable:not(.flash-sheet__payable--pending):visible').waitFor({ timeout: 10000 })
    },
  },
]
SCREENS.push(...FLASH_SCREENS)

// The micro mall (issue 14): the mall, a product with a sold-out spec (2: 智利冰鲜三文鱼), its buy sheet with the
// server's price, the gallery, the guide and the special.
export const MALL_SCREENS: Screen[] = [
  { name: 'mall', url: '/pages/vMall/index', ready: '.mall-card' },
  { name: 'mall-product', url: '/pages/vMall/detail?id=2', ready: '.mall-detail__buy' },
  {
    name: 'mall-buy-sheet',
    url: '/pages/vMall/detail?id=1',
    ready: '.mall-detail__buy:not([disabled])',
    act: async (page) => {
      await page.locator('.mall-detail__buy:visible').click()
      await page.locator('.mall-sheet__payable:not(.mall-sheet__payable--pending):visible').waitFor({ timeout: 10000 })
    },
  },
  { name: 'mall-gallery', url: '/pages/vMall/swiper', ready: '.mall-slides__title' },
  { name: 'mall-guide', url: '/pages/vMall/guide', ready: '.mall-guide__step' },
  { name: 'mall-special', url: '/pages/special/index?id=1', ready: '.mall-card' },
]
SCREENS.push(...MALL_SCREENS)

/** The shopper's cart emptied (through the API, as the screen's `before`). */
async function emptyCart(token: string): Promise<void> {
  const res = await fetch(`${BASE()}/api/personal.mall_cart/index`, { headers: { 'access-token': token } })
  const cart = ((await res.json()) as { data: { stores: Array<{ lines: Array<{ id: number }> }> } }).data
  const ids = cart.stores.flatMap((g) => g.lines.map((l) => l.id))
  if (ids.length > 0) await api('personal.mall_cart/remove', { ids }, token)
}
/** A cart with content: two specs of shop 8 (one of them shipped for a fee) and a line of shop 5. */
async function fillCart(page: Page): Promise<void> {
  const token = await tokenOf(page)
  await emptyCart(token)
  await api('personal.mall_cart/add', { product_id: 9, spec_id: 91, quantity: 1 }, token)
  await api('personal.mall_cart/add', { product_id: 2, spec_id: 21, quantity: 1 }, token)
  await api('personal.mall_cart/add', { product_id: 1, spec_id: 11, quantity: 2 }, token)
}

// The mall's cart (issue 24): empty (a way to the mall), filled (lines by store, ticked as they arrived), its checkout
// sheet priced by the server, and a product's Add to cart sheet (the product's bar shows the cart's badge).
export const CART_SCREENS: Screen[] = [
  { name: 'mall-cart-empty', url: '/pages/vMall/cart', ready: '.state--empty', before: async (page) => emptyCart(await tokenOf(page)) },
  { name: 'mall-cart', url: '/pages/vMall/cart', ready: '.cart-line', before: fillCart },
  {
    name: 'mall-cart-checkout',
    url: '/pages/vMall/cart',
    ready: '.cart-line',
    before: fillCart,
    act: async (page) => {
      // The lines arrived ticked (issue 39): the newest store's, checked out as they are.
      await page.locator('.cart-bar__checkout:not([disabled]):visible').click()
      await page.locator('.mall-sheet__payable:not(.mall-sheet__payable--pending):visible').waitFor({ timeout: 10000 })
    },
  },
  {
    name: 'mall-cart-add-sheet',
    url: '/pages/vMall/detail?id=1',
    ready: '.mall-detail__add',
    act: async (page) => {
      await page.locator('.mall-detail__add:visible').click()
      await page.locator('.mall-cart-sheet__add:visible').waitFor({ timeout: 10000 })
    },
  },
]
SCREENS.push(...CART_SCREENS)

// The mall searchable (issue 24): the mall's own search idle (its popular words), Search's Mall tab with 赣南脐橙
// found by "橙", and the Mall tab with nothing found. The idle one first: the others leave words in the history.
export const MALL_SEARCH_SCREENS: Screen[] = [
  { name: 'mall-search', url: '/pages/index/search?scope=mall', ready: '.search__word' },
  {
    name: 'search-mall',
    url: '/pages/index/search',
    ready: '.search__word',
    act: async (page) => {
      await typeInto(page, '.search__bar', '橙')
      await page.locator('.search__product--mall:visible').first().waitFor({ timeout: 10000 })
    },
  },
  {
    name: 'search-mall-none',
    url: '/pages/index/search',
    ready: '.search__word',
    act: async (page) => {
      await typeInto(page, '.search__bar', 'xyzzy')
      await page.locator('.search__tabs__tab--mall:visible').click()
      await page.locator('.state--empty:visible').waitFor({ timeout: 10000 })
    },
  },
]
SCREENS.push(...MALL_SEARCH_SCREENS)

// A refund the shopper follows (issue 24): Order detail's refund timeline in each of its states and My orders' refund
// tab. Only axe opens them (axe.e2e.ts makes the orders): REFUNDING waits for the store (withdraw offered), REFUSED was
// refused by the store, REFUNDED was approved and the money went back.
export const REFUND_SCREENS: Screen[] = [
  { name: 'order-detail-refund-waiting', url: '/pages/orders/detail?id=REFUNDING', ready: '.refund-timeline__withdraw' },
  {
    name: 'order-detail-refund-withdraw-confirm',
    url: '/pages/orders/detail?id=REFUNDING',
    ready: '.refund-timeline__withdraw',
    act: async (page) => {
      await page.locator('.refund-timeline__withdraw:visible').click()
      await modalShown(page)
    },
  },
  { name: 'order-detail-refund-refused', url: '/pages/orders/detail?id=REFUSED', ready: '.refund-timeline__again' },
  { name: 'order-detail-refund-refunded', url: '/pages/orders/detail?id=REFUNDED', ready: '.refund-step--refunded.refund-step--done' },
  {
    name: 'my-orders-refund-tab',
    url: '/pages/orders/index',
    ready: '.order-card',
    act: async (page) => {
      await page.locator('.orders-tabs__tab--refund:visible').click()
      await page.locator('.order-card__refund:visible').first().waitFor({ timeout: 10000 })
    },
  },
]
