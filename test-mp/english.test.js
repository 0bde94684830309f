/**
 * Issue 4's screens in ENGLISH, in the mini-program simulator against the reference server.
 *
 * The language is the `lang` storage key (src/core/storage.ts, read by getLang in src/core/i18n.ts), stored as
 * the plain string 'en' (Taro.setStorageSync keeps the value as it is), so it goes into the simulated wx storage
 * before the app starts, next to the token.
 *
 * A shopper must see English: the nav-bar title is the route's `en` title from src/routes.ts, and nothing the
 * app itself writes is Chinese. The demo data the server sends is Chinese (shop names, addresses, card names,
 * comments…), so every string the server answered is taken out of the page text first; whatever Chinese is
 * left was written by the client. Server strings that are word for word a zh UI message (src/core/messages/zh-CN.ts,
 * src/features/<feature>/messages.ts) are NOT taken out: a Chinese UI word on screen stays suspect even when the
 * server happens to send the same word.
 */
const { allByClass, byClass, flush, openPage, sourceRoutes, waitFor } = require('./harness')
const { bridge, login, startServer } = require('./server')
const { seedShopper, SCREENS: ALL_SCREENS, withOrder } = require('./fixtures')

const { CJK, ZH, ZH_PIECES, ZH_WHOLE } = require('./zhMessages')

/** Every string (values, not keys) in the server's answers that has Chinese in it. */
function serverStrings(answers) {
  const found = new Set()
  const walk = (v) => {
    if (typeof v === 'string') {
      if (CJK.test(v)) found.add(v)
    } else if (Array.isArray(v)) v.forEach(walk)
    else if (v && typeof v === 'object') Object.values(v).forEach(walk)
  }
  answers.forEach((a) => walk(a.data))
  return found
}

/** What the shopper can read: the text nodes, plus the string props Taro set (placeholder, aria-label, …). */
function pageStrings(page) {
  const texts = []
  const walker = document.createTreeWalker(page.dom, 4 /* NodeFilter.SHOW_TEXT */)
  for (let n = walker.nextNode(); n; n = walker.nextNode()) if (n.data.trim()) texts.push(n.data.trim())
  const attrs = []
  const STRUCTURAL = new Set(['nn', 'sid', 'cl', 'st', 'uid', 'v', 'cn', 'src'])
  const walk = (node) => {
    if (!node || typeof node !== 'object') return
    if (Array.isArray(node)) return node.forEach(walk)
    for (const [k, v] of Object.entries(node)) {
      if (typeof v === 'string' && !STRUCTURAL.has(k) && v.trim()) attrs.push(v.trim())
      else if (v && typeof v === 'object') walk(v)
    }
  }
  walk(page.instance.data.root)
  return [...texts, ...attrs]
}

/** The Chinese the client wrote: page strings and feedback (toasts, modals) with the server's data taken out. */
function clientChinese(strings, fromServer) {
  const removable = [...fromServer].filter((s) => s.length >= 2 && !ZH_WHOLE.has(s)).sort((a, b) => b.length - a.length)
  const left = []
  for (const s of strings) {
    let rest = s
    for (const d of removable) if (rest.includes(d)) rest = rest.split(d).join(' ')
    if (CJK.test(rest)) left.push(s)
  }
  return left
}

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** For a failure message: the zh message a leftover string is (or, failing that, the longest zh pieces it holds). */
const explain = (left) =>
  left.map((s) => {
    let hits = ZH.filter((m) => m.text.split('|').some((alt) => new RegExp(`^${alt.split(/\{\w+(?::[^{}|]*)?\}/).map(escape).join('.*?')}$`).test(s)))
    if (!hits.length) {
      const pieces = ZH_PIECES.filter((p) => p.piece.length >= 2 && s.includes(p.piece))
      const longest = Math.max(0, ...pieces.map((p) => p.piece.length))
      hits = pieces.filter((p) => p.piece.length === longest)
    }
    const where = [...new Set(hits.map((m) => `${m.key} (${m.file})`))]
    return `${JSON.stringify(s)}${where.length ? ` ← ${where.join(', ')}` : ''}`
  })

