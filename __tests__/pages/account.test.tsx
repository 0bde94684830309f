/**
 * Signed-in devices, Delete account and Me's logout: what a shopper sees and what reaches the server.
 */
import Taro from '@tarojs/taro'
import type { DeletionBlocker, SessionInfo } from '@/contract/account'
import { resetLangCache, setLang } from '@/core/i18n'
import { getItem, setItem } from '@/core/storage'
import DeleteAccountPage from '@/pages/personal/deleteAccount'
import PersonalIndexPage from '@/pages/personal/index'
import SessionsPage from '@/pages/personal/sessions'
import { fakeApi, OFFLINE, openedWith, PENDING, resetRouter } from '../support/fakeApi'
import { all, click, hide, mount, show, text, unmountAll, until } from '../support/screen'

afterEach(() => {
  unmountAll()
  jest.restoreAllMocks()
  resetLangCache()
  resetRouter()
  Taro.removeStorageSync('token')
})

const toasts = () => jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' })
const confirmWith = (confirm: boolean) => jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm, cancel: !confirm, errMsg: 'ok' })

const session = (over: Partial<SessionInfo> = {}): SessionInfo => ({ id: 1, current: true, device: 'H5 · Chrome / Linux', created_at: '2026-11-22 10:00:00', last_seen_at: '2026-11-23 09:30:00', ...over })
const profile = { user: { id: 7, phone: '13800138000', nickname: '小一', avatar: '', referrer_id: null, userIds: { userIdAgent: null, userIdBuss: null, storeId: null } }, card: null, order_counts: { unpaid: 0, paid: 0, completed: 0, refund: 0 } }

describe('Signed-in devices', () => {
  it('loading, then this device marked and the others with a log-out button; ending one asks, calls once, says so, reloads', async () => {
    setItem('token', 'tok')
    openedWith('pages/personal/sessions')
    const toast = toasts()
    const modal = confirmWith(true)
    let list = [session(), session({ id: 2, current: false, device: 'Mini-program · WeChat / iOS' })]
    let release: () => void = () => undefined
    const api = fakeApi({
      'personal.user/sessions': () => ({ list }),
      // Answers only when released: a second tap meanwhile must do nothing.
      'personal.user/endSession': () => {
        list = list.filter((s) => s.id !== 2)
        return new Promise((resolve) => (release = () => resolve({ ended: true })))
      },
    })
    const t = await mount(SessionsPage)
    await t.queries.waitForQuerySelector('.session')
    expect(all(t, '.session__device')).toEqual(['H5 · Chrome / Linux', 'Mini-program · WeChat / iOS'])
    expect(text(t, '.session--current .session__badge')).toBe('本机')
    expect(text(t, '.session--current')).toContain('最近活动 2026-11-23 09:30:00')
    expect(t.queries.querySelector('.session--current .session__end')).toBeNull()
    expect(t.queries.querySelectorAll('.session__end')).toHaveLength(1)

    await click(t, '.session__end')
    await click(t, '.session__end')
    expect(modal).toHaveBeenCalledTimes(1)
    expect(modal.mock.calls[0][0]).toMatchObject({ content: expect.stringContaining('Mini-program · WeChat / iOS') })
    expect(api.called('personal.user/endSession')).toHaveLength(1)
    expect(api.called('personal.user/endSession')[0].data).toMatchObject({ id: 2 })
    await t.act(async () => release())
    await until(t, () => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '已让该设备退出登录' })))
    await until(t, () => expect(t.queries.querySelectorAll('.session')).toHaveLength(1))
  })

  it('loading: a skeleton (both screens)', async () => {
    setItem('token', 'tok')
    openedWith('pages/personal/sessions')
    fakeApi({ 'personal.user/sessions': () => PENDING, 'personal.user/info': () => PENDING, 'personal.user/deletionCheck': () => PENDING })
    const t = await mount(SessionsPage)
    await t.queries.waitForQuerySelector('.skeleton')
    const d = await mount(DeleteAccountPage)
    await d.queries.waitForQuerySelector('.skeleton')
    expect(d.queries.querySelector('.delete-account__submit')).toBeNull()
  })

  it('cancelled confirmation: nothing is sent', async () => {
    setItem('token', 'tok')
    openedWith('pages/personal/sessions')
    const modal = confirmWith(false)
    const api = fakeApi({ 'personal.user/sessions': () => ({ list: [session(), session({ id: 2, current: false })] }) })
    const t = await mount(SessionsPage)
    await t.queries.waitForQuerySelector('.session__end')
    await click(t, '.session__end')
    // Asked, and answered "cancel": nothing goes to the server, the device is still listed.
    await until(t, () => expect(modal).toHaveBeenCalledTimes(1))
    await t.act(async () => undefined)
    expect(api.called('personal.user/endSession')).toHaveLength(0)
    expect(t.queries.querySelectorAll('.session__end')).toHaveLength(1)
  })

  it('a refusal from the server is shown as it comes', async () => {
    setItem('token', 'tok')
    openedWith('pages/personal/sessions')
    const toast = toasts()
    confirmWith(true)
    fakeApi({ 'personal.user/sessions': () => ({ list: [session(), session({ id: 9, current: false })] }), 'personal.user/endSession': () => ({ business: '该登录设备不存在' }) })
    const t = await mount(SessionsPage)
    await t.queries.waitForQuerySelector('.session__end')
    await click(t, '.session__end')
    await until(t, () => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '该登录设备不存在' })))
  })

  it('offline: the error with a retry that loads; an empty list says so', async () => {
    setItem('token', 'tok')
    openedWith('pages/personal/sessions')
    let reply: 'offline' | { list: SessionInfo[] } = OFFLINE
    fakeApi({ 'personal.user/sessions': () => reply })
    const t = await mount(SessionsPage)
    await t.queries.waitForQuerySelector('.state--error')
    reply = { list: [] }
    await click(t, '.state__retry')
    await t.queries.waitForQuerySelector('.state--empty')
    expect(text(t, '.state__title')).toBe('没有登录中的设备')
  })

  it('in English', async () => {
    setItem('token', 'tok')
    setLang('en')
    openedWith('pages/personal/sessions')
    fakeApi({ 'personal.user/sessions': () => ({ list: [session(), session({ id: 2, current: false })] }) })
    const t = await mount(SessionsPage)
    await t.queries.waitForQuerySelector('.session')
    expect(text(t, '.nav-bar__title')).toBe('Signed-in devices')
    expect(text(t, '.session__badge')).toBe('This device')
    expect(text(t, '.session__end')).toBe('Log out')
  })

  it('anonymous: off to Authorization, then "log in first"', async () => {
    openedWith('pages/personal/sessions')
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
    fakeApi({})
    const t = await mount(SessionsPage)
    await t.queries.waitForQuerySelector('.state--empty')
    expect(nav).toHaveBeenCalledWith({ url: `/pages/accountBind/index?redirect=${encodeURIComponent('/pages/personal/sessions')}` })
  })
})

