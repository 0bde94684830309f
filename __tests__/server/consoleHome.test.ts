/**
 * Home's content, cities and business classes in the console (issue 45, h45-home): a content operator's banners and
 * grid reach a shopper's Home at once — its answer (index/moduleList) and its drawn first screen — within their rules (a
 * withdrawn banner or one outside its window is not shown; pictures from this server only; links to the app's own
 * pages only); a production start without banners draws Home without a carousel; cities and business classes are
 * added, renamed and switched off (hidden from the shoppers' lists and new sign-ups, never deleted); every write has its
 * audit row. Runs on PostgreSQL too (TEST_DATABASE_URL).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { HOME_LINK_PAGES, HOME_MODULE_KEYS, type OperatorRole } from '../../src/contract/consoleEndpoints'
import type { HomeIndexAnswer } from '../../src/contract/console'
import type { ModuleListAnswer } from '../../src/contract/site'
import { GRID_MODULES } from '../../server/domain/names'
import { fmt } from '../../server/time'
import { holdServerClock, startServer, type TestServer } from './helpers'
import { operatorCalls, type Answer } from './operator'

/** A built H5 page as the server reads it (as __tests__/server/static.test.ts writes one): Home's HTML gets its first screen drawn. */
function fakeBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocp-home-'))
  fs.mkdirSync(path.join(dir, 'js'))
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><title>一卡通</title><script defer="defer" src="/js/app.0123abcd.js"></script></head><body><div id="app"></div></body></html>')
  fs.writeFileSync(path.join(dir, 'js', 'app.0123abcd.js'), 'console.log(1)')
  return dir
}

let s: TestServer
let dir: string
beforeAll(async () => {
  dir = fakeBuild()
  s = await startServer(dir)
})
afterAll(async () => {
  await s.close()
  fs.rmSync(dir, { recursive: true, force: true })
})
afterEach(() => jest.restoreAllMocks())

/** Moments on the server's clock far apart (each sign-in takes a fresh TOTP step). */
let base = Date.UTC(2027, 8, 1)
const freshMoment = () => (base += 24 * 3600_000)

const { consoleCall, signIn } = operatorCalls(() => s)
const tokenOf = (role: OperatorRole, at = freshMoment()) => signIn(role, at)

const home = async (lang = 'zh') => (await s.call<ModuleListAnswer>('GET', 'index/moduleList', { lang })).body.data
/** The first banner picture Home's HTML draws (the one fetched first), or null when it draws none. */
async function drawnBanner(server: TestServer, cookie = ''): Promise<string | null> {
  const html = (await server.app.inject({ method: 'GET', url: '/', headers: cookie ? { cookie } : {} })).body
  const drawn = /<div id="first-screen"[\s\S]*?<\/script>/.exec(html)?.[0] ?? ''
  expect(drawn).toContain('home-bar') // Home's first screen is drawn at all
  return /<img src="([^"]+)" alt="" fetchpriority="high"\/>/.exec(drawn)?.[1] ?? null
}
const auditRows = (kind: string, id: number | string | null) =>
  s.rows<{ action: string; before_json: string | null; after_json: string | null; reason: string | null }>(
    `SELECT action, before_json, after_json, reason FROM operator_audit WHERE target_kind = ? AND ${id === null ? 'target_id IS NULL' : 'target_id = ?'} ORDER BY id`,
    ...(id === null ? [kind] : [kind, String(id)]),
  )
let applicants = 0
/** A new merchant sign-up (as __tests__/server/merchant.test.ts submits one): a fresh shopper, their uploads, a texted code. */
async function signUp(extra: Record<string, unknown>): Promise<Answer> {
  const n = ++applicants
  const shopper = await s.quickUser(`1362222${String(n).padStart(4, '0')}`)
  const mobile = `1372222${String(n).padStart(4, '0')}`
  const code = String(200000 + n)
  await s.run("INSERT INTO sms_codes (phone, scene, code, created_at) VALUES (?, 'shopRegister', ?, ?)", mobile, code, Date.now())
  const payload = {
    shop_name: `Home Test Noodles ${n}`,
    class_id: 1,
    contact_name: 'Li Lei',
    mobile,
    sms_code: code,
    city_id: 1,
    district: '南山区',
    address: 'Keyuan Road 88',
    hours: '10:00-22:00',
    discount_rate: 88,
    licence_image: `/uploads/${'C'.repeat(21)}${n}.jpg`,
    storefront_image: `/uploads/${'D'.repeat(21)}${n}.png`,
    ...extra,
  }
  await s.uploadedBy(shopper.token, payload)
  return (await s.call<Record<string, unknown>>('POST', 'personal.merchant_application/submit', payload, shopper.token)).body as Answer
}
const parsed = (text: string | null): unknown => (text === null ? null : JSON.parse(text))
const text = (ms: number) => fmt(ms).slice(0, 16)