const EN_TITLE = Object.fromEntries(sourceRoutes().map((r) => [r.path, r.en]))

let server
let shopper
let newcomer
let paidOrderId
beforeAll(async () => {
  server = await startServer()
  ;({ shopper, paidOrderId } = await seedShopper(server.base, '13900000003', 'mp-english-card-1'))
  // A shopper with nothing yet: the empty states.
  newcomer = await login(server.base, '13900000004')
}, 120000)
afterAll(async () => {
  await server?.stop()
})

/**
 * Open `route` in English as `who`, with wx feedback (toasts, modals, action sheets, tab labels) recorded.
 * `offline` makes every request fail as a dropped network does.
 */
async function openInEnglish(route, query, who, { offline = false, stored = 'en', wechat } = {}) {
  let calls = []
  const feedback = []
  const tabLabels = []
  const barTitles = []
  const opened = await openPage(route, {
    query,
    beforeApp: (wx) => {
      // `stored`: the language chosen on My account (none: undefined); `wechat`: WeChat's own language (getAppBaseInfo).
      calls = bridge(wx, server.base, { token: who.token, myUserId: who.userId, ...(stored ? { lang: stored } : {}) })
      if (wechat) {
        const info = wx.getAppBaseInfo()
        wx.getAppBaseInfo = () => ({ ...info, language: wechat })
      }
      if (offline) {
        wx.request = (opts) => {
          calls.push(`OFFLINE ${opts.url}`)
          calls.answers.push({ target: opts.url, data: null })
          setTimeout(() => {
            if (opts.fail) opts.fail({ errMsg: 'request:fail timeout' })
            if (opts.complete) opts.complete({})
          }, 0)
          return { abort() {} }
        }
      }
      for (const name of ['showToast', 'showModal', 'showLoading', 'showActionSheet']) {
        const original = wx[name]
        wx[name] = (o = {}) => {
          for (const k of ['title', 'content', 'confirmText', 'cancelText']) if (typeof o[k] === 'string' && o[k]) feedback.push(o[k])
          if (Array.isArray(o.itemList)) feedback.push(...o.itemList)
          return original ? original(o) : undefined
        }
      }
      // The web view's bar is WeChat's (its page config): its title is what the page sets.
      const setTitle = wx.setNavigationBarTitle
      wx.setNavigationBarTitle = (o = {}) => {
        barTitles.push(o.title)
        return setTitle ? setTitle(o) : undefined
      }
      const setTab = wx.setTabBarItem
      wx.setTabBarItem = (o = {}) => {
        tabLabels[o.index] = o.text
        return setTab ? setTab(o) : undefined
      }
    },
  })
  return { ...opened, calls, feedback, tabLabels, barTitles }
}

/** Wait until every request made has been answered and none came for a moment (bounded). */
async function settle(calls, timeoutMs = 8000) {
  const started = Date.now()
  let seen = -1
  let quietSince = Date.now()
  while (Date.now() - started < timeoutMs) {
    if (calls.length !== seen || calls.answers.length < calls.length) {
      seen = calls.length
      quietSince = Date.now()
    } else if (Date.now() - quietSince >= 80) return
    await flush(10)
  }
}

async function expectEnglish(opened, route) {
  const { page, calls, feedback, barTitles } = opened
  await settle(calls)
  if (route === 'pages/webView/index') {
    expect(byClass(page, 'nav-bar')).toBeNull()
    expect(barTitles[barTitles.length - 1]).toBe(EN_TITLE[route])
  } else expect(byClass(page, 'nav-bar__title').textContent).toBe(EN_TITLE[route])
  const fromServer = serverStrings(calls.answers)
  const left = clientChinese([...pageStrings(page), ...feedback], fromServer)
  expect(explain(left)).toEqual([])
}

