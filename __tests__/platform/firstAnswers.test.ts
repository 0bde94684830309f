/**
 * Issue 15: index.html for Home starts Home's first calls before the app's scripts arrive (server/hosting/firstAnswers.ts), and
 * the request client takes those answers instead of asking again — only when the URL is exactly the one it would
 * ask for (same payload, referral, language), once each; a failed first answer is asked again.
 */
import * as acorn from 'acorn'
import { HOME_FIRST_ANSWERS, HOME_FLASH_PAGE_SIZE, HOME_SHOP_PAGE_SIZE, FIRST_ANSWERS, langOfTags } from '@/contract/firstAnswers'
import { followSystemLang, resetLangCache } from '@/core/i18n'
import { systemLang } from '@/platform/systemLang.h5'
import { clockOffset, resetClock } from '@/core/clock'
import { firstAnswer, request } from '@/core/request'
import { askAgain } from '@/core/cache'
import { firstAnswersScript, firstAnswerUrl, givenAnswersScript, type GivenAnswer } from '../../server/hosting/firstAnswers'
import { homeFirstAnswers } from '../support/firstAnswers'

const homeScript = () => firstAnswersScript(HOME_FIRST_ANSWERS)

type Init = { headers?: Record<string, string> }
const answers: Record<string, unknown> = {
  'index/moduleList': { banners: [], modules: [{ id: 1 }] },
  'website.hui_china_city/cityList': { list: [{ id: 1, name: '上海' }] },
  'hui_public.hsh_seckill_prod/index': { sessions: [], list: [], total: 0, page: 1, page_size: HOME_FLASH_PAGE_SIZE },
  'hui_shanghu.shop/index': { list: [{ id: 1 }], total: 1, page: 1, page_size: HOME_SHOP_PAGE_SIZE },
}
const pathOf = (url: string) => url.replace(/^\/api\//, '').split('?')[0]

/** fetch as far as the H5 transport reads it; `fail` makes the first call to a path reject (a dropped connection). */
function fakeFetch(fail: string[] = []) {
  const failing = new Set(fail)
  const fn = jest.fn(async (url: string, _init?: Init) => {
    const path = pathOf(url)
    if (failing.delete(path)) throw new TypeError('Failed to fetch')
    const response = {
      status: 200,
      text: async () => JSON.stringify({ code: 1, msg: '', data: answers[path] ?? null }),
      headers: { forEach: (cb: (value: string, name: string) => void) => cb(String(Date.now()), 'x-server-time') },
      clone: () => response,
    }
    return response
  })
  ;(globalThis as { fetch?: unknown }).fetch = fn
  return fn
}

const store = (key: string, data: unknown) => window.localStorage.setItem(key, JSON.stringify({ data }))
// The script as the browser runs it: a classic script at global scope.
const runFirstScript = () => new Function(homeScript())()
/** Home's page with answers given: the first script in <head>, the answers at the end of <body> (server/hosting/firstAnswers.ts). */
function runGiven(given: Record<string, GivenAnswer>, drawn?: Parameters<typeof firstAnswersScript>[2]) {
  new Function(firstAnswersScript(HOME_FIRST_ANSWERS, Object.keys(given), drawn))()
  new Function(givenAnswersScript(given))()
}

/** The browser's languages (jsdom says en-US): a Chinese browser unless a test says otherwise. */
const browserSays = (languages: string[]) => jest.spyOn(window.navigator, 'languages', 'get').mockReturnValue(languages)
beforeEach(() => {
  browserSays(['zh-CN'])
})

afterEach(() => {
  jest.restoreAllMocks()
  document.cookie = 'ocp_lang=;max-age=0;path=/'
  document.cookie = 'ocp_city=;max-age=0;path=/'
  document.head.querySelectorAll('style').forEach((st) => st.remove())
  delete (globalThis as { fetch?: unknown }).fetch
  delete (window as { __ocpFirstAnswers?: unknown }).__ocpFirstAnswers
  resetLangCache()
})

describe("Home's first calls started by index.html", () => {
  it('parses as ES5 (it runs before any polyfill, outside the webpack build: built from a typed module, server/hosting/pageScripts)', () => {
    expect(() => acorn.parse(homeScript(), { ecmaVersion: 5, sourceType: 'script' })).not.toThrow()
    expect(() => acorn.parse(givenAnswersScript({ '/api/x?lang=zh': { status: 200, text: '{"a":"</script>"}', headers: {} } }), { ecmaVersion: 5, sourceType: 'script' })).not.toThrow()
  })

  it('the app takes each first answer instead of asking again: three calls in all, with the stored token, referral and language', async () => {
    store('lang', 'en')
    store('token', 'tok-1')
    store('share_user_user_id', 42)
    store('city', { id: 3, name: '杭州' })
    const fetchFn = fakeFetch()
    runFirstScript()
    expect(fetchFn).toHaveBeenCalledTimes(HOME_FIRST_ANSWERS.length)
    expect(fetchFn.mock.calls[2][0]).toBe(`/api/hui_public.hsh_seckill_prod/index?page_size=${HOME_FLASH_PAGE_SIZE}&share_user_user_id=42&lang=en`)
    expect(fetchFn.mock.calls[3][0]).toBe(`/api/hui_shanghu.shop/index?city_id=3&page=1&page_size=${HOME_SHOP_PAGE_SIZE}&share_user_user_id=42&lang=en`)
    expect(fetchFn.mock.calls[0][1]?.headers).toEqual({ 'Access-Token': 'tok-1', 'Access-Origin': '' })
    const [modules, cities, flash, shops] = await homeFirstAnswers(3)
    expect(fetchFn).toHaveBeenCalledTimes(4)
    expect(shops).toEqual(answers['hui_shanghu.shop/index'])
    expect(modules).toEqual(answers['index/moduleList'])
    expect(cities).toEqual(answers['website.hui_china_city/cityList'])
    expect(flash).toEqual(answers['hui_public.hsh_seckill_prod/index'])
    // Kept (issue 27): asked again within the freshness window, the answer is served; pulling down to refresh asks the server.
    await request('index/moduleList', {})
    expect(fetchFn).toHaveBeenCalledTimes(4)
    await askAgain(() => request('index/moduleList', {}))
    expect(fetchFn).toHaveBeenCalledTimes(5)
  })

  it('a first visit (nothing stored): Chinese, no token, no referral — still the URLs the app asks for', async () => {
    const fetchFn = fakeFetch()
    runFirstScript()
    expect(fetchFn.mock.calls.map((c) => c[0])).toEqual([
      '/api/index/moduleList?lang=zh',
      '/api/website.hui_china_city/cityList?lang=zh',
      `/api/hui_public.hsh_seckill_prod/index?page_size=${HOME_FLASH_PAGE_SIZE}&lang=zh`,
      `/api/hui_shanghu.shop/index?page=1&page_size=${HOME_SHOP_PAGE_SIZE}&lang=zh`,
    ])
    await homeFirstAnswers()
    expect(fetchFn).toHaveBeenCalledTimes(4)
  })

  it('an early call that failed is asked again, and the shopper gets the answer', async () => {
    const fetchFn = fakeFetch(['index/moduleList'])
    runFirstScript()
    const [modules] = await homeFirstAnswers()
    expect(modules).toEqual(answers['index/moduleList'])
    expect(fetchFn.mock.calls.filter((c) => pathOf(c[0]) === 'index/moduleList')).toHaveLength(2)
  })

  it('another payload is not served the first answer (a different URL)', async () => {
    const fetchFn = fakeFetch()
    runFirstScript()
    await request('hui_public.hsh_seckill_prod/index', { page_size: HOME_FLASH_PAGE_SIZE + 1 })
    // Home following the shopper's location asks for shops near a point: not the stored city's list.
    await request('hui_shanghu.shop/index', Object.assign({}, { city_id: undefined, lat: 31.2, lng: 121.5 }, { page: 1, page_size: HOME_SHOP_PAGE_SIZE }))
    expect(fetchFn).toHaveBeenCalledTimes(HOME_FIRST_ANSWERS.length + 2)
  })

  it("an answer that has arrived is there at once for Home's first render (no waiting a turn), and kept (issue 27)", async () => {
    const fetchFn = fakeFetch()
    expect(firstAnswer('index/moduleList', {})).toBeUndefined()
    runFirstScript()
    const kept = () => (window as unknown as { __ocpFirstAnswers: Record<string, { got?: unknown }> }).__ocpFirstAnswers
    // The answers arrive (the fake fetch answers at once): wait for the script to have kept them all.
    for (let turns = 0; turns < 50 && !Object.values(kept()).every((e) => e.got); turns++) await new Promise((r) => setTimeout(r, 0))
    expect(firstAnswer('index/moduleList', {})).toEqual(answers['index/moduleList'])
    expect(firstAnswer('index/moduleList', {})).toEqual(answers['index/moduleList'])
    expect(firstAnswer('hui_public.hsh_seckill_prod/index', { page_size: HOME_FLASH_PAGE_SIZE })).toEqual(answers['hui_public.hsh_seckill_prod/index'])
    // The one not read at once is still taken by the request.
    await request('website.hui_china_city/cityList', {})
    expect(fetchFn).toHaveBeenCalledTimes(HOME_FIRST_ANSWERS.length)
  })

  it('Membership card and Me: their calls too; a call that needs a session is not started without one', async () => {
    const fetchFn = fakeFetch()
    new Function(firstAnswersScript(FIRST_ANSWERS['pages/card/index']))()
    expect(fetchFn.mock.calls.map((c) => c[0])).toEqual(['/api/hui_public.card/index?lang=zh'])
    delete (window as { __ocpFirstAnswers?: unknown }).__ocpFirstAnswers
    store('token', 'tok-2')
    new Function(firstAnswersScript(FIRST_ANSWERS['pages/card/index']))()
    expect(fetchFn.mock.calls.slice(1).map((c) => c[0])).toEqual(['/api/hui_public.card/index?lang=zh', '/api/personal.user/info?lang=zh'])
    await request('personal.user/info', {})
    await request('hui_public.card/index', {})
    expect(fetchFn).toHaveBeenCalledTimes(3)
  })

  it('a launch link’s referral (what the app stores at start) is in the first answers’ URLs too', async () => {
    window.history.pushState({}, '', '/pages/card/index?share_user_user_id=u-77')
    try {
      const fetchFn = fakeFetch()
      new Function(firstAnswersScript(FIRST_ANSWERS['pages/card/index']))()
      expect(fetchFn.mock.calls[0][0]).toBe('/api/hui_public.card/index?share_user_user_id=u-77&lang=zh')
    } finally {
      window.history.pushState({}, '', '/')
    }
  })

  it('unreadable storage does not stop the page: the script starts the calls anyway', () => {
    window.localStorage.setItem('token', '{not json')
    const fetchFn = fakeFetch()
    expect(runFirstScript).not.toThrow()
    expect(fetchFn.mock.calls[0][1]?.headers).toEqual({ 'Access-Token': '', 'Access-Origin': '' })
  })

  it('builds every URL exactly as the server expects it (firstAnswerUrl): the server answers those and no other', () => {
    const cases: Array<[() => void, { lang: 'zh' | 'en'; city?: number; share?: string }]> = [
      [() => undefined, { lang: 'zh' }],
      [() => (store('lang', 'en'), store('city', { id: 7, name: '广州' })), { lang: 'en', city: 7 }],
      [() => (store('share_user_user_id', 'u-5'), store('city', { id: 2, name: '深圳' })), { lang: 'zh', city: 2, share: 'u-5' }],
    ]
    for (const [arrange, context] of cases) {
      window.localStorage.clear()
      arrange()
      const fetchFn = fakeFetch()
      runFirstScript()
      expect(fetchFn.mock.calls.map((c) => c[0])).toEqual(HOME_FIRST_ANSWERS.map((call) => firstAnswerUrl(call, context)))
      delete (window as { __ocpFirstAnswers?: unknown }).__ocpFirstAnswers
    }
  })

  it('an answer the server put in the page is taken without any request; one for another URL is not', async () => {
    const given: Record<string, GivenAnswer> = {
      '/api/index/moduleList?lang=zh': { status: 200, text: JSON.stringify({ code: 1, msg: 'ok', data: { banners: [], modules: [{ id: 9 }] } }), headers: { 'x-server-time': String(Date.now()) } },
      // Answered for English: the phone (nothing stored) asks in Chinese, so this one is asked for.
      '/api/website.hui_china_city/cityList?lang=en': { status: 200, text: JSON.stringify({ code: 1, msg: 'ok', data: { list: [] } }), headers: {} },
    }
    const fetchFn = fakeFetch()
    runGiven(given)
    expect(fetchFn.mock.calls.map((c) => c[0])).not.toContain('/api/index/moduleList?lang=zh')
    expect(fetchFn.mock.calls.map((c) => c[0])).toContain('/api/website.hui_china_city/cityList?lang=zh')
    // At once for the first render, then kept (issue 27): the request is served it; a pull asks the server.
    expect(firstAnswer('index/moduleList', {})).toEqual({ banners: [], modules: [{ id: 9 }] })
    await request('index/moduleList', {})
    expect(fetchFn.mock.calls.filter((c) => pathOf(c[0]) === 'index/moduleList')).toHaveLength(0)
    await askAgain(() => request('index/moduleList', {}))
    expect(fetchFn.mock.calls.filter((c) => pathOf(c[0]) === 'index/moduleList')).toHaveLength(1)
  })

  it('keeps the language and city in cookies for the next page the server answers, and clears the city when none is stored', () => {
    fakeFetch()
    store('lang', 'en')
    store('city', { id: 4, name: '杭州' })
    runFirstScript()
    expect(document.cookie).toContain('ocp_lang=en')
    expect(document.cookie).toContain('ocp_city=4')
    window.localStorage.removeItem('city')
    window.localStorage.removeItem('lang')
    runFirstScript()
    // No choice stored: no language cookie (the server follows the browser's Accept-Language, as the app its languages).
    expect(document.cookie).not.toContain('ocp_lang')
    expect(document.cookie).not.toContain('ocp_city')
    store('lang', 'zh-CN')
    runFirstScript()
    expect(document.cookie).toContain('ocp_lang=zh')
  })

  it("an English browser with no language chosen (issue 39): the script asks in English, as the app following the same browser does, which takes those answers", async () => {
    browserSays(['en-US', 'en'])
    const fetchFn = fakeFetch()
    runFirstScript()
    expect(fetchFn.mock.calls.map((c) => c[0])).toEqual([
      '/api/index/moduleList?lang=en',
      '/api/website.hui_china_city/cityList?lang=en',
      `/api/hui_public.hsh_seckill_prod/index?page_size=${HOME_FLASH_PAGE_SIZE}&lang=en`,
      `/api/hui_shanghu.shop/index?page=1&page_size=${HOME_SHOP_PAGE_SIZE}&lang=en`,
    ])
    // What app.tsx does at start on H5.
    followSystemLang(() => systemLang.read())
    await homeFirstAnswers()
    expect(fetchFn).toHaveBeenCalledTimes(4)
  })

  it("the script's reading of the browser's languages is langOfTags's (src/contract/firstAnswers.ts), list for list", () => {
    for (const tags of [['en-US'], ['zh-CN', 'en'], ['en-GB', 'zh'], ['zh-Hant-TW'], ['fr', 'de'], ['fr', 'zh-CN'], ['ja-JP'], []]) {
      browserSays(tags)
      jest.spyOn(window.navigator, 'language', 'get').mockReturnValue('')
      const fetchFn = fakeFetch()
      runFirstScript()
      expect([tags, fetchFn.mock.calls[0][0].split('lang=')[1]]).toEqual([tags, langOfTags(tags)])
    }
  })

  it('hides the first screen the server drew when it was drawn for another language or city than the phone keeps', () => {
    fakeFetch()
    const hidden = () => {
      const yes = Array.from(document.head.querySelectorAll('style')).some((st) => st.textContent === '#first-screen{display:none}')
      expect((window as { __ocpDrawnWrong?: boolean }).__ocpDrawnWrong === true).toBe(yes)
      delete (window as { __ocpDrawnWrong?: boolean }).__ocpDrawnWrong
      return yes
    }
    runGiven({}, { lang: 'zh', city: undefined })
    expect(hidden()).toBe(false)
    // An English browser, nothing chosen: a Chinese drawing is hidden, an English one shown.
    browserSays(['en-US'])
    runGiven({}, { lang: 'zh', city: undefined })
    expect(hidden()).toBe(true)
    document.head.querySelectorAll('style').forEach((st) => st.remove())
    runGiven({}, { lang: 'en', city: undefined })
    expect(hidden()).toBe(false)
    browserSays(['zh-CN'])
    store('lang', 'en')
    runGiven({}, { lang: 'zh', city: undefined })
    expect(hidden()).toBe(true)
    document.head.querySelectorAll('style').forEach((st) => st.remove())
    store('city', { id: 3, name: '上海' })
    runGiven({}, { lang: 'en', city: 3 })
    expect(hidden()).toBe(false)
    runGiven({}, { lang: 'en', city: 2 })
    expect(hidden()).toBe(true)
  })

  it("an answer given in the page sets the server's clock right on a phone whose clock is wrong (timed on the phone's own clock)", () => {
    resetClock()
    const real = Date.now()
    const wrong = jest.spyOn(Date, 'now').mockImplementation(() => real + 600_000 + (performance.now() % 1))
    try {
      const given: Record<string, GivenAnswer> = {
        '/api/index/moduleList?lang=zh': { status: 200, text: JSON.stringify({ code: 1, msg: 'ok', data: { banners: [], modules: [] } }), headers: { 'x-server-time': String(real) } },
      }
      fakeFetch()
      runGiven(given)
      expect(firstAnswer('index/moduleList', {})).toEqual({ banners: [], modules: [] })
      // The phone is ten minutes fast: the server's clock is ten minutes behind it (within the page's own age).
      expect(Math.abs(clockOffset() + 600_000)).toBeLessThan(performance.now() + 1000)
    } finally {
      wrong.mockRestore()
      resetClock()
    }
  })
})
