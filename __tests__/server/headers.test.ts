import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import vm from 'node:vm'
import * as acorn from 'acorn'
import type { LightMyRequestResponse } from 'fastify'
import { JSSDK_ORIGIN } from '../../server/http/security'
import { startServer, type TestServer } from './helpers'
import { firstAnswersConfigIn } from '../../server/hosting/firstAnswers'

// The headers of each kind of answer (issue 23): the pages' CSP with a nonce per answer on every inline script and
// style, framing and referrer policies, and no cache keeping an /api answer (most depend on the token).

let s: TestServer
let dir: string
// As the H5 build writes index.html: Taro's inline rem script in <head>, then the deferred entry scripts and the stylesheet.
const INDEX = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>一卡通</title><script>!function(n){n.document.documentElement.style.fontSize="20px"}(window);</script><script defer="defer" src="/js/app.0123abcd.js"></script><link href="/css/app.11111111.css" rel="stylesheet"></head><body><div id="app"></div></body></html>`

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocp-headers-'))
  fs.mkdirSync(path.join(dir, 'js'))
  fs.mkdirSync(path.join(dir, 'css'))
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX)
  fs.writeFileSync(path.join(dir, 'js', 'app.0123abcd.js'), 'console.log(1)')
  fs.writeFileSync(path.join(dir, 'css', 'app.11111111.css'), '.page{min-height:100vh}')
  s = await startServer(dir)
})
afterAll(async () => {
  await s.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

const get = (url: string, headers: Record<string, string> = {}) => s.app.inject({ method: 'GET', url, headers })

/** The CSP of an answer as directive → sources. */
function cspOf(res: LightMyRequestResponse): Map<string, string[]> {
  const raw = String(res.headers['content-security-policy'] ?? '')
  return new Map(
    raw
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name, sources]),
  )
}

/** The nonce a directive allows (there is one per directive and answer). */
function nonceIn(csp: Map<string, string[]>, directive: string): string {
  const nonces = (csp.get(directive) ?? []).map((src) => /^'nonce-([^']+)'$/.exec(src)?.[1]).filter((n): n is string => !!n)
  expect([directive, nonces.length]).toEqual([directive, 1])
  return nonces[0]
}

/** Every opening <script> and <style> tag of an HTML answer. */
const inlineTags = (html: string) => Array.from(html.matchAll(/<(script|style)\b([^>]*)>/g), (m) => ({ tag: m[0], name: m[1], attrs: m[2] }))

/** Each inline <script> and <style> carries the answer's nonce for its kind; scripts with src need none. Returns the count checked. */
function expectNonces(res: LightMyRequestResponse): number {
  const csp = cspOf(res)
  const nonce = { script: nonceIn(csp, 'script-src'), style: nonceIn(csp, 'style-src') }
  const inline = inlineTags(res.body).filter((t) => !/\ssrc=/.test(t.attrs))
  for (const t of inline) expect([t.tag, /\snonce="([^"]+)"/.exec(t.attrs)?.[1]]).toEqual([t.tag, nonce[t.name as 'script' | 'style']])
  return inline.length
}

/** The headers every page (and the cashier) carries against framing, sniffing and leaking its URL. */
function expectPageHeaders(res: LightMyRequestResponse) {
  const csp = cspOf(res)
  expect(csp.get('frame-ancestors')).toEqual(["'none'"])
  expect(csp.get('object-src')).toEqual(["'none'"])
  expect(csp.get('script-src')).not.toContain("'unsafe-inline'")
  expect(csp.get('script-src')).not.toContain("'unsafe-eval'")
  expect(csp.get('style-src')).not.toContain("'unsafe-inline'")
  expect(csp.get('script-src-attr') ?? ["'none'"]).toEqual(["'none'"])
  expect(res.headers['x-frame-options']).toBe('DENY')
  expect(res.headers['x-content-type-options']).toBe('nosniff')
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
}

describe("the pages' headers: CSP with a nonce per answer, no framing", () => {
  const PAGES = [
    ['Home, drawn, with its first calls answered', '/'],
    ['Membership card, drawn', '/pages/card/index'],
    ['My orders, drawn with no first calls', '/pages/orders/index'],
    ['Discount bill: first calls, nothing drawn', '/pages/discountBill/index'],
    ['a page with neither', '/pages/card/my'],
    ['an unknown page', '/pages/nope/index'],
  ] as const

  it.each(PAGES)('%s: every inline script and style the server writes carries the nonce its CSP allows', async (_what, url) => {
    const res = await get(url, { cookie: 'ocp_lang=en' })
    expect(res.statusCode).toBe(200)
    expectPageHeaders(res)
    // Taro's rem script and the stylesheet written into the page are inline on every page.
    expect(expectNonces(res)).toBeGreaterThanOrEqual(2)
    // WeChat's JSSDK, which the app adds inside WeChat (src/platform/jssdk.h5.ts).
    expect(cspOf(res).get('script-src')).toEqual(expect.arrayContaining(["'self'", JSSDK_ORIGIN]))
    // The app's runtime finds the style nonce here for the <style> elements it adds (Taro's components and router).
    expect(res.body).toContain(`<meta name="csp-nonce" content="${nonceIn(cspOf(res), 'style-src')}">`)
  })

  it("a drawn page's scripts and styles — the first calls, the answers, the drawing — all carry it, with no style attribute left", async () => {
    const res = await get('/')
    const tags = inlineTags(res.body).filter((t) => !/\ssrc=/.test(t.attrs))
    // Taro's rem script, the early calls, the drawing's style and script, the answers; the stylesheet.
    expect(tags.filter((t) => t.name === 'script').length).toBeGreaterThanOrEqual(4)
    expect(tags.filter((t) => t.name === 'style').length).toBeGreaterThanOrEqual(2)
    expectNonces(res)
    // A style attribute would need 'unsafe-inline' for attributes: the drawing puts its boxes in its rules.
    expect(res.body).not.toMatch(/<[^>]+\sstyle="/)
    // The server's scripts run before any polyfill: ES5, built so from server/hosting/pageScripts (Taro's build-time one aside).
    const scripts = Array.from(res.body.matchAll(/<script nonce="[^"]+"[^>]*>([\s\S]*?)<\/script>/g), (m) => m[1])
    expect(scripts.length).toBeGreaterThanOrEqual(4)
    for (const code of scripts) expect(() => acorn.parse(code, { ecmaVersion: 5, sourceType: 'script' })).not.toThrow()
    // The script that hides a drawing made for another language gives its <style> the style nonce.
    expect(firstAnswersConfigIn(res.body)?.styleNonce).toBe(nonceIn(cspOf(res), 'style-src'))
  })

  it("the <style> elements the app's scripts create get the style nonce; other elements, and markup, do not", async () => {
    const res = await get('/pages/card/my')
    const style = nonceIn(cspOf(res), 'style-src')
    const boot = /<meta name="csp-nonce" content="[0-9a-f]+"><script nonce="[0-9a-f]+">([\s\S]*?)<\/script>/.exec(res.body)?.[1] ?? ''
    expect(res.body.indexOf(boot)).toBeLessThan(res.body.indexOf('<style'))
    // A document as far as the script sees one: createElement makes elements named by their tag.
    const made: Array<{ tagName: string; nonce?: string }> = []
    const document = { createElement: (tag: string) => (made.push({ tagName: tag.toUpperCase() }), made[made.length - 1]) }
    vm.runInNewContext(boot, { document })
    document.createElement('style')
    document.createElement('script')
    document.createElement('div')
    expect(made).toEqual([{ tagName: 'STYLE', nonce: style }, { tagName: 'SCRIPT' }, { tagName: 'DIV' }])
  })

  it('nonces are new in every answer, and differ between scripts and styles', async () => {
    const seen = new Set<string>()
    for (let i = 0; i < 4; i++) {
      const csp = cspOf(await get('/'))
      for (const n of [nonceIn(csp, 'script-src'), nonceIn(csp, 'style-src')]) {
        expect(n).toMatch(/^[0-9a-f]{32}$/)
        expect(seen.has(n)).toBe(false)
        seen.add(n)
      }
    }
  })

  it("the build's own inline script keeps its text and gets the nonce; a script with src is left as built", async () => {
    const res = await get('/pages/card/my')
    const nonce = nonceIn(cspOf(res), 'script-src')
    expect(res.body).toContain(`<script nonce="${nonce}">!function(n){n.document.documentElement.style.fontSize="20px"}(window);</script>`)
    expect(res.body).toContain('<script defer="defer" src="/js/app.0123abcd.js"></script>')
  })

  it("the sandbox cashier: its own CSP (its script and style by nonce, calls to this origin, no JSSDK), not framed", async () => {
    const { token } = await s.login('13700001234')
    const order = (await s.call<{ order_info: { id: number } }>('POST', 'personal.order/create', { kind: 'bill', shop_id: 1, amount: 1000, client_request_id: 'headers-cashier-1' }, token)).body.data.order_info
    const pay = await s.call<{ pay_param: { pay_url: string } }>('POST', 'personal.order/payparam', { id: order.id, platform: 'h5', pay_channel: 6 }, token)
    const res = await get(pay.body.data.pay_param.pay_url)
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('id="pay"')
    expectPageHeaders(res)
    expect(expectNonces(res)).toBe(2)
    const csp = cspOf(res)
    expect(csp.get('default-src')).toEqual(["'none'"])
    expect(csp.get('connect-src')).toEqual(["'self'"])
    expect(csp.get('script-src')).not.toContain(JSSDK_ORIGIN)
    expect(res.headers['cache-control']).toBe('no-store')
    // An unknown trade's page too.
    expectPageHeaders(await get('/sandbox/cashier?trade_no=nope'))
  })

  it("the JSSDK host allowed is the one the app loads WeChat's JSSDK from", () => {
    const source = fs.readFileSync(path.join(__dirname, '..', '..', 'src', 'platform', 'jssdk.h5.ts'), 'utf8')
    const src = /JSSDK_SRC = '([^']+)'/.exec(source)?.[1] ?? ''
    expect(new URL(src).origin).toBe(JSSDK_ORIGIN)
  })

  it('pictures keep their own policies: public caching, a CSP of their own', async () => {
    const art = await get('/assets/img/banner-1.svg')
    expect(art.statusCode).toBe(200)
    expect(art.headers['cache-control']).toBe('public, max-age=86400')
    expect(art.headers['content-security-policy']).toBe("default-src 'none'")
    expect(art.headers['x-content-type-options']).toBe('nosniff')
  })
})

describe('/api answers are kept by no cache: they depend on the token, or may', () => {
  const expectNoStore = (what: string, res: LightMyRequestResponse) => {
    expect([what, res.headers['cache-control']]).toEqual([what, 'private, no-store'])
    expect([what, String(res.headers.vary ?? '').toLowerCase()]).toEqual([what, expect.stringContaining('access-token')])
  }
  let token = ''
  beforeAll(async () => {
    token = (await s.login('13700005678')).token
    await s.call('POST', 'personal.coupon/claim', { coupon_id: 1 }, token)
  })
  const as = (url: string, tok = token) => s.app.inject({ method: 'GET', url, headers: { 'access-token': tok, 'access-origin': '' } })

  it("a shopper's own answers (personal.*, a card's till secret)", async () => {
    const info = await as('/api/personal.user/info')
    expect(info.json().code).toBe(1)
    expectNoStore('personal.user/info', info)
    expectNoStore('personal.card/index (till_secret)', await as('/api/personal.card/index'))
    expectNoStore('personal.order/index', await as('/api/personal.order/index'))
  })

  it('public answers that change with the token: coupons with `claimed`, a flash-sale product with `bought`', async () => {
    const coupons = await as('/api/hui_public.coupon/index')
    expect((coupons.json().data.list as Array<{ id: number; claimed: boolean }>).find((c) => c.id === 1)?.claimed).toBe(true)
    expectNoStore('hui_public.coupon/index', coupons)
    const id = (await s.row<{ id: number }>('SELECT id FROM seckill_products ORDER BY id LIMIT 1')).id
    const flash = await as(`/api/hui_public.hsh_seckill_prod/read?id=${id}`)
    expect(flash.json().data).toHaveProperty('bought')
    expectNoStore('hui_public.hsh_seckill_prod/read', flash)
  })

  it('public answers, refusals, the 404 and the framework’s own errors alike: one rule for all of /api', async () => {
    expectNoStore('index/moduleList', await as('/api/index/moduleList', ''))
    const refused = await as('/api/personal.user/info', '')
    expect(refused.json().code).toBe(-1)
    expectNoStore('login required', refused)
    expectNoStore('unknown /api path', await as('/api/nope'))
    const badUrl = await as('/api/%')
    expect(badUrl.json().code).toBe(0)
    expectNoStore('undecodable URL', badUrl)
    const posted = await s.app.inject({ method: 'POST', url: '/api/personal.coupon/claim', payload: { coupon_id: 1 }, headers: { 'access-token': token } })
    expectNoStore('POST', posted)
    // A compressed answer says so too (Vary keeps both).
    const big = await s.app.inject({ method: 'GET', url: '/api/hui_shanghu.shop/index?page_size=50', headers: { 'accept-encoding': 'gzip' } })
    expect(big.headers['content-encoding']).toBe('gzip')
    expectNoStore('compressed', big)
    expect(String(big.headers.vary).toLowerCase()).toContain('accept-encoding')
  })

  it('pages are not /api: revalidated, varying by the preference cookies', async () => {
    const page = await get('/')
    expect(page.headers['cache-control']).toBe('no-cache')
    expect(String(page.headers.vary).toLowerCase()).toContain('cookie')
  })
})
