import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { startServer, type TestServer } from './helpers'

let s: TestServer
let dir: string
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocp-static-'))
  fs.mkdirSync(path.join(dir, 'js'))
  fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html><html><head><title>一卡通</title></head><body>${'<!-- pad -->'.repeat(200)}<div id="app"></div></body></html>`)
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
    for (const url of ['/', '/pages/card/my', '/pages/nope/index?x=1']) {
      const res = await s.app.inject({ method: 'GET', url })
      expect([url, res.statusCode]).toEqual([url, 200])
      expect(res.body).toContain('一卡通')
      expect(res.headers['cache-control']).toBe('no-cache')
    }
  })

  it("a page's own chunks are named in the HTML it opens: stylesheets linked, scripts preloaded, the entry's left alone", async () => {
    const home = (await s.app.inject({ method: 'GET', url: '/' })).body
    for (const url of ['/', '/pages/index/index', '/pages/index/index?city=2']) expect((await s.app.inject({ method: 'GET', url })).body).toBe(home)
    const head = home.slice(0, home.indexOf('</head>'))
    expect(head).toContain('<link rel="stylesheet" href="/css/285.22222222.css">')
    expect(head).toContain('<link rel="stylesheet" href="/css/home-shared.33333333.css">')
    expect(head).toContain('<link rel="preload" as="script" href="/js/285.44444444.js">')
    expect(head).toContain('<link rel="preload" as="script" href="/js/home-shared.55555555.js">')
    const card = (await s.app.inject({ method: 'GET', url: '/pages/card/my' })).body
    expect(card).toContain('<link rel="preload" as="script" href="/js/77.66666666.js">')
    expect(card).not.toContain('285.44444444')
    expect(card).not.toContain('app.11111111')
    const unknown = (await s.app.inject({ method: 'GET', url: '/pages/nope/index' })).body
    expect(unknown).not.toContain('rel="preload"')
    expect(unknown).toContain('一卡通')
  })

  it("Home's HTML starts Home's first calls in <head>, before any script of the app; other pages' HTML does not", async () => {
    const home = (await s.app.inject({ method: 'GET', url: '/' })).body
    const head = home.slice(0, home.indexOf('</head>'))
    const early = head.indexOf('window.__ocpEarly')
    expect(early).toBeGreaterThan(-1)
    expect(early).toBeLessThan(head.indexOf('<link rel="preload"'))
    expect(head).toContain('index/moduleList')
    expect((await s.app.inject({ method: 'GET', url: '/pages/card/my' })).body).not.toContain('__ocpEarly')
    // The other tab pages with first calls of their own: Membership card and Me (no first screen drawn there).
    const card = (await s.app.inject({ method: 'GET', url: '/pages/card/index' })).body
    expect(card).toContain('hui_public.card/index')
    expect(card).not.toContain('home-shell')
  })

  it("Home's HTML draws Home's first screen (the first banner's picture) before the app's mount point; other pages' HTML does not", async () => {
    const home = (await s.app.inject({ method: 'GET', url: '/' })).body
    const shell = home.indexOf('<div id="home-shell" aria-hidden="true"')
    expect(shell).toBeGreaterThan(home.indexOf('<body>'))
    expect(shell).toBeLessThan(home.indexOf('<div id="app">'))
    expect(home).toContain('<img class="home-banners__img" src="/assets/img/banner-1.svg" alt=""')
    expect((await s.app.inject({ method: 'GET', url: '/pages/card/my' })).body).not.toContain('home-shell')
  })

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
