import { parseQuery, scannedNumber, toInternalTarget } from '@/features/code/target'

describe('Code page target', () => {
  it('follows our own routes, keeping the query', () => {
    expect(toInternalTarget('/pages/payBill/index?shop_id=3')).toEqual({ url: '/pages/payBill/index?shop_id=3', tab: false })
    expect(toInternalTarget('pages/shops/details?id=7')).toEqual({ url: '/pages/shops/details?id=7', tab: false })
  })

  it('keeps encoded query values as they were sent', () => {
    expect(toInternalTarget('/pages/index/search?k=%E5%92%96%E5%95%A1&a=b')).toEqual({ url: '/pages/index/search?k=%E5%92%96%E5%95%A1&a=b', tab: false })
  })

  it('opens tab pages without a query (switchTab cannot carry one)', () => {
    expect(toInternalTarget('/pages/card/index?x=1')).toEqual({ url: '/pages/card/index', tab: true })
  })

  it.each(['https://evil.com/pages/payBill/index', '//evil.com', '/pages/nope/index', 'javascript:alert(1)', '/pages/payBill/index#x', '/pages/payBill/index?shop_id=%E0%A4%A', '', null, undefined])(
    'refuses %s',
    (raw) => {
      expect(toInternalTarget(raw)).toBeNull()
    },
  )

  it('reads the scanned number from scene (encoded) or qrCode', () => {
    expect(scannedNumber({ scene: 'SHOP-0003' })).toBe('SHOP-0003')
    expect(scannedNumber({ scene: encodeURIComponent('n=SHOP-0003') })).toBe('n=SHOP-0003')
    expect(scannedNumber({ qrCode: 'P123' })).toBe('P123')
    expect(scannedNumber({})).toBeNull()
    expect(scannedNumber({ scene: '<script>' })).toBeNull()
    expect(scannedNumber({ scene: '%E0%A4%A' })).toBeNull()
  })

  it('parseQuery decodes keys and values and refuses a malformed escape', () => {
    expect(parseQuery('')).toEqual({})
    expect(parseQuery('a=1&b=x%20y&flag')).toEqual({ a: '1', b: 'x y', flag: '' })
    expect(parseQuery('a=%E0%A4%A')).toBeNull()
  })
})
