/**
 * Issue 44 in the simulator: the shop's introduction as the compiled weapp shop page renders it from the reference
 * server's answer. A shop made live by the operator's approval (`npm run admin` on the server's database file); its
 * owner saves an introduction with a heading, bold, a list, one of their own pictures — and an injected <script>, an
 * onerror handler and a javascript: link. The shop page (shops sub-package) renders the heading, bold, list and picture;
 * none of the injected parts reach what it renders.
 */
const { execFileSync } = require('node:child_process')
const path = require('node:path')
const fs = require('node:fs')
const { DIST, byClass, waitFor } = require('./harness')
const { call, login, openOn, startServer, uploadPicture } = require('./server')

const SHOP = '湾畔烘焙'
let server
let owner
let shopId = 0
let picture = ''
beforeAll(async () => {
  server = await startServer()
  owner = await login(server.base, '13655554401')
  const sent = await call(server.base, 'POST', '/api/personal.merchant_application/submit', { shop_name: SHOP, class_id: 1, contact_name: '林师傅', mobile: '13655554401', city_id: 1, district: '南山区', address: '科技园南区 44 号', hours: '08:00-20:00', discount_rate: 92, licence_image: await uploadPicture(server.base, owner.token), storefront_image: await uploadPicture(server.base, owner.token, 'png') }, owner.token)
  expect(sent.data.code).toBe(1)
  execFileSync('npm', ['run', '--silent', 'admin', '--', 'approve', String(sent.data.data.application.id)], { cwd: path.resolve(__dirname, '..'), env: { ...process.env, DB_PATH: server.dbPath }, encoding: 'utf8' })
  picture = await uploadPicture(server.base, owner.token)
  const html = [
    '<h2>现烤面包</h2>',
    '<script>wx.setStorageSync("stolen", "yes")</script>',
    `<p>每天 <strong>凌晨四点</strong> 开炉，<a href="javascript:wx.setStorageSync('stolen','yes')">点这里</a>。</p>`,
    `<p><img src="${picture}" onerror="wx.setStorageSync('stolen','yes')" alt="橱窗"></p>`,
    '<ul><li>牛角包</li><li>法棍</li></ul>',
  ].join('')
  const saved = await call(server.base, 'POST', '/api/hui_shanghu.store_profile/intro', { html }, owner.token)
  expect(saved.data.code).toBe(1)
  shopId = saved.data.data.shop.id
}, 120000)
afterAll(async () => {
  await server?.stop()
})

/** The first node of Taro's data tree (`cn`: its children) that `test` accepts. */
function findNode(n, test) {
  if (!n || typeof n !== 'object') return null
  if (test(n)) return n
  for (const c of n.cn || []) {
    const hit = findNode(c, test)
    if (hit) return hit
  }
  return null
}

describe("the shop's introduction (weapp, reference server)", () => {
  it('heading, bold, list and the own picture render; the script, onerror and javascript: link do not', async () => {
    const { page, calls } = await openOn(server.base, 'pages/shops/details', { query: { id: String(shopId) } })
    await waitFor(() => byClass(page, 'shop-intro'), 10000)
    expect(calls.some((c) => c.startsWith(`GET /api/hui_shanghu.shop/read?id=${shopId}`))).toBe(true)
    // weapp's own rich-text draws what Taro hands it (its `nodes`), which the simulator does not draw: read that, as
    // weapp will parse it, from the page's data (the attribute's short name in Taro's template: dist/base.wxml).
    const alias = /<rich-text nodes="\{\{i\.(\w+)/.exec(fs.readFileSync(path.join(DIST, 'base.wxml'), 'utf8'))[1]
    const node = findNode(page.data.root, (n) => /(^| )rich__body( |$)/.test(n.cl || ''))
    expect(node).toBeTruthy()
    const nodes = node[alias]
    expect(typeof nodes).toBe('string')
    const doc = document.createElement('div')
    doc.innerHTML = nodes
    expect(doc.querySelector('h2').textContent).toBe('现烤面包')
    expect(doc.querySelector('strong').textContent).toBe('凌晨四点')
    expect(Array.from(doc.querySelectorAll('li')).map((li) => li.textContent)).toEqual(['牛角包', '法棍'])
    // The picture at the API's host (weapp has no page origin), its words kept.
    expect(doc.querySelector('img').getAttribute('src')).toMatch(new RegExp(`^https?://[^/]+${picture.replace(/\./g, '\\.')}$`))
    expect(doc.querySelector('img').getAttribute('alt')).toBe('橱窗')
    // Nothing injected survives: no script, no handler, no link of any kind; the link's words stay as words.
    expect(doc.querySelectorAll('script, a, iframe, style')).toHaveLength(0)
    for (const el of doc.querySelectorAll('*')) for (const attr of Array.from(el.attributes)) expect(attr.name).not.toMatch(/^on/i)
    expect(nodes).not.toMatch(/javascript:|onerror|setStorageSync|<script/i)
    expect(doc.textContent).toContain('点这里')
  })
})