describe('Delete account', () => {
  it('says what is erased and what is kept; a second, explicit confirmation; then logged out here and back on Me', async () => {
    setItem('token', 'tok')
    openedWith('pages/personal/deleteAccount')
    const toast = toasts()
    const modal = confirmWith(true)
    const tab = jest.spyOn(Taro, 'switchTab').mockResolvedValue({ errMsg: 'ok' })
    const api = fakeApi({ 'personal.user/info': () => profile, 'personal.user/deletionCheck': () => ({ orders: [] }), 'personal.user/delete': () => ({ deleted: true }) })
    const t = await mount(DeleteAccountPage)
    await t.queries.waitForQuerySelector('.delete-account')
    expect(text(t, '.delete-account__phone')).toBe('当前账号 138****8000')
    expect(text(t, '.delete-account__erased')).toContain('收货地址')
    expect(text(t, '.delete-account__kept')).toContain('订单和支付记录')
    await click(t, '.delete-account__submit')
    expect(modal).toHaveBeenCalledWith(expect.objectContaining({ confirmText: '确定注销' }))
    await until(t, () => expect(getItem('token')).toBeUndefined())
    expect(api.called('personal.user/delete')).toHaveLength(1)
    expect(api.called('personal.user/delete')[0].data).toMatchObject({ confirm: true })
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '账号已注销' }))
    expect(tab).toHaveBeenCalledWith({ url: '/pages/personal/index' })
  })

  it('cancelled: nothing sent; refused (orders on the move): the server’s words, still logged in', async () => {
    setItem('token', 'tok')
    openedWith('pages/personal/deleteAccount')
    const toast = toasts()
    const modal = confirmWith(false)
    const api = fakeApi({ 'personal.user/info': () => profile, 'personal.user/deletionCheck': () => ({ orders: [] }), 'personal.user/delete': () => ({ business: '你还有进行中或退款中的订单，完成后才能注销账号' }) })
    const t = await mount(DeleteAccountPage)
    await t.queries.waitForQuerySelector('.delete-account__submit')
    await click(t, '.delete-account__submit')
    await until(t, () => expect(modal).toHaveBeenCalled())
    await t.act(async () => undefined)
    expect(api.called('personal.user/delete')).toHaveLength(0)
    modal.mockResolvedValue({ confirm: true, cancel: false, errMsg: 'ok' })
    await click(t, '.delete-account__submit')
    await until(t, () => expect(text(t, '.delete-account__error')).toBe('你还有进行中或退款中的订单，完成后才能注销账号'))
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '你还有进行中或退款中的订单，完成后才能注销账号' }))
    expect(getItem('token')).toBe('tok')
  })

  it('refused because orders are on their way: the server’s words and each order, a link to it; no toast; still logged in', async () => {
    setItem('token', 'tok')
    openedWith('pages/personal/deleteAccount')
    const toast = toasts()
    confirmWith(true)
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
    const msg = '你还有 2 笔订单未完成（待自提、待发货、配送中或退款中），完成或申请退款后才能注销账号'
    const orders: DeletionBlocker[] = [
      { id: 42, order_no: 'OCP20261126101010123456', kind: 'product', title: '香薰蜡烛', order_status: 10, pay_amount: 6900, create_time: '2026-11-26 10:10:10' },
      { id: 41, order_no: 'OCP20261125090909654321', kind: 'bill', title: '川味小馆', order_status: 60, pay_amount: 3000, create_time: '2026-11-25 09:09:09' },
    ]
    const refusal = { code: 0, msg, data: { orders }, reason: 'account_has_open_orders', params: { count: 2 } }
    const api = fakeApi({ 'personal.user/info': () => profile, 'personal.user/deletionCheck': () => ({ orders: [] }), 'personal.user/delete': () => ({ http: { status: 200, body: refusal, headers: {} } }) })
    const t = await mount(DeleteAccountPage)
    await t.queries.waitForQuerySelector('.delete-account__submit')
    await click(t, '.delete-account__submit')
    await t.queries.waitForQuerySelector('.delete-account__blocker')
    expect(text(t, '.delete-account__error')).toBe(msg)
    expect(all(t, '.delete-account__blocker-title')).toEqual(['香薰蜡烛', '川味小馆'])
    expect(all(t, '.delete-account__blocker-status')).toEqual(['已付款', '退款中'])
    expect(all(t, '.delete-account__blocker-amount')).toEqual(['¥69.00', '¥30.00'])
    expect(all(t, '.delete-account__blocker-no')).toEqual(['订单号 OCP20261126101010123456', '订单号 OCP20261125090909654321'])
    expect(t.queries.querySelectorAll('.delete-account__blocker[role="link"]')).toHaveLength(2)
    await t.act(async () => t.fireEvent.click(t.queries.querySelectorAll('.delete-account__blocker')[1] as HTMLElement))
    expect(nav).toHaveBeenCalledWith({ url: '/pages/orders/detail?id=41' })
    expect(toast).not.toHaveBeenCalled()
    expect(api.called('personal.user/delete')).toHaveLength(1)
    expect(getItem('token')).toBe('tok')
  })

  it('an order on its way (issue 39): the orders that block it first, as the server lists them, and no final step; finished meanwhile, offered on return', async () => {
    setItem('token', 'tok')
    openedWith('pages/personal/deleteAccount')
    confirmWith(true)
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
    let orders: DeletionBlocker[] = [{ id: 42, order_no: 'OCP20261126101010123456', kind: 'product', title: '香薰蜡烛', order_status: 30, pay_amount: 6900, create_time: '2026-11-26 10:10:10' }]
    const api = fakeApi({ 'personal.user/info': () => profile, 'personal.user/deletionCheck': () => ({ orders }), 'personal.user/delete': () => ({ deleted: true }) })
    const t = await mount(DeleteAccountPage)
    await t.queries.waitForQuerySelector('.delete-account__blocker')
    expect(all(t, '.delete-account__blocker-title')).toEqual(['香薰蜡烛'])
    expect(all(t, '.delete-account__blocker-status')).toEqual(['配送中'])
    // Listed before what would be erased, and no way to the final confirmation.
    const boxes = Array.from(t.queries.querySelectorAll('.delete-account > *')).map((e) => e.className)
    expect(boxes.findIndex((c) => c.includes('delete-account__blockers'))).toBeLessThan(boxes.findIndex((c) => c.includes('delete-account__erased')))
    expect(t.queries.querySelector('.delete-account__submit')).toBeNull()
    expect(text(t, '.delete-account__blocked')).toBe('以上订单完成或退款后，才能注销账号')
    await t.act(async () => t.fireEvent.click(t.queries.querySelector('.delete-account__blocker') as HTMLElement))
    expect(nav).toHaveBeenCalledWith({ url: '/pages/orders/detail?id=42' })
    // Received meanwhile: back on the page, asked again — nothing blocks, the final step is offered.
    orders = []
    await hide(t)
    await show(t)
    await t.queries.waitForQuerySelector('.delete-account__submit')
    expect(t.queries.querySelector('.delete-account__blocker')).toBeNull()
    expect(api.called('personal.user/deletionCheck')).toHaveLength(2)
    expect(api.called('personal.user/delete')).toHaveLength(0)
  })

  it('a double tap sends one deletion', async () => {
    setItem('token', 'tok')
    openedWith('pages/personal/deleteAccount')
    toasts()
    confirmWith(true)
    const api = fakeApi({ 'personal.user/info': () => profile, 'personal.user/deletionCheck': () => ({ orders: [] }), 'personal.user/delete': () => PENDING })
    const t = await mount(DeleteAccountPage)
    await t.queries.waitForQuerySelector('.delete-account__submit')
    await click(t, '.delete-account__submit')
    await click(t, '.delete-account__submit')
    await until(t, () => expect(api.called('personal.user/delete')).toHaveLength(1))
    expect(t.queries.querySelector('.delete-account__submit')?.hasAttribute('disabled')).toBe(true)
  })

  it('a failed load offers a retry; in English', async () => {
    setItem('token', 'tok')
    setLang('en')
    openedWith('pages/personal/deleteAccount')
    let reply: 'offline' | typeof profile = OFFLINE
    fakeApi({ 'personal.user/info': () => reply, 'personal.user/deletionCheck': () => ({ orders: [] }) })
    const t = await mount(DeleteAccountPage)
    await t.queries.waitForQuerySelector('.state--error')
    reply = profile
    await click(t, '.state__retry')
    await t.queries.waitForQuerySelector('.delete-account')
    expect(text(t, '.nav-bar__title')).toBe('Delete account')
    expect(text(t, '.delete-account__kept')).toContain('Orders and payments')
    expect(text(t, '.delete-account__submit')).toBe('Delete account')
  })
})

