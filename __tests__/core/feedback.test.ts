/**
 * Issue 39: a success toast never breaks its words. WeChat shows at most 7 Chinese characters under the tick and cuts
 * the rest; Taro's H5 toast draws the same small square and wrapped "Invite link copied: send it / to a friend" mid-
 * phrase (the referral contest). Words that do not fit go without the tick, whole, on both platforms.
 */
import Taro from '@tarojs/taro'
import { halfWidths, ICON_TOAST_WIDTH, toastSuccess } from '@/core/feedback'
import { t as referralT } from '@/features/referral/messages'
import { setLang, resetLangCache } from '@/core/i18n'

afterEach(() => {
  jest.restoreAllMocks()
  resetLangCache()
})

const shown = () => {
  const spy = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' } as never)
  return () => spy.mock.calls.map(([o]) => ({ title: o?.title, icon: o?.icon }))
}

it('a Chinese character is two half-widths, a letter one', () => {
  expect(halfWidths('已复制')).toBe(6)
  expect(halfWidths('Copied')).toBe(6)
  expect(halfWidths('邀请链接已复制，发给好友吧')).toBe(26)
})

it('the tick with short words; the words alone, uncut, when they are longer than the tick’s box holds', () => {
  const calls = shown()
  toastSuccess('已复制')
  toastSuccess('Copied')
  setLang('en')
  toastSuccess(referralT('referral.copied'))
  setLang('zh-CN')
  toastSuccess(referralT('referral.copied'))
  expect(calls()).toEqual([
    { title: '已复制', icon: 'success' },
    { title: 'Copied', icon: 'success' },
    { title: 'Invite link copied: send it to a friend', icon: 'none' },
    { title: '邀请链接已复制，发给好友吧', icon: 'none' },
  ])
  expect(ICON_TOAST_WIDTH).toBe(14)
})
