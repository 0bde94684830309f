import { captureLaunchParams } from '@/core/launch'
import { launchQuery } from '@/platform/launchQuery'
import { getItem, setItem } from '@/core/storage'

describe('launch capture', () => {
  it('keeps the sharer, the decoded scene, the qrCode and other_parent_id', () => {
    captureLaunchParams({ share_user_user_id: '1001', scene: encodeURIComponent('shop=3&t=1'), qrCode: 'Q9', other_parent_id: '7' })
    expect(getItem('share_user_user_id')).toBe('1001')
    expect(getItem('scene')).toBe('shop=3&t=1')
    expect(getItem('qrCode')).toBe('Q9')
    expect(getItem('other_parent_id')).toBe('7')
  })

  it('a link without parameters keeps what was stored', () => {
    setItem('share_user_user_id', '1001')
    captureLaunchParams({})
    expect(getItem('share_user_user_id')).toBe('1001')
  })

  it('refuses a referral id that is not an id', () => {
    captureLaunchParams({ share_user_user_id: '<script>' })
    expect(getItem('share_user_user_id')).toBeUndefined()
  })

  it('on H5 reads the page URL', () => {
    window.history.replaceState(null, '', '/pages/index/index?share_user_user_id=55&scene=abc')
    captureLaunchParams(launchQuery.current())
    expect(getItem('share_user_user_id')).toBe('55')
    expect(getItem('scene')).toBe('abc')
    window.history.replaceState(null, '', '/')
  })
})
