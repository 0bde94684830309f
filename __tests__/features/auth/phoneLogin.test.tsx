/**
 * Issue 40: Authorization's one-tap phone number (the mini-program's getPhoneNumber button) and its fallback to the SMS
 * code, in the H5 runtime with the mini-program's platform stood in (src/platform/phoneLogin: WeChat's button hands the page
 * a code; here the test says what WeChat answered). And H5 inside WeChat: the OAuth state goes back to the server, and a
 * code or state it refuses starts the authorization again instead of leaving the shopper on an error.
 */
import Taro from '@tarojs/taro'
import type TestUtils from '@tarojs/test-utils-react'
import { PRIVACY_VERSION } from '@/contract/constants'
import { resetLangCache, setLang } from '@/core/i18n'
import { getItem, removeItem } from '@/core/storage'
import AccountBindPage from '@/pages/accountBind/index'
import type { PhoneButtonResult } from '@/platform/phoneLogin.types'
import type { WxAuth } from '@/platform/wxAuth.types'
import { fakeApi, openedWith, refused, resetRouter } from '../../support/fakeApi'
import { click, mount, text, unmountAll, until } from '../../support/screen'

/** What WeChat's button answers at the next tap (the mini-program's platform, stood in). */
let mockWechatAnswers: PhoneButtonResult = { errMsg: 'getPhoneNumber:ok', code: 'phone-code-1' }
let mockOnWeapp = true
jest.mock('@/platform/phoneLogin', () => ({
  phoneLogin: {
    get available() {
      return mockOnWeapp
    },
    buttonProps: (onResult: (r: PhoneButtonResult) => void) => ({ onClick: () => onResult(mockWechatAnswers) }),
  },
}))
// The mini-program's login code for the openid (Taro.login on weapp).
jest.mock('@/platform/wxAuth', () => ({ wxAuth: { prepare: async () => 'ready', identity: async () => ({ wx_code: 'login-code-1' }) } }))

afterEach(() => {
  unmountAll()
  jest.restoreAllMocks()
  resetLangCache()
  resetRouter()
  removeItem('token')
  mockOnWeapp = true
})

const bound = { token: 'quick-token', expires_at: '2027-11-22 00:00:00', user: { id: 21, phone: '138****9001', nickname: '', avatar: '', referrer_id: null, userIds: { userIdAgent: null, userIdBuss: null, storeId: null } } }

async function openBind(handlers: Parameters<typeof fakeApi>[0]): Promise<{ t: TestUtils; api: ReturnType<typeof fakeApi>; toast: jest.SpyInstance }> {
  openedWith('pages/accountBind/index', { redirect: encodeURIComponent('/pages/payBill/index?shop_id=3') })
  const toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' })
  jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'ok' })
  jest.spyOn(Taro, 'navigateBack').mockResolvedValue({ errMsg: 'ok' })
  const api = fakeApi(handlers)
  const t = await mount(AccountBindPage)
  await t.queries.waitForQuerySelector('.bind__submit')
  return { t, api, toast }
}