const resolve = (query) => withOrder(query, paidOrderId)

/**
 * Issue 4's screens (the table of screens.test.js plus Home, My account and an unknown code), each with what a
 * shopper should see once the server has answered. Search is in the table since issue 24 (its popular words are
 * English words the server searches as the Chinese they stand for). Left out, because they show Chinese in English
 * on purpose (product decisions, as in e2e/english.e2e.ts):
 * - Pay a bill once an amount is typed: the payable amount in Chinese capital numerals (the product shows them
 *   in every language; in English they are labelled "In Chinese capitals"). Pay a bill before any amount is typed
 *   is in the table.
 */
const SCREENS = [
  ...ALL_SCREENS,
  // The tab pages with content, and a code the server does not know (its message is Chinese: the page must not show it).
  ['pages/index/index', {}, 'shop-row'],
  ['pages/personal/index', {}, 'account-orders__item'],
  ['pages/code/index', { scene: 'NOPE-404' }, 'state--empty'],
]

describe('the zh UI message tables this test reads', () => {
  it('are found (core and every feature)', () => {
    expect(ZH.filter((m) => m.file === 'src/core/messages/zh-CN.ts').length).toBeGreaterThan(20)
    expect(new Set(ZH.map((m) => m.file)).size).toBeGreaterThan(5)
    expect(ZH_PIECES.length).toBeGreaterThan(100)
  })
})

describe('issue 4 screens in English (lang = en in storage)', () => {
  it.each(SCREENS)('%s: English title, no Chinese UI text', async (route, query, cls) => {
    const opened = await openInEnglish(route, resolve(query), shopper)
    await waitFor(() => byClass(opened.page, cls) || byClass(opened.page, 'state--error'), 10000)
    expect(byClass(opened.page, 'state--error')).toBeNull()
    await expectEnglish(opened, route)
  })

  it('pages/index/search: English title, search box, “Popular” heading and English popular words', async () => {
    const opened = await openInEnglish('pages/index/search', {}, shopper)
    await waitFor(() => byClass(opened.page, 'search__word'), 10000)
    await settle(opened.calls)
    expect(byClass(opened.page, 'nav-bar__title').textContent).toBe(EN_TITLE['pages/index/search'])
    expect(byClass(opened.page, 'search__group-title').textContent).toBe('Popular')
    expect(pageStrings(opened.page)).toContain('Search shops and products')
    expect(allByClass(opened.page, 'search__word').map((el) => el.textContent)).toContain('Sichuan food')
  })

  it('pages/accountBind/index with the privacy notice open and the "agree first" message', async () => {
    const opened = await openInEnglish('pages/accountBind/index', {}, { token: '', userId: undefined })
    await waitFor(() => byClass(opened.page, 'bind__agree'), 10000)
    opened.page.querySelector('.bind__notice-link').dispatchEvent('tap')
    opened.page.querySelector('.bind__phone').dispatchEvent('input', { detail: { value: '13900000075' } })
    await flush(30)
    opened.page.querySelector('.bind__send').dispatchEvent('tap')
    await waitFor(() => byClass(opened.page, 'privacy-notice') && byClass(opened.page, 'bind__error--privacy'), 10000)
    expect(byClass(opened.page, 'bind__error--privacy').textContent).toBe('Please read and tick to agree to the privacy notice first')
    await expectEnglish(opened, 'pages/accountBind/index')
  })

  it('the tab bar labels are rewritten in English', async () => {
    const opened = await openInEnglish('pages/orders/index', {}, shopper)
    await waitFor(() => byClass(opened.page, 'order-card'), 10000)
    await waitFor(() => opened.tabLabels.filter(Boolean).length === 4, 10000)
    expect(opened.tabLabels).toEqual(['Home', 'Card', 'Orders', 'Me'])
  })
})