describe("Home's banners", () => {
  const banner = { image: '/assets/img/banner-2.svg', title: '周末好店 满减', title_en: 'Weekend deals', path: '/pages/discountsDay/index' }

  it("a banner a content operator adds shows on a shopper's Home at once, in both languages; put first, Home's HTML draws it first; withdrawn, it is gone; each write has its audit row", async () => {
    const token = await tokenOf('content')
    const before = await home()
    expect(before.banners.map((b) => b.image)).toEqual(['/assets/img/banner-1.svg', '/assets/img/banner-2.svg', '/assets/img/banner-3.svg'])
    expect(await drawnBanner(s)).toBe('/assets/img/banner-1.svg')

    const made = await consoleCall<{ banner: { id: number; showing: boolean } }>('console.home/saveBanner', banner, token)
    expect(made).toMatchObject({ code: 1, data: { banner: { ...banner, withdrawn: false, showing: true, shows_from: null, shows_until: null } } })
    const id = made.data.banner.id
    expect((await home()).banners.at(-1)).toEqual({ id, image: banner.image, title: banner.title, path: banner.path })
    expect((await home('en')).banners.at(-1)).toMatchObject({ id, title: 'Weekend deals' })

    // First in the carousel: Home's answer and Home's drawn HTML follow.
    const ids = (await consoleCall<HomeIndexAnswer>('console.home/index', {}, token)).data.banners.map((b) => b.id)
    const order = [id, ...ids.filter((x) => x !== id)]
    expect(await consoleCall('console.home/orderBanners', { ids: order, reason: 'weekend first' }, token)).toMatchObject({ code: 1 })
    expect((await home()).banners.map((b) => b.id)).toEqual(order)
    holdServerClock(Date.now())
    expect(await drawnBanner(s)).toBe(banner.image)
    expect(await drawnBanner(s, 'ocp_lang=en')).toBe(banner.image)

    // Changed: the new picture and title at once.
    expect(await consoleCall('console.home/saveBanner', { ...banner, id, image: '/assets/img/banner-3.svg', title: '周末好店 五折' }, token)).toMatchObject({ code: 1 })
    expect((await home()).banners[0]).toMatchObject({ id, image: '/assets/img/banner-3.svg', title: '周末好店 五折' })

    expect(await consoleCall('console.home/setBannerShown', { id, shown: false, reason: 'campaign over' }, token)).toMatchObject({ code: 1, data: { banner: { id, withdrawn: true, showing: false } } })
    expect((await home()).banners.map((b) => b.id)).not.toContain(id)
    expect(await drawnBanner(s)).toBe('/assets/img/banner-1.svg')
    // The console still lists it, withdrawn; shown again, it is back in its place.
    expect((await consoleCall<HomeIndexAnswer>('console.home/index', {}, token)).data.banners.find((b) => b.id === id)).toMatchObject({ withdrawn: true })
    expect(await consoleCall('console.home/setBannerShown', { id, shown: true }, token)).toMatchObject({ code: 1 })
    expect((await home()).banners[0].id).toBe(id)

    const rows = await auditRows('home_banner', id)
    expect(rows.map((r) => [r.action, r.reason])).toEqual([
      ['home.createBanner', null],
      ['home.saveBanner', null],
      ['home.withdrawBanner', 'campaign over'],
      ['home.showBanner', null],
    ])
    expect([parsed(rows[1].before_json), parsed(rows[1].after_json)]).toMatchObject([{ title: banner.title }, { title: '周末好店 五折' }])
    const orderRows = await auditRows('home_banners', null)
    expect(orderRows.at(-1)).toMatchObject({ action: 'home.orderBanners', reason: 'weekend first' })
    expect(parsed(orderRows.at(-1)?.after_json ?? null)).toEqual(order)

    // Back as it was for the other cases.
    expect(await consoleCall('console.home/setBannerShown', { id, shown: false }, token)).toMatchObject({ code: 1 })
    expect(await consoleCall('console.home/orderBanners', { ids: [...order.slice(1), id] }, token)).toMatchObject({ code: 1 })
  })

  it('a banner shows only inside its window (a stated time on the business clock): not before it starts, not from its end', async () => {
    const at = freshMoment()
    const token = await tokenOf('content', at)
    const hour = 3600_000
    const made = await consoleCall<{ banner: { id: number } }>('console.home/saveBanner', { ...banner, title: '限时窗口', shows_from: text(at + 2 * hour), shows_until: text(at + 5 * hour) }, token)
    expect(made).toMatchObject({ code: 1, data: { banner: { showing: false, shows_from: text(at + 2 * hour), shows_until: text(at + 5 * hour) } } })
    const id = made.data.banner.id
    const shown = async () => (await home()).banners.some((b) => b.id === id)
    expect(await shown()).toBe(false)
    holdServerClock(at + 2 * hour)
    expect(await shown()).toBe(true)
    holdServerClock(at + 5 * hour - 1)
    expect(await shown()).toBe(true)
    holdServerClock(at + 5 * hour)
    expect(await shown()).toBe(false)
    // The window cleared: shown always.
    holdServerClock(at + 6 * hour)
    expect(await consoleCall('console.home/saveBanner', { ...banner, id, title: '限时窗口', shows_from: '', shows_until: null }, await tokenOf('content', at + 6 * hour))).toMatchObject({ code: 1, data: { banner: { showing: true } } })
    expect(await shown()).toBe(true)
    expect(await consoleCall('console.home/setBannerShown', { id, shown: false }, await tokenOf('content'))).toMatchObject({ code: 1 })
  })

  it('refused: another site’s picture or a missing upload, a link outside the app, a window ending before it starts, a stale order, an unknown banner — nothing changes', async () => {
    const token = await tokenOf('content')
    const count = async () => (await consoleCall<HomeIndexAnswer>('console.home/index', {}, token)).data.banners.length
    const n = await count()
    expect(await consoleCall('console.home/saveBanner', { ...banner, image: 'https://example.com/ad.jpg' }, token)).toMatchObject({ code: 0, reason: 'console_picture_invalid' })
    expect(await consoleCall('console.home/saveBanner', { ...banner, image: '/uploads/aaaaaaaaaaaaaaaaaaaaaa.jpg' }, token)).toMatchObject({ code: 0, reason: 'console_picture_invalid' })
    expect(await consoleCall('console.home/saveBanner', { ...banner, path: 'https://example.com/' }, token)).toMatchObject({ code: 0, reason: 'console_banner_link_invalid' })
    expect(await consoleCall('console.home/saveBanner', { ...banner, path: '/pages/index/index' }, token)).toMatchObject({ code: 0, reason: 'console_banner_link_invalid' })
    expect(await consoleCall('console.home/saveBanner', { ...banner, shows_from: '2027-10-02 10:00', shows_until: '2027-10-02 09:00' }, token)).toMatchObject({ code: 0, reason: 'console_banner_window_invalid' })
    expect(await consoleCall('console.home/saveBanner', { ...banner, shows_from: 'tomorrow' }, token)).toMatchObject({ code: 0, reason: 'console_banner_window_invalid' })
    expect(await consoleCall('console.home/saveBanner', { ...banner, title: '' }, token)).toMatchObject({ code: 0 })
    expect(await consoleCall('console.home/saveBanner', { ...banner, id: 999_999 }, token)).toMatchObject({ code: 0, reason: 'console_banner_not_found' })
    expect(await count()).toBe(n)
    const ids = (await consoleCall<HomeIndexAnswer>('console.home/index', {}, token)).data.banners.map((b) => b.id)
    expect(await consoleCall('console.home/orderBanners', { ids: ids.slice(1) }, token)).toMatchObject({ code: 0, reason: 'console_banner_order_stale' })
    expect(await consoleCall('console.home/orderBanners', { ids: [ids[0], ...ids.slice(0, -1)] }, token)).toMatchObject({ code: 0, reason: 'console_banner_order_stale' })
    expect((await consoleCall<HomeIndexAnswer>('console.home/index', {}, token)).data.banners.map((b) => b.id)).toEqual(ids)
    expect(await consoleCall('console.home/saveBanner', banner, await tokenOf('finance'))).toMatchObject({ code: 0, reason: 'operator_role_refused' })
  })
})

