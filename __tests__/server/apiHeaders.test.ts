import { API_HEADERS } from '../../server/http/security'
import { startServer, type TestServer } from './helpers'

// /api answers skip @fastify/helmet (issue 24: it rebuilt its middleware, two nonces and the page CSP on every answer)
// and carry security.ts's API_HEADERS: OWASP's REST Security Cheat Sheet's set for API responses — nosniff, DENY
// framing, a CSP that lets a JSON answer opened as a document do nothing, no-store — and none of the headers that act
// on HTML documents or on long-gone browsers (pages keep those).

let s: TestServer
beforeAll(async () => {
  s = await startServer()
})
afterAll(() => s.close())

/** Security headers on an answer (helmet's family and ours), the CSP and cache headers aside. */
const securityHeaders = (headers: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(headers).filter(([name]) => /^(cross-origin-|origin-agent-cluster|referrer-policy|x-content-type-options|x-dns-prefetch-control|x-download-options|x-frame-options|x-permitted-cross-domain-policies|x-xss-protection|strict-transport-security|x-powered-by)/.test(name)),
  )

describe('the headers of /api answers', () => {
  it('every kind of /api answer carries the protective headers of an API answer, and a CSP that lets a JSON answer do nothing', async () => {
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
      expect([what, securityHeaders(res.headers)]).toEqual([what, { 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY' }])
      expect([what, res.headers['content-security-policy']]).toEqual([what, "default-src 'none'; frame-ancestors 'none'"])
      expect([what, res.headers['cache-control']]).toEqual([what, 'private, no-store'])
      expect([what, String(res.headers['content-type'])]).toEqual([what, expect.stringMatching(/^application\/json/)])
    }
    expect(Object.keys(API_HEADERS).sort()).toEqual(['Content-Security-Policy', 'X-Content-Type-Options', 'X-Frame-Options'])
  })

  it("pages keep helmet's headers for documents", async () => {
    const page = await s.app.inject({ method: 'GET', url: '/healthz' })
    expect(securityHeaders(page.headers)).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cross-origin-opener-policy': 'same-origin',
    })
  })

  it('pages keep their CSP with nonces', async () => {
    const page = await s.app.inject({ method: 'GET', url: '/healthz' })
    expect(String(page.headers['content-security-policy'])).toMatch(/script-src [^;]*'nonce-[0-9a-f]{32}'/)
  })
})
