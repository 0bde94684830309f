import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import vm from 'node:vm'
import zlib from 'node:zlib'
import { firstAnswersConfigIn, givenAnswersIn } from '../../server/hosting/firstAnswers'
import { startServer, type TestServer } from './helpers'

let s: TestServer
let dir: string
const STYLES: Record<string, string> = {
  'app.11111111.css': ':root{--bg:#f5f5f5}.page{min-height:100vh}',
  '285.22222222.css': '.home-grid{display:flex}',
  'home-shared.33333333.css': '.shop-row{display:flex}',
}
/** HTML without the answer's CSP nonces (new in every answer; __tests__/server/headers.test.ts checks them). */
const withoutNonces = (html: string) => html.replace(/ nonce="[0-9a-f]+"/g, '').replace(/[0-9a-f]{32}/g, 'NONCE')
/** The page's HTML for a request with these cookies (the shopper's preferences, as the page's script keeps them). */
const pageHtml = async (url: string, cookie?: string) => withoutNonces((await s.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })).body)
/** The answers the server put in the page's first script, by URL (server/hosting/firstAnswers.ts: `given`). */
function givenIn(html: string) {
  const given = givenAnswersIn(html)
  if (!Object.keys(given).length) throw new Error('no given answers in the page')
  return given
}
/** The first screen drawn into the page (server/hosting/drawing), or '' when there is none. */
const drawnIn = (html: string) => /<div id="first-screen"[\s\S]*?<\/script>/.exec(html)?.[0] ?? ''
/** What the page's first script checks the drawing against (server/hosting/pageScripts/firstAnswers.ts: `drawn`). */
const drawnFor = (html: string) => firstAnswersConfigIn(html)?.drawn
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocp-static-'))
  fs.mkdirSync(path.join(dir, 'js'))
  fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html><html><head><title>一卡通</title><script defer="defer" src="/js/app.0123abcd.js"></script><link href="/css/app.11111111.css" rel="stylesheet"></head><body>${'<!-- pad -->'.repeat(200)}<div id="app"></div></body></html>`)
  fs.mkdirSync(path.join(dir, 'css'))
  for (const [name, css] of Object.entries(STYLES)) fs.writeFileSync(path.join(dir, 'css', name), css)
  fs.writeFileSync(path.join(dir, 'js', 'app.0123abcd.js'), `console.log(1);${' '.repeat(5000)}`)
  // As the production build writes them (config/index.ts): best-ratio .br and .gz beside a script.
  const vendor = `var words=${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i % 37}-${i}`))};`
  fs.writeFileSync(path.join(dir, 'js', 'vendor.89abcdef.js'), vendor)
  fs.writeFileSync(path.join(dir, 'js', 'vendor.89abcdef.js.br'), zlib.brotliCompressSync(vendor, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }))
  fs.writeFileSync(path.join(dir, 'js', 'vendor.89abcdef.js.gz'), zlib.gzipSync(vendor, { level: 9 }))
  fs.writeFileSync(
    path.join(dir, 'page-chunks.json'),
    JSON.stringify({
      entry: ['css/app.11111111.css', 'js/app.0123abcd.js'],
      pages: {
        'pages/index/index': ['css/285.22222222.css', 'css/home-shared.33333333.css', 'js/285.44444444.js', 'js/home-shared.55555555.js'],
        'pages/card/my': ['css/app.11111111.css', 'js/77.66666666.js', 'js/home-shared.55555555.js'],
      },
    }),
  )
  s = await startServer(dir)
})
afterAll(async () => {
  await s.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

describe('serving the H5 build', () => {
  it('deep links and unknown page paths answer index.html, never cached', async () => {
    // Titled as the app will title it (the route's title; the app's name for a path it sends Home).
    for (const [url, title] of [['/', '一卡通'], ['/pages/card/my', '我的卡'], ['/pages/nope/index?x=1', '一卡通']]) {
      const res = await s.app.inject({ method: 'GET', url })
      expect([url, res.statusCode]).toEqual([url, 200])
      expect(res.body).toContain(`<title>${title}</title>`)
      expect(res.headers['cache-control']).toBe('no-cache')
    }
  })

  it("a page's own stylesheets are written into the HTML it opens, its scripts preloaded, the entry's left alone", async () => {
    const head = (html: string) => html.slice(0, html.indexOf('</head>'))
    const home = head(await pageHtml('/'))
    for (const url of ['/pages/index/index', '/pages/index/index?city=2']) {
      const other = head(await pageHtml(url))
      expect(other.match(/<(style|link)[^>]*>/g)).toEqual(home.match(/<(style|link)[^>]*>/g))
    }
    // As <style data-href>, which webpack's stylesheet loader takes for the file (no second download).
    expect(home).toContain(`<style data-href="/css/285.22222222.css">${STYLES['285.22222222.css']}</style>`)
    expect(home).toContain(`<style data-href="/css/home-shared.33333333.css">${STYLES['home-shared.33333333.css']}</style>`)
    expect(home).toContain(`<style data-href="/css/app.11111111.css">${STYLES['app.11111111.css']}</style>`)
    expect(home).not.toContain('rel="stylesheet"')
    // Home's scripts are asked for after its drawn first screen (server/hosting/drawing: withFirstScreen), at the end of <body>.
    const homeBody = (await pageHtml('/')).split('</head>')[1]
    expect(homeBody).toContain('<link rel="preload" as="script" href="/js/285.44444444.js">')
    expect(homeBody).toContain('<link rel="preload" as="script" href="/js/home-shared.55555555.js">')
    expect(homeBody.indexOf('rel="preload"')).toBeGreaterThan(homeBody.indexOf('<div id="first-screen"'))
    expect(homeBody.indexOf('<script defer="defer" src="/js/app.0123abcd.js"></script>')).toBeGreaterThan(homeBody.indexOf('<div id="first-screen"'))
    expect(home).not.toContain('app.0123abcd.js')
    // A page with nothing drawn keeps them in <head>.
    expect(head(await pageHtml('/pages/card/my'))).toContain('<script defer="defer" src="/js/app.0123abcd.js"></script>')
    const card = await pageHtml('/pages/card/my')
    expect(card).toContain('<link rel="preload" as="script" href="/js/77.66666666.js">')
    expect(card).not.toContain('285.44444444')
    expect(card.match(/app\.11111111/g)).toHaveLength(1)
    const unknown = await pageHtml('/pages/nope/index')
    expect(unknown).not.toContain('rel="preload"')
    expect(unknown).toContain('一卡通')
  })

  it("Home's HTML starts Home's first answers in <head>, before any script of the app; other pages' HTML does not", async () => {
    const home = (await s.app.inject({ method: 'GET', url: '/' })).body
    const head = home.slice(0, home.indexOf('</head>'))
    const early = head.indexOf('data-first-answers="ask"')
    expect(early).toBeGreaterThan(-1)
    expect(early).toBeLessThan(home.indexOf('<link rel="preload"'))
    expect(head).toContain('index/moduleList')
    expect((await s.app.inject({ method: 'GET', url: '/pages/card/my' })).body).not.toContain('__ocpFirstAnswers')
    // The other tab pages with first calls of their own: Membership card and Me.
    const card = (await s.app.inject({ method: 'GET', url: '/pages/card/index' })).body
    expect(card).toContain('hui_public.card/index')
  })

  it("Home's HTML carries the answers of Home's public first calls — the very answers /api gives, under the URLs the page asks for", async () => {
    const given = givenIn(await pageHtml('/'))
    expect(Object.keys(given)).toEqual([
      '/api/index/moduleList?lang=zh',
      '/api/website.hui_china_city/cityList?lang=zh',
      '/api/hui_public.hsh_seckill_prod/index?page_size=10&lang=zh',
      '/api/hui_shanghu.shop/index?page=1&page_size=10&lang=zh',
    ])
    for (const [url, answer] of Object.entries(given)) {
      const live = await s.app.inject({ method: 'GET', url })
      expect([url, answer.status, JSON.parse(answer.text).data]).toEqual([url, 200, live.json().data])
      expect(Number(answer.headers['x-server-time'])).toBeGreaterThan(1e12)
    }
    // In the shopper's language and city (the preference cookies); a call that needs a session is never answered here.
    const en = givenIn(await pageHtml('/', 'ocp_lang=en; ocp_city=2'))
    expect(Object.keys(en)).toContain('/api/hui_shanghu.shop/index?city_id=2&page=1&page_size=10&lang=en')
    expect(JSON.parse(en['/api/index/moduleList?lang=en'].text).data.modules[0].title).toBe('Membership card')
    const card = givenIn(await pageHtml('/pages/card/index'))
    expect(Object.keys(card)).toEqual(['/api/hui_public.card/index?lang=zh'])
    // A launch link's referral is in the URLs, as the page builds them.
    expect(Object.keys(givenIn(await pageHtml('/pages/card/index?share_user_user_id=u-9')))).toEqual(['/api/hui_public.card/index?share_user_user_id=u-9&lang=zh'])
  })

  it("Home's HTML draws Home's first screen in the shopper's language and city, before the app's mount point; other pages' HTML does not", async () => {
    const home = await pageHtml('/')
    const shell = home.indexOf('<div id="first-screen" aria-hidden="true"')
    expect(shell).toBeGreaterThan(home.indexOf('<body>'))
    expect(shell).toBeLessThan(home.indexOf('<div id="app">'))
    // The answers' data after the drawing (parsed and painted first), still in the document before the app runs.
    expect(home.indexOf('data-first-answers="given"')).toBeGreaterThan(home.indexOf('<div id="app">'))
    expect(home.indexOf('data-first-answers="given"')).toBeLessThan(home.indexOf('</body>'))
    const zh = drawnIn(home)
    expect(zh).toContain('<img src="/assets/img/banner-1.svg" alt="" fetchpriority="high"/>')
    for (const words of ['一卡通', '选择城市 ▾', '搜索商家、商品', '开通会员 买单享折扣', '会员卡', '优惠买单', '限时秒杀', '附近优惠']) expect(zh).toContain(`>${words}<`)
    const en = drawnIn(await pageHtml('/', 'ocp_lang=en; ocp_city=2'))
    for (const words of ['One Card Pass', 'Search shops and products', 'Membership card', 'Flash sales']) expect(en).toContain(`>${words}<`)
    const city = (await s.row<{ name: string }>('SELECT name FROM cities WHERE id = 2')).name
    expect(en).toMatch(new RegExp(`class="home-bar__city[^"]*">[^<]*▾<`))
    expect(drawnIn(await pageHtml('/', 'ocp_city=2'))).toContain(`>${city} ▾<`)
    // The page's script hides a drawing made for another language or city than the phone's (a cookie older than a switch).
    expect(drawnFor(home)).toEqual({ lang: 'zh', city: null })
    expect(drawnFor(await pageHtml('/', 'ocp_lang=en; ocp_city=2'))).toEqual({ lang: 'en', city: 2 })
    expect(drawnIn(await pageHtml('/pages/discountBill/index'))).toBe('')
    expect(drawnIn(await pageHtml('/pages/card/my'))).toBe('')
  })

  it("My orders and Me are drawn as a shopper who has not logged in sees them, in the cookie's language; the page drops them when a session is kept", async () => {
    const orders = drawnIn(await pageHtml('/pages/orders/index'))
    for (const words of ['我的订单', '登录后查看订单', '登录 / 绑定手机']) expect(orders).toContain(`>${words}<`)
    const me = await pageHtml('/pages/personal/index', 'ocp_lang=en')
    const info = (await s.app.inject({ method: 'GET', url: '/api/index/serverInfo?lang=en' })).json().data as { service_phone: string }
    for (const words of ['My account', 'Log in / bind phone', 'Language', 'English', info.service_phone]) expect(drawnIn(me)).toContain(`>${words}<`)
    // Me's customer-service line comes from the answer given in the page (the app's first render has it too).
    expect(Object.keys(givenIn(me))).toEqual(['/api/index/serverInfo?lang=en'])
    // What each was drawn for, checked by the first script before anything shows: the language, and no session.
    expect(drawnFor(me)).toEqual({ lang: 'en', signedOut: true })
    expect(drawnFor(await pageHtml('/pages/orders/index'))).toEqual({ lang: 'zh', signedOut: true })
  })

  it('Membership card is drawn with the card products the page is given (the second chosen, its price in the bar), for a shopper not logged in', async () => {
    const html = await pageHtml('/pages/card/index', 'ocp_lang=en')
    const products = JSON.parse(givenIn(html)['/api/hui_public.card/index?lang=en'].text).data.list as Array<{ name: string; price: number; benefits: string[] }>
    const drawn = drawnIn(html)
    for (const p of products) expect(drawn).toContain(`>${p.name}<`)
    expect(drawn).toContain(`>· ${products[1].benefits[0]}<`)
    expect(drawn).toContain(`class="card-product card-product--level2 card-product--chosen"`)
    expect(drawn).toContain(`<span class="card-products__total">¥${(products[1].price / 100).toFixed(2)}</span>`)
    expect(drawn).toContain('>Buy now<')
    expect(drawnFor(html)).toEqual({ lang: 'en', signedOut: true })
  })

  it('preference cookies are read strictly: anything odd is the default, a city the list does not name draws nothing, and the page varies by cookie', async () => {
    const odd = await s.app.inject({ method: 'GET', url: '/', headers: { cookie: 'ocp_lang=<script>; ocp_city=../../etc' } })
    expect(String(odd.headers.vary)).toMatch(/cookie/i)
    expect(Object.keys(givenIn(odd.body))[0]).toBe('/api/index/moduleList?lang=zh')
    expect(drawnIn(odd.body)).toContain('>选择城市 ▾<')
    expect(odd.body).not.toContain('<script>;')
    expect(drawnIn(await pageHtml('/', 'ocp_city=999999'))).toBe('')
  })

  it("with no language chosen, a page is drawn in the browser's (Accept-Language; issue 39) — its drawing, answers, <html lang> and <title> — and a chosen one wins", async () => {
    const get = (url: string, headers: Record<string, string>) => s.app.inject({ method: 'GET', url, headers })
    const english = await get('/', { 'accept-language': 'en-US,en;q=0.9,zh-CN;q=0.8' })
    expect(drawnFor(english.body)).toEqual({ lang: 'en', city: null })
    for (const words of ['One Card Pass', 'Search shops and products', 'Membership card']) expect(drawnIn(english.body)).toContain(`>${words}<`)
    expect(Object.keys(givenIn(english.body))[0]).toBe('/api/index/moduleList?lang=en')
    expect(english.body).toContain('<html lang="en">')
    expect(english.body).toContain('<title>One Card Pass</title>')
    expect(String(english.headers.vary)).toMatch(/accept-language/i)
    // Me, in English: its own title.
    expect((await get('/pages/personal/index', { 'accept-language': 'en' })).body).toContain('<title>My account</title>')
    // Preferences by weight, then as written; a list without Chinese or English reads English; no list, Chinese.
    expect(drawnFor((await get('/', { 'accept-language': 'en;q=0.5, zh-CN' })).body)?.lang).toBe('zh')
    expect(drawnFor((await get('/', { 'accept-language': 'zh-TW,zh;q=0.9' })).body)?.lang).toBe('zh')
    expect(drawnFor((await get('/', { 'accept-language': 'fr-FR,de;q=0.8' })).body)?.lang).toBe('en')
    expect(drawnFor((await get('/', { 'accept-language': 'en;q=0, zh' })).body)?.lang).toBe('zh')
    expect(drawnFor((await get('/', {})).body)?.lang).toBe('zh')
    // 简体中文 chosen on My account (the cookie): Chinese, whatever the browser says — and the other way round.
    const chosen = await get('/', { 'accept-language': 'en-US,en', cookie: 'ocp_lang=zh' })
    expect(drawnFor(chosen.body)?.lang).toBe('zh')
    expect(chosen.body).toContain('<html lang="zh-CN">')
    expect(chosen.body).toContain('<title>一卡通</title>')
    expect(drawnFor((await get('/', { 'accept-language': 'zh-CN', cookie: 'ocp_lang=en' })).body)?.lang).toBe('en')
  })

  it("what merchants typed is drawn as text, never as markup; the first script's answers cannot end the script", async () => {
    const name = `<img src=x onerror="alert(1)">&'</script>`
    const id = (await s.row<{ id: number }>('SELECT id FROM seckill_products ORDER BY id LIMIT 1')).id
    const old = (await s.row<{ name: string }>('SELECT name FROM seckill_products WHERE id = ?', id)).name
    await s.run('UPDATE seckill_products SET name = ? WHERE id IN (SELECT id FROM seckill_products)', name)
    try {
      const home = await pageHtml('/')
      expect(home).not.toContain('<img src=x')
      expect(home).not.toContain(`'</script>`)
      const drawn = drawnIn(home)
      expect(drawn).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;&#x27;&lt;/script&gt;')
      // The answer in the script is still the server's answer, exactly.
      const given = givenIn(home)['/api/hui_public.hsh_seckill_prod/index?page_size=10&lang=zh']
      const names = (JSON.parse(given.text).data.list as Array<{ name: string }>).map((p) => p.name)
      expect(names.every((n) => n === name)).toBe(true)
    } finally {
      await s.run('UPDATE seckill_products SET name = ? WHERE id = ?', old, id)
    }
  })

  it("`$` patterns in what merchants typed (`$&`, `` $` ``, `$'`, `$$`, `$1`, `$<n>`) are text: Home's HTML is one document, its scripts run, the answers are exact", async () => {
    const name = "Water $` end $& $' $$ $1 $<n> $"
    const flashOld = await s.rows<{ id: number; name: string }>('SELECT id, name FROM seckill_products')
    const shopOld = await s.rows<{ id: number; name: string }>('SELECT id, name FROM shops')
    await s.run('UPDATE seckill_products SET name = ?', name)
    await s.run('UPDATE shops SET name = ?', name)
    try {
      for (const cookie of [undefined, 'ocp_lang=en']) {
        const home = await pageHtml('/', cookie)
        // One document: the template's parts once each.
        for (const once of ['<!doctype html>', '<head>', '</head>', '<body>', '</body>', '</html>', '<div id="app">', '<div id="first-screen"']) expect([once, home.split(once).length - 1]).toEqual([once, 1])
        // The drawing shows the name as typed (HTML-escaped).
        expect(drawnIn(home)).toContain(`>Water $\` end $&amp; $&#x27; $$ $1 $&lt;n&gt; $<`)
        // Every inline script parses, as the browser cuts it out of the page; the answers script hands over exact answers.
        const scripts = Array.from(home.matchAll(/<script(?: data-first-answers="\w+")?>([\s\S]*?)<\/script>/g), (m) => m[1])
        expect(scripts.length).toBeGreaterThanOrEqual(3)
        for (const code of scripts) expect(() => new vm.Script(code)).not.toThrow()
        const given = givenIn(home)
        const early: Record<string, { at: number; got?: { text: string } }> = Object.fromEntries(Object.keys(given).map((url) => [url, { at: 0 }]))
        const answers = /<script data-first-answers="given">([\s\S]*?)<\/script>/.exec(home)?.[1] as string
        vm.runInNewContext(answers, { window: { __ocpFirstAnswers: early } })
        const shopsUrl = Object.keys(given).find((url) => url.startsWith('/api/hui_shanghu.shop/index')) as string
        const flashUrl = Object.keys(given).find((url) => url.startsWith('/api/hui_public.hsh_seckill_prod/index')) as string
        for (const url of [shopsUrl, flashUrl]) {
          const list = JSON.parse(early[url].got?.text ?? '{}').data.list as Array<{ name: string }>
          expect([url, cookie, list.length > 0]).toEqual([url, cookie, true])
          expect(list.every((x) => x.name === name)).toBe(true)
        }
      }
    } finally {
      for (const r of flashOld) await s.run('UPDATE seckill_products SET name = ? WHERE id = ?', r.name, r.id)
      for (const r of shopOld) await s.run('UPDATE shops SET name = ? WHERE id = ?', r.name, r.id)
    }
  })

  it.each(['/constructor', '/__proto__', '/toString', '/hasOwnProperty', '/valueOf', '/pages/index/constructor', '/constructor/'])(
    'a path named like a built-in property (%s) answers as any unknown page: the H5 app, 200, nothing drawn',
    async (url) => {
      const res = await s.app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(200)
      expect(String(res.headers['content-type'])).toMatch(/^text\/html/)
      const html = withoutNonces(res.body)
      expect(html).toContain('<div id="app"></div>')
      expect(html).not.toContain('__ocpFirstAnswers')
      expect(drawnIn(html)).toBe('')
      // As /pages/nope/index answers.
      expect(html).toBe(withoutNonces((await s.app.inject({ method: 'GET', url: '/pages/nope/index' })).body))
    },
  )

  it('hashed assets are cached for a year and compressed', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/js/app.0123abcd.js', headers: { 'accept-encoding': 'br, gzip' } })
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.headers['content-encoding']).toBe('br')
    const html = await s.app.inject({ method: 'GET', url: '/pages/card/my', headers: { 'accept-encoding': 'gzip' } })
    expect(html.headers['content-encoding']).toBe('gzip')
  })

  it('a script built precompressed is sent as built (.br, else .gz, else plain), cached for a year, and says it varies by encoding', async () => {
    const plain = fs.readFileSync(path.join(dir, 'js', 'vendor.89abcdef.js'))
    const br = fs.readFileSync(path.join(dir, 'js', 'vendor.89abcdef.js.br'))
    const gz = fs.readFileSync(path.join(dir, 'js', 'vendor.89abcdef.js.gz'))
    const get = (enc?: string) => s.app.inject({ method: 'GET', url: '/js/vendor.89abcdef.js', headers: enc ? { 'accept-encoding': enc } : {} })
    const asBr = await get('gzip, deflate, br')
    expect(asBr.headers['content-encoding']).toBe('br')
    // The very bytes the build wrote (not compressed again on the fly), and they are the script.
    expect(asBr.rawPayload.equals(br)).toBe(true)
    expect(zlib.brotliDecompressSync(asBr.rawPayload).equals(plain)).toBe(true)
    const asGz = await get('gzip')
    expect(asGz.headers['content-encoding']).toBe('gzip')
    expect(asGz.rawPayload.equals(gz)).toBe(true)
    const asIs = await get()
    expect(asIs.headers['content-encoding']).toBeUndefined()
    expect(asIs.rawPayload.equals(plain)).toBe(true)
    for (const res of [asBr, asGz, asIs]) {
      expect(res.statusCode).toBe(200)
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i)
      expect(String(res.headers['content-type'])).toMatch(/javascript/)
    }
  })

  it('a missing file with an extension is a 404, an unknown API path a code 0', async () => {
    expect((await s.app.inject({ method: 'GET', url: '/js/missing.js' })).statusCode).toBe(404)
    const api = await s.app.inject({ method: 'GET', url: '/api/nope' })
    expect(api.statusCode).toBe(404)
    expect(api.json()).toMatchObject({ code: 0 })
  })
})
