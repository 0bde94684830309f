/**
 * Issue 15, the mini-program side: the page the app opens on has its first calls started at launch, before it
 * renders (src/core/firstAnswers.ts through platform/shell.weapp.ts). The request client then takes each answer by
 * its exact URL and token instead of asking again — once; a failed one is asked again; a stale or different one is
 * never served.
 */
import { HOME_FLASH_PAGE_SIZE, HOME_SHOP_PAGE_SIZE, FIRST_ANSWERS } from '@/contract/firstAnswers'
import { startFirstAnswers } from '@/core/firstAnswers'
import { resetLangCache } from '@/core/i18n'
import { askAgain, FRESH_MS } from '@/core/cache'
import { connectRequest, firstAnswer, request } from '@/core/request'
import type { Transport, TransportRequest } from '@/core/transport.types'
import { withQuery } from '@/core/transport.types'
import { apiBase } from '@/platform/apiBase'
import { transport as h5Transport } from '@/platform/transport'
import { homeFirstAnswers } from '../support/firstAnswers'

const BASE = 'https://api.example.test'
const pathOf = (url: string) => url.slice(`${BASE}/api/`.length).split('?')[0]
const answers: Record<string, unknown> = {
  'index/moduleList': { banners: [], modules: [{ id: 1 }] },
  'website.hui_china_city/cityList': { list: [{ id: 1, name: '上海' }] },
  'hui_public.hsh_seckill_prod/index': { sessions: [], list: [], total: 0, page: 1, page_size: HOME_FLASH_PAGE_SIZE },
  'hui_shanghu.shop/index': { list: [{ id: 1 }], total: 1, page: 1, page_size: HOME_SHOP_PAGE_SIZE },
  'hui_public.card/index': { list: [{ id: 2 }] },
  'personal.user/info': { user: { user_id: 9 } },
}

/** wx.request as far as the client sees it: every exchange is recorded; `hold` keeps answers until released. */
function fakeTransport({ fail = [] as string[], hold = false } = {}) {
  const failing = new Set(fail)
  const sent: TransportRequest[] = []
  const waiting: Array<() => void> = []
  const transport: Transport = {
    send: (req) => {
      sent.push(req)
      const path = pathOf(req.url)
      const answer = () => (failing.delete(path) ? Promise.reject(new Error('request:fail')) : Promise.resolve({ status: 200, body: { code: 1, msg: '', data: answers[path] ?? null } }))
      if (!hold) return answer()
      return new Promise((resolve, reject) => waiting.push(() => void answer().then(resolve, reject)))
    },
  }
  connectRequest(transport, () => BASE)
  return { sent, urls: () => sent.map((r) => withQuery(r.url, r.data)), release: () => waiting.splice(0).forEach((go) => go()) }
}

const store = (key: string, data: unknown) => window.localStorage.setItem(key, JSON.stringify({ data }))
const turns = async (n = 5) => {
  for (let i = 0; i < n; i++) await new Promise((r) => setTimeout(r, 0))
}

// Each test runs on a clock far past the last one's: what an earlier test started (and left) is stale to it.
let shift = 0
beforeEach(() => {
  shift += 10 * FRESH_MS
  const real = Date.now.bind(Date)
  jest.spyOn(Date, 'now').mockImplementation(() => real() + shift)
})

afterEach(() => {
  jest.restoreAllMocks()
  resetLangCache()
  // Back to what every other test runs with (jest setup: the H5 transport).
  connectRequest(h5Transport, () => apiBase.base())
})

