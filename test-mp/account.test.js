/**
 * Accounts in the simulator over the weapp build: WeChat's privacy flow on Authorization, and logging out
 * revokes the token on the reference server.
 */
const { byClass, openPage, readAppJson, waitFor, answerModalsYes } = require('./harness')
const { bridge, call, login, startServer } = require('./server')

let server
beforeAll(async () => {
  server = await startServer()
}, 120000)
afterAll(async () => {
  await server?.stop()
})

const flush = (ms = 30) => new Promise((r) => setTimeout(r, ms))
/** Everything Taro handed the page to render, to look for a component's props. */
const rendered = (page) => JSON.stringify(page.instance.data)

function typeInto(page, cls, value) {
  const input = page.querySelector(`.${cls}`)
  input.dispatchEvent('input', { detail: { value } })
}

describe('Authorization: the privacy notice and WeChat privacy authorization', () => {
  it('app.json turns on WeChat’s privacy check', () => {
    expect(readAppJson().__usePrivacyCheck__).toBe(true)
  })

  it('the agree control is WeChat’s agreePrivacyAuthorization button; no code is sent before it is ticked and WeChat agrees', async () => {
    let calls = []
    const privacy = { asked: 0, required: 0 }
    const { page } = await openPage('pages/accountBind/index', {
      beforeApp: (wx) => {
        calls = bridge(wx, server.base, {})
        wx.getPrivacySetting = (o) => {
          privacy.asked += 1
          o.success({ needAuthorization: false, privacyContractName: '一卡通隐私保护指引', errMsg: 'getPrivacySetting:ok' })
        }
        wx.requirePrivacyAuthorize = (o) => {
          privacy.required += 1
          o.success({ errMsg: 'requirePrivacyAuthorize:ok' })
        }
      },
    })
    await waitFor(() => byClass(page, 'bind__agree'))
    expect(rendered(page)).toContain('agreePrivacyAuthorization')
    expect(rendered(page)).toContain('privacy-agree')

    typeInto(page, 'bind__phone', '13900000071')
    await flush()
    page.querySelector('.bind__send').dispatchEvent('tap')
    await waitFor(() => byClass(page, 'bind__error--privacy'))
    expect(byClass(page, 'bind__error--privacy').textContent).toBe('请先阅读并勾选同意《一卡通隐私政策》')
    expect(calls.filter((c) => c.includes('sendSmsCaptcha'))).toHaveLength(0)
    expect(privacy.asked).toBe(0)

    // The notice can be read.
    page.querySelector('.bind__notice-link').dispatchEvent('tap')
    await waitFor(() => byClass(page, 'privacy-notice'))
    expect(byClass(page, 'privacy-notice').textContent).toContain('注销账号')

    page.querySelector('.bind__agree').dispatchEvent('tap')
    page.querySelector('.bind__agree').dispatchEvent('agreeprivacyauthorization')
    await waitFor(() => !byClass(page, 'bind__error--privacy'))
    page.querySelector('.bind__send').dispatchEvent('tap')
    await waitFor(() => calls.some((c) => c.includes('sendSmsCaptcha')), 3000)
    expect(privacy.asked).toBe(1)
    expect(privacy.required).toBe(0)
  })

  it('WeChat still needs authorization and the shopper refuses its prompt: nothing is sent, and the form says why', async () => {
    let calls = []
    let required = 0
    const { page } = await openPage('pages/accountBind/index', {
      beforeApp: (wx) => {
        calls = bridge(wx, server.base, {})
        wx.getPrivacySetting = (o) => o.success({ needAuthorization: true, privacyContractName: 'x', errMsg: 'getPrivacySetting:ok' })
        wx.requirePrivacyAuthorize = (o) => {
          required += 1
          o.fail({ errMsg: 'requirePrivacyAuthorize:fail privacy permission is not authorized' })
        }
      },
    })
    await waitFor(() => byClass(page, 'bind__agree'))
    typeInto(page, 'bind__phone', '13900000072')
    page.querySelector('.bind__agree').dispatchEvent('tap')
    // The tick drawn before Send is tapped (a flush alone was not always enough on a busy CI machine: Send then read
    // the box unticked and said "tick it first").
    await waitFor(() => byClass(page, 'bind__agree--on'))
    page.querySelector('.bind__send').dispatchEvent('tap')
    await waitFor(() => byClass(page, 'bind__error--privacy'))
    expect(byClass(page, 'bind__error--privacy').textContent).toBe('需要在微信中同意隐私保护指引后才能继续')
    expect(required).toBe(1)
    expect(calls.filter((c) => c.includes('sendSmsCaptcha'))).toHaveLength(0)
  })
})

