import { API_HEADERS } from '../../server/security'
import { startServer, type TestServer } from './helpers'

// /api answers skip @fastify/helmet (issue 24: it rebuilt its middleware, two nonces and the page CSP on every answer)
// and carry security.ts's API_HEADERS: the same protective headers as a page, with a CSP for JSON instead of the page's.

let s: TestServer
beforeAll(async () => {
  s = await startServer()
})
afterAll(() => s.close())

/** helmet's headers on an answer, the CSP aside. */
const helmetHeaders = (headers: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(headers).filter(([name]) => /^(cross-origin-|origin-agent-cluster|referrer-policy|x-content-type-options|x-dns-prefetch-control|x-download-options|x-frame-options|x-permitted-cross-domain-policies|x-xss-protection|strict-transport-security|x-powered-by)/.test(name)),
  )

describe('the headers of /api answers', () => {
  it("every kind of /api answer carries a page's protective headers, and a CSP that lets a JSON answer do nothing", async () => {
    const page = await s.app.inject({ method: 'GET', url: '/healthz' })
    // What helmet writes, as configured for the pages (a new helmet default would show here).
    const expected = helmetHeaders(page.headers)
    expect(expected).toMatchObject({ 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY', 'referrer-policy': 'strict-origin-when-cross-origin' })
    const { token } = await s.login('13700002401')
    const answers = {
      success: await s.app.inject({ method: 'GET', url: '/api/index/moduleList' }),
      'signed in': await s.app.inject({ method: 'GET', url: '/api/personal.user/info', headers: { 'access-token': token } }),
      refusal: await s.app.inject({ method: 'POST', url: '/api/Captcha/sendSmsCaptcha', payload: { phone: '12' } }),
      'login gate': await s.app.inject({ method: 'GET', url: '/api/personal.order/index' }),
      'unknown path': await s.app.inject({ method: 'GET', url: '/api/nope' }),
      'not JSON': await s.app.inject({ method: 'POST', url: '/api/wechat/bind', headers: { 'content-type': 'application/json' }, payload: '{' }),
    }
    for (const [what, res] of Object.entries(answers)) {
      expect([what, helmetHeaders(res.headers)]).toEqual([what, expected])
      expect([what, res.headers['content-security-policy']]).toEqual([what, "default-src 'none'; frame-ancestors 'none'"])
      expect([what, res.headers['cache-control']]).toEqual([what, 'private, no-store'])
    }
    // Written once for all of them.
    expect(Object.keys(API_HEADERS).map((h) => h.toLowerCase()).sort()).toEqual([...Object.keys(expected), 'content-security-policy'].sort())
  })

  it('pages keep their CSP with nonces', async () => {
    const page = await s.app.inject({ method: 'GET', url: '/healthz' })
    expect(String(page.headers['content-security-policy'])).toMatch(/script-src [^;]*'nonce-[0-9a-f]{32}'/)
  })
})
