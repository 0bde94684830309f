import { pageUrl, ROUTES, routeUrl, TAB_PATHS } from '@/routes'

describe('routeUrl', () => {
  it('is the route path with a leading slash when there is no query', () => {
    expect(routeUrl('pages/index/index')).toBe('/pages/index/index')
    expect(routeUrl('pages/card/my', {})).toBe('/pages/card/my')
  })

  it('adds the query in the given order', () => {
    expect(routeUrl('pages/orders/detail', { id: 42 })).toBe('/pages/orders/detail?id=42')
    expect(routeUrl('pages/payBill/index', { shop_id: 7, coupon: 'c1' })).toBe('/pages/payBill/index?shop_id=7&coupon=c1')
  })

  it('URI-encodes keys and values', () => {
    expect(routeUrl('pages/accountBind/index', { redirect: '/pages/orders/detail?id=1&x=a b' })).toBe(
      '/pages/accountBind/index?redirect=%2Fpages%2Forders%2Fdetail%3Fid%3D1%26x%3Da%20b',
    )
    expect(routeUrl('pages/index/search', { 'k w': '咖啡' })).toBe('/pages/index/search?k%20w=%E5%92%96%E5%95%A1')
  })

  it('drops undefined and null values, keeps empty strings, zero and false', () => {
    expect(routeUrl('pages/personal/newAddress', { id: undefined })).toBe('/pages/personal/newAddress')
    expect(routeUrl('pages/personal/address', { select: null, a: '' })).toBe('/pages/personal/address?a=')
    expect(routeUrl('pages/orders/detail', { id: 0, flag: false })).toBe('/pages/orders/detail?id=0&flag=false')
  })

  it('names only routes of the table (a typo does not type-check)', () => {
    // @ts-expect-error not a route
    expect(routeUrl('pages/orders/detial')).toBe('/pages/orders/detial')
    for (const r of ROUTES) expect(routeUrl(r.path)).toBe(`/${r.path}`)
    expect(TAB_PATHS.map((p) => routeUrl(p))).toEqual(['/pages/index/index', '/pages/card/index', '/pages/orders/index', '/pages/personal/index'])
  })
})

describe('pageUrl', () => {
  it('pageUrl builds the URL of a route the runtime names, with or without its leading slash', () => {
    expect(pageUrl('pages/orders/detail', { id: '7', x: undefined })).toBe('/pages/orders/detail?id=7')
    expect(pageUrl('/pages/card/index')).toBe('/pages/card/index')
  })
})
