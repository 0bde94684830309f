import { checkWebUrl, parseAllowedHosts } from '@/features/webView/allowList'

const hosts = parseAllowedHosts(' mp.weixin.qq.com, *.example.com ,')

describe('web view allow-list', () => {
  it.each([
    ['https://mp.weixin.qq.com/s/abc', true],
    ['https://MP.weixin.qq.com/s?x=1#y', true],
    ['https://shop.example.com/a', true],
    ['https://example.com.evil.io/a', false],
    ['http://mp.weixin.qq.com/s/abc', false],
    ['javascript:alert(1)', false],
    ['JaVaScRiPt:alert(1)', false],
    ['data:text/html,<script>alert(1)</script>', false],
    ['https://mp.weixin.qq.com@evil.com/', false],
    ['https://evil.com/?https://mp.weixin.qq.com', false],
    ['//mp.weixin.qq.com/s', false],
    ['https://mp.weixin.qq.com:443/s', true],
    ['', false],
    [undefined, false],
  ])('%s → allowed %s', (url, ok) => {
    expect(checkWebUrl(url, hosts).ok).toBe(ok)
  })

  it('accepts an encoded url query parameter', () => {
    expect(checkWebUrl(encodeURIComponent('https://mp.weixin.qq.com/s/abc'), hosts)).toEqual({ ok: true, url: 'https://mp.weixin.qq.com/s/abc' })
  })

  it('says why a URL is refused', () => {
    expect(checkWebUrl('http://mp.weixin.qq.com', hosts)).toEqual({ ok: false, reason: 'scheme' })
    expect(checkWebUrl('https://other.org', hosts)).toEqual({ ok: false, reason: 'host' })
    expect(checkWebUrl('%E0%A4%A', hosts)).toEqual({ ok: false, reason: 'malformed' })
  })

  it('an empty allow-list allows nothing', () => {
    expect(checkWebUrl('https://mp.weixin.qq.com/', []).ok).toBe(false)
  })
})