describe("Home's service grid", () => {
  it("the contract's modules are the grid's, and its pages the ones a banner may open", () => {
    expect(GRID_MODULES.map((m) => m[0])).toEqual([...HOME_MODULE_KEYS])
    expect(GRID_MODULES.map((m) => m[3])).toEqual([...HOME_LINK_PAGES])
  })

  it("modules switched off and reordered change a shopper's Home at once; a list without every module once is refused", async () => {
    const token = await tokenOf('content')
    const keys = async () => (await home()).modules.map((m) => m.key)
    expect(await keys()).toEqual([...HOME_MODULE_KEYS])
    const order = ['seckill', 'card', ...HOME_MODULE_KEYS.filter((k) => k !== 'seckill' && k !== 'card')]
    const saved = await consoleCall<{ modules: Array<{ key: string; shown: boolean }> }>('console.home/saveModules', { modules: order.map((key) => ({ key, shown: key !== 'recruit' })), reason: 'sale week' }, token)
    expect(saved).toMatchObject({ code: 1 })
    expect(saved.data.modules.map((m) => m.key)).toEqual(order)
    expect(await keys()).toEqual(order.filter((k) => k !== 'recruit'))
    expect((await home('en')).modules[0]).toMatchObject({ key: 'seckill', title: 'Flash sales' })
    // Home's drawn grid follows (its first tile is the first module's).
    const html = (await s.app.inject({ method: 'GET', url: '/' })).body
    const drawn = /<div id="first-screen"[\s\S]*?<\/script>/.exec(html)?.[0] ?? ''
    expect(drawn.indexOf('>限时秒杀<')).toBeLessThan(drawn.indexOf('>会员卡<'))
    expect(drawn).not.toContain('>招聘<')

    for (const modules of [order.slice(1).map((key) => ({ key, shown: true })), [...order, 'card'].map((key) => ({ key, shown: true })), [...order.slice(1), 'nope'].map((key) => ({ key, shown: true }))]) {
      expect(await consoleCall('console.home/saveModules', { modules }, token)).toMatchObject({ code: 0, reason: 'console_modules_invalid' })
    }
    expect(await keys()).toEqual(order.filter((k) => k !== 'recruit'))
    const rows = await auditRows('home_modules', null)
    expect(rows.map((r) => [r.action, r.reason])).toEqual([['home.saveModules', 'sale week']])
    expect(parsed(rows[0].after_json)).toContainEqual({ key: 'recruit', shown: false })

    expect(await consoleCall('console.home/saveModules', { modules: HOME_MODULE_KEYS.map((key) => ({ key, shown: true })) }, token)).toMatchObject({ code: 1 })
    expect(await keys()).toEqual([...HOME_MODULE_KEYS])
  })
})