// Issue 39: WeChat set to English opens the mini-program in English without the shopper choosing it (its language
// from wx.getAppBaseInfo), and a choice made on My account is kept whatever WeChat says.
describe('WeChat in English, no language chosen', () => {
  it('Home opens in English: title, tab bar, no Chinese UI text, every request asks in English', async () => {
    const opened = await openInEnglish('pages/index/index', {}, shopper, { stored: null, wechat: 'en' })
    await waitFor(() => byClass(opened.page, 'shop-row'), 10000)
    await waitFor(() => opened.tabLabels.filter(Boolean).length === 4, 10000)
    expect(opened.tabLabels).toEqual(['Home', 'Card', 'Orders', 'Me'])
    await expectEnglish(opened, 'pages/index/index')
    expect(opened.calls.filter((c) => c.includes('/api/') && !c.includes('lang=en'))).toEqual([])
    // Nothing chosen, nothing stored: the next start follows WeChat again.
    expect(opened.wx.getStorageSync('lang')).toBe('')
  })

  it('简体中文 chosen on My account stays Chinese though WeChat is in English', async () => {
    const opened = await openInEnglish('pages/personal/index', {}, shopper, { stored: 'zh-CN', wechat: 'en' })
    await waitFor(() => byClass(opened.page, 'account-orders__item'), 10000)
    await settle(opened.calls)
    expect(byClass(opened.page, 'nav-bar__title').textContent).toBe(sourceRoutes().find((r) => r.path === 'pages/personal/index').zh)
    expect(opened.tabLabels.filter(Boolean)).toEqual([])
    expect(opened.calls.filter((c) => c.includes('/api/') && !c.includes('lang=zh'))).toEqual([])
  })

  it('WeChat in Traditional Chinese reads the app in Chinese', async () => {
    const opened = await openInEnglish('pages/personal/index', {}, shopper, { stored: null, wechat: 'zh_TW' })
    await waitFor(() => byClass(opened.page, 'account-orders__item'), 10000)
    await settle(opened.calls)
    expect(byClass(opened.page, 'nav-bar__title').textContent).toBe(sourceRoutes().find((r) => r.path === 'pages/personal/index').zh)
  })
})

/**
 * A shopper with no orders, cards, coupons or addresses. Coupons: with coupons to claim the list offers them instead of
 * "no coupons here" (issue 39), so a newcomer sees either.
 */
const EMPTY_SCREENS = [['pages/personal/address'], ['pages/orders/index'], ['pages/card/my'], ['pages/card/records'], ['pages/card/ticketList']]

describe('empty states in English', () => {
  it.each(EMPTY_SCREENS)('%s', async (route) => {
    const opened = await openInEnglish(route, {}, newcomer)
    await waitFor(() => byClass(opened.page, 'state--empty') || byClass(opened.page, 'state--error') || byClass(opened.page, 'coupons--to-claim'), 10000)
    expect(byClass(opened.page, 'state--error')).toBeNull()
    await expectEnglish(opened, route)
  })
})

/** Screens that load from the server, with the network down: the error state and its toasts. */
const OFFLINE_SCREENS = [
  ['pages/personal/address', {}],
  ['pages/discountBill/index', {}],
  ['pages/shops/details', { id: '1' }],
  ['pages/orders/index', {}],
  ['pages/orders/detail', { id: 'PAID' }],
  ['pages/card/index', {}],
  ['pages/card/records', {}],
  ['pages/card/ticketList', {}],
  ['pages/personal/sessions', {}],
  ['pages/personal/deleteAccount', {}],
]

describe('error states in English (network down)', () => {
  it.each(OFFLINE_SCREENS)('%s', async (route, query) => {
    const opened = await openInEnglish(route, resolve(query), shopper, { offline: true })
    await waitFor(() => byClass(opened.page, 'state--error'), 10000)
    expect(byClass(opened.page, 'state__retry').textContent).toBe('Retry')
    await expectEnglish(opened, route)
  })
})