describe('Me', () => {
  it('logged in: Signed-in devices and Delete account entries; log out calls the server with the token and says so', async () => {
    setItem('token', 'tok-me')
    openedWith('pages/personal/index', {}, 1)
    const toast = toasts()
    confirmWith(true)
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
    const api = fakeApi({ 'personal.user/info': () => profile, 'personal.user/logout': () => ({ revoked: true }), 'index/serverInfo': () => PENDING })
    const t = await mount(PersonalIndexPage)
    await t.queries.waitForQuerySelector('.menu-list__item--sessions')
    expect(text(t, '.menu-list__item--sessions')).toBe('登录设备')
    expect(text(t, '.menu-list__item--deleteAccount')).toBe('注销账号')
    await click(t, '.menu-list__item--sessions')
    expect(nav).toHaveBeenCalledWith({ url: '/pages/personal/sessions' })
    await click(t, '.menu-list__item--logout')
    await until(t, () => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '已退出登录' })))
    expect(api.called('personal.user/logout')).toHaveLength(1)
    expect(api.called('personal.user/logout')[0].headers['Access-Token']).toBe('tok-me')
    expect(getItem('token')).toBeUndefined()
    await t.queries.waitForQuerySelector('.account-header__login')
    expect(t.queries.querySelector('.menu-list__item--sessions')).toBeNull()
  })

  it('log out offline: logged out here all the same, and told the server did not confirm', async () => {
    setItem('token', 'tok-me')
    openedWith('pages/personal/index', {}, 1)
    const toast = toasts()
    confirmWith(true)
    fakeApi({ 'personal.user/info': () => profile, 'personal.user/logout': () => OFFLINE, 'index/serverInfo': () => PENDING })
    const t = await mount(PersonalIndexPage)
    await t.queries.waitForQuerySelector('.menu-list__item--logout')
    await click(t, '.menu-list__item--logout')
    await until(t, () => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '已在本机退出（网络不可用，服务器未确认）' })))
    expect(getItem('token')).toBeUndefined()
    await t.queries.waitForQuerySelector('.account-header__login')
  })
})