describe('a production start (no demo data)', () => {
  it('answers Home without banners and draws Home without a carousel; the grid as built', async () => {
    const build = fakeBuild()
    const bare = await startServer({ staticDir: build, demoData: false })
    try {
      const answer = (await bare.call<ModuleListAnswer>('GET', 'index/moduleList')).body
      expect(answer).toMatchObject({ code: 1, data: { banners: [] } })
      expect(answer.data.modules.map((m) => m.key)).toEqual([...HOME_MODULE_KEYS])
      expect(await drawnBanner(bare)).toBeNull()
      const html = (await bare.app.inject({ method: 'GET', url: '/' })).body
      expect(html).not.toContain('home-banners')
    } finally {
      await bare.close()
      fs.rmSync(build, { recursive: true, force: true })
    }
  })
})

describe('cities and business classes', () => {
  it('a city added and renamed shows in the shoppers’ city list at once (in both languages); switched off it is gone from the list and new sign-ups, its shops stay', async () => {
    const token = await tokenOf('content')
    const cityList = async (lang = 'zh') => (await s.call<{ list: Array<{ id: number; name: string; hot: boolean }> }>('GET', 'website.hui_china_city/cityList', { lang })).body.data.list
    const made = await consoleCall<{ city: { id: number } }>('console.city/save', { name: '珠海', name_en: 'Zhuhai', pinyin: 'zhuhai', hot: false, lat: 22.2707, lng: 113.5767 }, token)
    expect(made).toMatchObject({ code: 1, data: { city: { name: '珠海', name_en: 'Zhuhai', shown: true, shops: 0 } } })
    const id = made.data.city.id
    expect(await cityList()).toContainEqual({ id, name: '珠海', pinyin: 'zhuhai', hot: false })
    expect(await cityList('en')).toContainEqual(expect.objectContaining({ id, name: 'Zhuhai' }))
    expect((await s.call('GET', 'website.hui_china_city/locate', { lat: 22.27, lng: 113.57, lang: 'en' })).body).toMatchObject({ data: { city: { id, name: 'Zhuhai' } } })

    expect(await consoleCall('console.city/save', { id, name: '珠海市', name_en: 'Zhuhai City', pinyin: 'zhuhai', hot: true, lat: 22.2707, lng: 113.5767 }, token)).toMatchObject({ code: 1 })
    expect((await cityList('en')).find((c) => c.id === id)).toMatchObject({ name: 'Zhuhai City', hot: true })
    expect(await consoleCall('console.city/save', { name: '深圳', name_en: 'Shenzhen 2', pinyin: 'shenzhen' }, token)).toMatchObject({ code: 0, reason: 'console_city_name_taken' })
    expect(await consoleCall('console.city/save', { name: '某市', name_en: 'Zhuhai city', pinyin: 'moushi' }, token)).toMatchObject({ code: 0, reason: 'console_city_name_taken' })
    expect(await consoleCall('console.city/save', { name: '某市', name_en: 'Somewhere', pinyin: 'Mou Shi' }, token)).toMatchObject({ code: 0 })
    expect(await consoleCall('console.city/save', { id: 999_999, name: '某市', name_en: 'Somewhere', pinyin: 'moushi' }, token)).toMatchObject({ code: 0, reason: 'console_city_not_found' })

    // Shenzhen has shops: switched off, it leaves the list and the nearest-city answer; its shops stay, and so does the row.
    const shenzhen = (await consoleCall<{ cities: Array<{ id: number; shops: number }> }>('console.city/index', {}, token)).data.cities.find((c) => c.id === 1)
    expect(shenzhen?.shops).toBeGreaterThan(0)
    expect(await consoleCall('console.city/setShown', { id: 1, shown: false, reason: 'test' }, token)).toMatchObject({ code: 1, data: { city: { id: 1, shown: false } } })
    expect((await cityList()).map((c) => c.id)).not.toContain(1)
    expect((await s.call<{ city: { id: number } | null }>('GET', 'website.hui_china_city/locate', { lat: 22.5431, lng: 114.0579 })).body.data.city?.id).not.toBe(1)
    expect((await signUp({ city_id: 1 })).reason).toBe('merchant_city_invalid')
    expect(Number((await s.row<{ n: number }>('SELECT COUNT(*) AS n FROM shops WHERE city_id = 1')).n)).toBe(shenzhen?.shops)
    expect(await consoleCall('console.city/setShown', { id: 1, shown: true }, token)).toMatchObject({ code: 1 })
    expect((await cityList()).map((c) => c.id)).toContain(1)
    expect(await signUp({ city_id: 1 })).toMatchObject({ code: 1 })

    const rows = await auditRows('city', 1)
    expect(rows.map((r) => [r.action, r.reason])).toEqual([
      ['city.hide', 'test'],
      ['city.show', null],
    ])
    expect((await auditRows('city', id)).map((r) => r.action)).toEqual(['city.create', 'city.save'])
  })

  it('a business class added, renamed and switched off: the shoppers’ classes follow at once; a hidden class is refused to a new merchant sign-up', async () => {
    const token = await tokenOf('content')
    const classes = async (lang = 'zh') => (await s.call<{ list: Array<{ id: number; name: string; icon: string }> }>('GET', 'hui_shanghu.hs_business_class/index', { lang })).body.data.list
    const made = await consoleCall<{ business_class: { id: number; sort: number } }>('console.businessClass/save', { name: '宠物', name_en: 'Pets', icon: '/assets/img/class-4.svg' }, token)
    expect(made).toMatchObject({ code: 1, data: { business_class: { name: '宠物', name_en: 'Pets', shown: true, shops: 0 } } })
    const id = made.data.business_class.id
    expect((await classes()).at(-1)).toMatchObject({ id, name: '宠物', icon: '/assets/img/class-4.svg' })
    expect(await consoleCall('console.businessClass/save', { id, name: '宠物服务', name_en: 'Pet care', icon: '/assets/img/class-4.svg' }, token)).toMatchObject({ code: 1 })
    expect((await classes('en')).at(-1)).toMatchObject({ id, name: 'Pet care' })
    expect(await consoleCall('console.businessClass/save', { name: '新类目', name_en: 'New', icon: 'https://example.com/i.svg' }, token)).toMatchObject({ code: 0, reason: 'console_picture_invalid' })
    expect(await consoleCall('console.businessClass/save', { name: '美食', name_en: 'Food 2', icon: '/assets/img/class-1.svg' }, token)).toMatchObject({ code: 0, reason: 'console_class_name_taken' })

    expect(await consoleCall('console.businessClass/setShown', { id, shown: false }, token)).toMatchObject({ code: 1, data: { business_class: { shown: false } } })
    expect((await classes()).map((c) => c.id)).not.toContain(id)
    expect((await signUp({ class_id: id })).reason).toBe('merchant_class_invalid')
    expect((await auditRows('business_class', id)).map((r) => r.action)).toEqual(['businessClass.create', 'businessClass.save', 'businessClass.hide'])
  })
})