describe('the one-tap phone number (mini-program)', () => {
  it('after the privacy notice, one tap signs the shopper in with the number WeChat verified', async () => {
    const { t, api } = await openBind({ 'wechat/phoneLogin': () => bound })
    expect(text(t, '.bind__quick-btn')).toBe('微信手机号快捷登录')
    expect(text(t, '.bind__or')).toBe('或使用短信验证码登录')
    // Not agreed yet: nothing asked of WeChat or the server.
    await click(t, '.bind__quick-btn')
    expect(text(t, '.bind__error--privacy')).toBe('请先阅读并勾选同意《一卡通隐私政策》')
    expect(api.called('wechat/phoneLogin')).toHaveLength(0)
    await click(t, '.bind__agree')
    await click(t, '.bind__quick-btn')
    await until(t, () => expect(getItem('token')).toBe('quick-token'))
    expect(api.called('wechat/phoneLogin').map((c) => c.data)).toEqual([expect.objectContaining({ phone_code: 'phone-code-1', wx_code: 'login-code-1', privacy_version: PRIVACY_VERSION })])
    await until(t, () => expect(Taro.redirectTo).toHaveBeenCalledWith({ url: '/pages/payBill/index?shop_id=3' }))
  })

  it("WeChat's quota spent (the server's wechat_phone_unavailable): the button goes and the screen says to use the SMS code, which works", async () => {
    const { t, api } = await openBind({
      'wechat/phoneLogin': () => refused('wechat_phone_unavailable'),
      'Captcha/sendSmsCaptcha': () => ({ resend_in: 60, expires_in: 300 }),
    })
    await click(t, '.bind__agree')
    await click(t, '.bind__quick-btn')
    await until(t, () => expect(text(t, '.bind__quick-note')).toBe('微信手机号快捷登录暂不可用，请在下方使用短信验证码登录'))
    expect(t.queries.querySelector('.bind__quick-btn')).toBeNull()
    expect(api.called('wechat/phoneLogin')).toHaveLength(1)
    // The SMS form is all there.
    const inner = (await t.queries.waitForQuerySelector('.bind__phone input')) as HTMLInputElement
    await t.act(async () => {
      inner.value = '13800139001'
      inner.dispatchEvent(new Event('input', { bubbles: true }))
    })
    await click(t, '.bind__send')
    await until(t, () => expect(api.called('Captcha/sendSmsCaptcha')).toHaveLength(1))
  })

  it('no code from WeChat (errno 1400001, no permission): the same fallback without asking the server; a "no" in WeChat changes nothing', async () => {
    const { t, api } = await openBind({ 'wechat/phoneLogin': () => bound })
    await click(t, '.bind__agree')
    mockWechatAnswers = { errMsg: 'getPhoneNumber:fail user deny' }
    await click(t, '.bind__quick-btn')
    expect(t.queries.querySelector('.bind__quick-btn')).not.toBeNull()
    expect(t.queries.querySelector('.bind__quick-note')).toBeNull()
    mockWechatAnswers = { errMsg: 'getPhoneNumber:fail no quota', errno: 1400001 }
    await click(t, '.bind__quick-btn')
    await until(t, () => expect(t.queries.querySelector('.bind__quick-note')).not.toBeNull())
    expect(t.queries.querySelector('.bind__quick-btn')).toBeNull()
    expect(api.called('wechat/phoneLogin')).toHaveLength(0)
    mockWechatAnswers = { errMsg: 'getPhoneNumber:ok', code: 'phone-code-1' }
  })

  it('a used code is said and the button stays; English words', async () => {
    setLang('en')
    const { t, toast } = await openBind({ 'wechat/phoneLogin': () => refused('wechat_code_invalid', 'en') })
    expect(text(t, '.bind__quick-btn')).toBe('Log in with my WeChat phone number')
    expect(text(t, '.bind__or')).toBe('or log in with a text-message code')
    await click(t, '.bind__agree')
    await click(t, '.bind__quick-btn')
    await until(t, () => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'The WeChat sign-in expired. Please try again' })))
    expect(t.queries.querySelector('.bind__quick-btn')).not.toBeNull()
  })

  it('H5 has no such button: the SMS form alone', async () => {
    mockOnWeapp = false
    const { t } = await openBind({})
    expect(t.queries.querySelector('.bind__quick')).toBeNull()
    expect(t.queries.querySelector('.bind__phone')).not.toBeNull()
  })
})

describe('H5 inside WeChat: the official account OAuth', () => {
  beforeEach(() => {
    jest.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone) AppleWebKit MicroMessenger/8.0.50')
    removeItem('h5_wx_gzh_openid')
  })

  it("sends the state back with the code; a code or state the server refuses goes through WeChat's authorization again", async () => {
    // The real H5 module (the page's is stood in above).
    const { wxAuth } = jest.requireActual<{ wxAuth: WxAuth }>('@/platform/wxAuth.h5')
    const replace = jest.fn()
    const location = jest.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, replace } as Location)
    let refuse = true
    const api = fakeApi({
      'wechat/getOpenID': () => (refuse ? refused('wechat_oauth_state_invalid') : { openid: 'oG-someone' }),
      'wechat/getWxAuthCodeUrl': () => ({ url: 'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx1#wechat_redirect' }),
    })
    expect(await wxAuth.prepare({ code: 'c1', state: 's1' }, '/pages/accountBind/index')).toBe('redirecting')
    expect(api.called('wechat/getOpenID').map((c) => c.data)).toEqual([expect.objectContaining({ code: 'c1', state: 's1' })])
    expect(api.called('wechat/getWxAuthCodeUrl').map((c) => c.data)).toEqual([expect.objectContaining({ redirect: '/pages/accountBind/index' })])
    expect(replace).toHaveBeenCalledWith('https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx1#wechat_redirect')
    refuse = false
    expect(await wxAuth.prepare({ code: 'c2', state: 's2' }, '/pages/accountBind/index')).toBe('ready')
    expect(getItem('h5_wx_gzh_openid')).toBe('oG-someone')
    location.mockRestore()
  })
})