describe("the entry page's first calls, started at launch (mini-program)", () => {
  it("Home: its four calls leave at once with the stored city, token, referral and language, and Home's own requests take them — four exchanges in all", async () => {
    store('lang', 'en')
    store('token', 'tok-1')
    store('share_user_user_id', 42)
    store('city', { id: 3, name: '杭州' })
    const wx = fakeTransport()
    expect(startFirstAnswers('pages/index/index')).toBe(4)
    expect(wx.urls()).toEqual([
      `${BASE}/api/index/moduleList?share_user_user_id=42&lang=en`,
      `${BASE}/api/website.hui_china_city/cityList?share_user_user_id=42&lang=en`,
      `${BASE}/api/hui_public.hsh_seckill_prod/index?page_size=${HOME_FLASH_PAGE_SIZE}&share_user_user_id=42&lang=en`,
      `${BASE}/api/hui_shanghu.shop/index?city_id=3&page=1&page_size=${HOME_SHOP_PAGE_SIZE}&share_user_user_id=42&lang=en`,
    ])
    expect(wx.sent[0].headers['Access-Token']).toBe('tok-1')
    const [modules, cities, flash, shops] = await homeFirstAnswers(3)
    expect(wx.sent).toHaveLength(4)
    expect([modules, cities, flash, shops]).toEqual([answers['index/moduleList'], answers['website.hui_china_city/cityList'], answers['hui_public.hsh_seckill_prod/index'], answers['hui_shanghu.shop/index']])
    // Kept (issue 27): asked again within the freshness window, the answer is served; pulling down to refresh asks the server.
    await request('index/moduleList', {})
    expect(wx.sent).toHaveLength(4)
    await askAgain(() => request('index/moduleList', {}))
    expect(wx.sent).toHaveLength(5)
  })

  it('a request made while the first answer is still on its way waits for that one (no second exchange)', async () => {
    const wx = fakeTransport({ hold: true })
    startFirstAnswers('pages/index/index')
    const cities = request('website.hui_china_city/cityList', {})
    await turns()
    expect(wx.sent).toHaveLength(4)
    wx.release()
    await expect(cities).resolves.toEqual(answers['website.hui_china_city/cityList'])
    expect(wx.sent).toHaveLength(4)
  })

  it("an answer already in is there for the page's first render (firstAnswer), and stays kept; not before it has arrived", async () => {
    const wx = fakeTransport({ hold: true })
    startFirstAnswers('pages/index/index')
    expect(firstAnswer('index/moduleList', {})).toBeUndefined()
    wx.release()
    await turns()
    expect(firstAnswer('index/moduleList', {})).toEqual(answers['index/moduleList'])
    expect(firstAnswer('index/moduleList', {})).toEqual(answers['index/moduleList'])
    expect(wx.sent).toHaveLength(4)
  })

  it('a failed first answer is asked again, and the shopper gets the answer', async () => {
    const wx = fakeTransport({ fail: ['index/moduleList'] })
    startFirstAnswers('pages/index/index')
    await expect(request('index/moduleList', {})).resolves.toEqual(answers['index/moduleList'])
    expect(wx.sent.filter((r) => pathOf(r.url) === 'index/moduleList')).toHaveLength(2)
  })

  it('never served to another URL or session, nor when it is stale', async () => {
    store('token', 'tok-1')
    const wx = fakeTransport()
    startFirstAnswers('pages/card/index')
    expect(wx.urls()).toEqual([`${BASE}/api/hui_public.card/index?lang=zh`, `${BASE}/api/personal.user/info?lang=zh`])
    // Signed out and in as someone else before the page asked: their profile is asked for with their token.
    store('token', 'tok-2')
    await request('personal.user/info', {})
    expect(wx.sent).toHaveLength(3)
    expect(wx.sent[2].headers['Access-Token']).toBe('tok-2')
    // Home following the shopper's location asks for shops near a point: not the stored city's list.
    startFirstAnswers('pages/index/index')
    await request('hui_shanghu.shop/index', Object.assign({}, { city_id: undefined, lat: 31.2, lng: 121.5 }, { page: 1, page_size: HOME_SHOP_PAGE_SIZE }))
    expect(wx.sent).toHaveLength(3 + 4 + 1)
    // An answer kept longer than FRESH_MS is asked again.
    shift += FRESH_MS + 1
    await request('index/moduleList', {})
    expect(wx.sent).toHaveLength(3 + 4 + 2)
  })

  it('Me without a session starts only its public call (the profile needs one); a page without first calls nothing; the same call is not started twice', () => {
    const wx = fakeTransport()
    expect(startFirstAnswers('pages/personal/index')).toBe(1)
    expect(wx.urls()).toEqual([`${BASE}/api/index/serverInfo?lang=zh`])
    expect(startFirstAnswers('pages/orders/index')).toBe(0)
    expect(startFirstAnswers(undefined)).toBe(0)
    expect(wx.sent).toHaveLength(1)
    expect(Object.keys(FIRST_ANSWERS)).toEqual(['pages/index/index', 'pages/card/index', 'pages/personal/index', 'pages/discountBill/index'])
    startFirstAnswers('/pages/card/index')
    startFirstAnswers('pages/card/index')
    expect(wx.urls()).toEqual([`${BASE}/api/index/serverInfo?lang=zh`, `${BASE}/api/hui_public.card/index?lang=zh`])
  })
})
