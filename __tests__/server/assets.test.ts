import { startServer, type TestServer } from './helpers'

let s: TestServer
beforeAll(async () => {
  s = await startServer()
})
afterAll(() => s.close())

const get = (url: string, headers: Record<string, string> = {}) => s.app.inject({ method: 'GET', url, headers })

/** Every picture URL a shopper's screens can receive: the seeded rows, moduleList, a new shopper's avatar. */
async function servedImageUrls(): Promise<string[]> {
  const column = async (sql: string) => (await s.rows<{ url: string }>(sql)).map((r) => r.url)
  const modules = await s.call<{ banners: Array<{ image: string }>; modules: Array<{ icon: string }> }>('GET', 'index/moduleList')
  await s.login('13800007781')
  return [
    ...await column('SELECT icon AS url FROM business_classes'),
    ...await column('SELECT image AS url FROM shops'),
    ...await column('SELECT image AS url FROM seckill_products'),
    ...await column('SELECT DISTINCT avatar AS url FROM comments'),
    ...await column("SELECT avatar AS url FROM users WHERE phone = '13800007781'"),
    ...modules.body.data.banners.map((b) => b.image),
    ...modules.body.data.modules.map((m) => m.icon),
  ]
}

describe('demo artwork (/assets/img)', () => {
  it('every picture the app is given is an SVG drawing with no text in it, in a form WeChat <image> accepts', async () => {
    const urls = await servedImageUrls()
    expect(urls.length).toBeGreaterThan(40)
    for (const url of new Set(urls)) {
      expect(url).toMatch(/^\/assets\/img\/[\w-]+\.svg$/)
      const res = await get(url)
      expect([url, res.statusCode]).toEqual([url, 200])
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/)
      expect(res.headers['cache-control']).toBe('public, max-age=86400')
      const svg = res.body
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="\d+" height="\d+" viewBox="0 0 \d+ \d+" preserveAspectRatio="xMidYMid slice">/)
      // Names are text in the app, never only inside a picture; WeChat's <image> takes no <style> and no percent units.
      expect([url, /<text|<style|<script|<foreignObject|%/i.test(svg)]).toEqual([url, false])
      // Each served copy names its set and licence (MIT asks for the notice with every copy).
      expect(svg).toMatch(/<!-- (Tabler Icons|Fluent Emoji), MIT License, Copyright \(c\) /)
      // Real artwork from the icon packages (paths), not a coloured block.
      expect((svg.match(/<path /g) ?? []).length).toBeGreaterThan(0)
    }
  })

  it('each service-grid module has its own icon (two used to read the same "优惠")', async () => {
    const modules = await s.call<{ modules: Array<{ key: string; icon: string }> }>('GET', 'index/moduleList')
    const bodies = await Promise.all(modules.body.data.modules.map(async (m) => (await get(m.icon)).body))
    expect(new Set(bodies).size).toBe(modules.body.data.modules.length)
  })

  it('URLs stored by older databases (with a ?t= label) still draw, and the label is not drawn', async () => {
    const res = await get('/assets/img/shop-1.svg?t=%E5%B7%9D%E5%91%B3')
    expect(res.statusCode).toBe(200)
    expect(res.body).not.toContain('川')
    expect((await get('/assets/img/avatar-0042.svg?t=42')).statusCode).toBe(200)
  })

  it('answers 304 to a revalidation with the same ETag', async () => {
    const first = await get('/assets/img/module-card.svg')
    const etag = String(first.headers.etag)
    expect(etag).toMatch(/^"[\w-]+"$/)
    const again = await get('/assets/img/module-card.svg', { 'if-none-match': etag })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
  })

  it('unknown names, other extensions, over-long names and path traversal are 404, never a file of the server', async () => {
    const urls = [
      '/assets/img/shop-999.svg',
      '/assets/img/nope.svg',
      '/assets/img/constructor.svg',
      '/assets/img/__proto__.svg',
      '/assets/img/shop-1.png',
      '/assets/img/shop-1.svg.html',
      '/assets/img/avatar-1234567.svg',
      `/assets/img/${'a'.repeat(60)}.svg`,
      `/assets/img/${'a'.repeat(500)}.svg`,
      '/assets/img/..%2f..%2fpackage.json',
      '/assets/img/%2e%2e%2f%2e%2e%2fserver%2fseed.ts',
      '/assets/img/..%5c..%5cpackage.json',
      '/assets/img/../../package.json',
      '/assets/img/shop-1.svg%00.json',
    ]
    for (const url of urls) {
      const res = await get(url)
      expect([url, res.statusCode]).toEqual([url, 404])
      expect(res.body).not.toMatch(/"dependencies"|seedDemoData|<svg/)
    }
  })
})