describe('Authorization: WeChat’s one-tap phone number (issue 40)', () => {
  /** The page with WeChat's privacy check passed and Taro.login answering a login code. */
  async function openBind() {
    let calls = []
    const storage = {}
    const { page } = await openPage('pages/accountBind/index', {
      beforeApp: (wx) => {
        calls = bridge(wx, server.base, storage)
        wx.getPrivacySetting = (o) => o.success({ needAuthorization: false, errMsg: 'getPrivacySetting:ok' })
        wx.login = (o) => {
          o.success?.({ code: 'sim-login-1', errMsg: 'login:ok' })
          o.complete?.()
        }
        wx.switchTab = (o) => o.success?.({ errMsg: 'switchTab:ok' })
      },
    })
    await waitFor(() => byClass(page, 'bind__quick-btn'))
    page.querySelector('.bind__agree').dispatchEvent('tap')
    page.querySelector('.bind__agree').dispatchEvent('agreeprivacyauthorization')
    await waitFor(() => byClass(page, 'bind__agree--on'))
    return { page, calls: () => calls, storage }
  }

  it('the button is WeChat’s getPhoneNumber; its code signs the shopper in with that number', async () => {
    const { page, calls, storage } = await openBind()
    expect(rendered(page)).toContain('getPhoneNumber')
    page.querySelector('.bind__quick-btn').dispatchEvent('getphonenumber', { detail: { code: 'sandbox:13900000081', errMsg: 'getPhoneNumber:ok' } })
    await waitFor(() => storage.token, 5000)
    expect(calls().filter((c) => c.includes('wechat/phoneLogin'))).toHaveLength(1)
    const me = await call(server.base, 'GET', '/api/personal.user/info', null, storage.token)
    expect(me.data.data.user.phone).toBe('13900000081')
  })

  it('no number from WeChat (quota spent, errno 1400001) or refused by the server: the button goes, the SMS code is said', async () => {
    const first = await openBind()
    first.page.querySelector('.bind__quick-btn').dispatchEvent('getphonenumber', { detail: { errMsg: 'getPhoneNumber:fail no quota', errno: 1400001 } })
    await waitFor(() => byClass(first.page, 'bind__quick-note'), 3000)
    expect(byClass(first.page, 'bind__quick-note').textContent).toBe('微信手机号快捷登录暂不可用，请在下方使用短信验证码登录')
    expect(byClass(first.page, 'bind__quick-btn')).toBeFalsy()
    expect(first.calls().filter((c) => c.includes('wechat/phoneLogin'))).toHaveLength(0)
    expect(byClass(first.page, 'bind__send')).toBeTruthy()

    const second = await openBind()
    second.page.querySelector('.bind__quick-btn').dispatchEvent('getphonenumber', { detail: { code: 'sandbox:quota', errMsg: 'getPhoneNumber:ok' } })
    await waitFor(() => byClass(second.page, 'bind__quick-note'), 5000)
    expect(second.calls().filter((c) => c.includes('wechat/phoneLogin'))).toHaveLength(1)
    expect(second.storage.token).toBeUndefined()
  })
})

describe('My account: log out', () => {
  it('calls personal.user/logout with the token; the server then answers -1 for that token', async () => {
    const shopper = await login(server.base, '13900000073')
    let calls = []
    const storage = { token: shopper.token, myUserId: shopper.userId }
    const { page } = await openPage('pages/personal/index', {
      beforeApp: (wx) => {
        calls = bridge(wx, server.base, storage)
        answerModalsYes(wx)
      },
    })
    await waitFor(() => byClass(page, 'menu-list__item--logout'), 5000)
    expect(byClass(page, 'menu-list__item--sessions').textContent).toBe('登录设备')
    expect(byClass(page, 'menu-list__item--deleteAccount').textContent).toBe('注销账号')
    const before = await call(server.base, 'GET', '/api/personal.user/sessions', null, shopper.token)
    expect(before.data.code).toBe(1)

    page.querySelector('.menu-list__item--logout').dispatchEvent('tap')
    await waitFor(() => calls.answers.some((a) => a.target.includes('personal.user/logout')), 5000)
    expect(calls).toContain('POST /api/personal.user/logout')
    expect(storage.token).toBeUndefined()
    await waitFor(() => byClass(page, 'account-header__login'), 3000)
    const after = await call(server.base, 'GET', '/api/personal.user/sessions', null, shopper.token)
    expect(after.data.code).toBe(-1)
  })
})
