import { sharePath } from '@/core/share'
import { setItem } from '@/core/storage'

describe('share links', () => {
  it('carry the shopper’s own id and keep the page query', () => {
    setItem('myUserId', 42)
    expect(sharePath('pages/shops/details', { id: '7' })).toBe('/pages/shops/details?id=7&share_user_user_id=42')
  })

  it('replace a referral id that came in with the page (the sharer is now me)', () => {
    setItem('myUserId', 42)
    expect(sharePath('/pages/card/index', { share_user_user_id: '9', $taroTimestamp: '123' })).toBe('/pages/card/index?share_user_user_id=42')
  })

  it('an anonymous shopper shares the plain page', () => {
    expect(sharePath('pages/seckill/detail', { id: '3' })).toBe('/pages/seckill/detail?id=3')
  })
})
