/**
 * Issue 26, staff invites — the workbench's Staff screen (owner and staff) and the invite link's join screen (H5
 * runtime, the one fake API): the entry, the people with their roles, an invite with its QR code, link, copy and
 * expiry, withdraw and remove after a confirmation, one write per tap, staff without controls; the join screen's
 * login first, "Join <shop>", and the words for a used, expired or withdrawn link and for someone already staff.
 */
import Taro from '@tarojs/taro'
import type { WorkbenchAnswer } from '@/contract/store'
import type { InviteReadAnswer, StaffListAnswer } from '@/contract/storeStaff'
import { forgetAnswers } from '@/core/cache'
import { businessToday } from '@/core/clock'
import { resetLangCache, setLang } from '@/core/i18n'
import { getItem, setItem } from '@/core/storage'
import StoreIndexPage from '@/pages/store/index'
import StoreJoinPage from '@/pages/store/join'
import StoreStaffPage from '@/pages/store/staff'
import { fakeApi, OFFLINE, openedWith, PENDING, refused, resetRouter } from '../support/fakeApi'
import { all, click, mount, text, unmountAll, until } from '../support/screen'

afterEach(() => {
  unmountAll()
  jest.restoreAllMocks()
  resetLangCache()
  resetRouter()
})

const CODE = 'AbCdEfGhIjKlMnOpQrStUv'
const owner = { user_id: 1, nickname: '王老板', phone: '136****0001', role: 'owner' as const, since: '2026-11-20 10:00:00', is_me: true }
const clerk = { user_id: 2, nickname: '小李', phone: '137****0002', role: 'staff' as const, since: '2026-11-25 09:30:00', is_me: false }
const list = (over: Partial<StaffListAnswer> = {}): StaffListAnswer => ({
  shop: { id: 5, name: '川味小馆' },
  my_role: 'owner',
  staff: [owner, clerk],
  invites: [{ id: 7, created_at: '2026-11-26 08:00:00', expires_at: '2026-11-27 08:00:00' }],
  ...over,
})

const toasts = () => jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' })
const toasted = () => (Taro.showToast as jest.Mock).mock.calls.map((c) => (c[0] as { title: string }).title)

async function openStaff(handlers: Parameters<typeof fakeApi>[0], confirm = true) {
  toasts()
  const dialog = jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm, cancel: !confirm, errMsg: 'ok' })
  setItem('token', 'tok')
  openedWith('pages/store/staff')
  const api = fakeApi(handlers)
  const t = await mount(StoreStaffPage)
  return { t, api, dialog }
}

describe('the workbench entry', () => {
  const workbench = (role: WorkbenchAnswer['role']): WorkbenchAnswer => ({ shop: { id: 5, name: '川味小馆' }, business_day: businessToday(), paid_count: 0, takings: 0, to_verify: 0, refunds_to_answer: 0, to_ship: 0, refund_auto_approve_hours: 48, role })

  it('staff are not offered the Staff entry (inviting colleagues is the owner’s)', async () => {
    setItem('token', 'tok')
    openedWith('pages/store/index')
    fakeApi({ 'hui_shanghu.store/workbench': () => workbench('staff') })
    const t = await mount(StoreIndexPage)
    await t.queries.waitForQuerySelector('.workbench__entry--jobs')
    expect(t.queries.querySelector('.workbench__entry--staff')).toBeNull()
  })

  it('the owner’s opens the Staff screen', async () => {
    setItem('token', 'tok')
    openedWith('pages/store/index')
    fakeApi({ 'hui_shanghu.store/workbench': () => workbench('owner') })
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
    const t = await mount(StoreIndexPage)
    await t.queries.waitForQuerySelector('.workbench__entry--staff')
    expect(text(t, '.workbench__entry--staff .workbench__entry-title')).toBe('店员')
    await click(t, '.workbench__entry--staff')
    expect(nav).toHaveBeenLastCalledWith(expect.objectContaining({ url: '/pages/store/staff' }))
  })
})

describe('the Staff screen', () => {
  it('the owner sees everyone with their role, invites once per tap and gets the QR code, the link, its expiry and a copy button', async () => {
    let answer: (v: unknown) => void = () => undefined
    const { t, api } = await openStaff({
      'hui_shanghu.store_staff/index': () => list(),
      'hui_shanghu.store_staff/invite': () => new Promise((r) => (answer = r)).then(() => ({ invite: { id: 8, code: CODE, created_at: '2026-11-26 10:00:00', expires_at: '2026-11-27 10:00:00' } })),
      // No mini-program code (the sandbox; no mini-program configured): the link's QR code.
      'hui_shanghu.store_staff/inviteCode': () => ({ image: null }),
    })
    await until(t, () => expect(all(t, '.staff-member__name')).toEqual(['王老板', '小李']))
    expect(all(t, '.staff-member__role')).toEqual(['店主', '店员'])
    expect(text(t, '.staff-member__me')).toBe('我')
    expect(all(t, '.staff-member__meta')).toEqual(['136****0001 · 2026-11-20 加入', '137****0002 · 2026-11-25 加入'])
    // Only a staff row can be removed (never the owner), and the open invite can be withdrawn.
    expect(t.queries.querySelectorAll('.staff-member__remove')).toHaveLength(1)
    expect(text(t, '.staff-invite__created')).toBe('2026-11-26 08:00 生成')

    await click(t, '.staff__invite-btn')
    await click(t, '.staff__invite-btn')
    answer(null)
    await until(t, () => expect(text(t, '.staff__made-title')).toBe('邀请已生成'))
    expect(api.called('hui_shanghu.store_staff/invite')).toHaveLength(1)
    const link = `http://localhost/pages/store/join?code=${CODE}`
    expect(text(t, '.staff__link')).toBe(link)
    expect(t.queries.querySelector('.staff__qr [data-value]')?.getAttribute('data-value')).toBe(link)
    expect(text(t, '.staff__expires')).toBe('2026-11-27 10:00 前有效')
    // The list is read again (the new invite is among the open ones).
    await until(t, () => expect(api.called('hui_shanghu.store_staff/index').length).toBe(2))
    const copy = jest.spyOn(Taro, 'setClipboardData').mockResolvedValue({ errMsg: 'ok' } as never)
    await click(t, '.staff__copy')
    expect(copy).toHaveBeenCalledWith({ data: link })
    await until(t, () => expect(toasted()).toContain('链接已复制'))
    await click(t, '.staff__done')
    expect(t.queries.querySelector('.staff__made')).toBeNull()
  })

  it("shows WeChat's mini-program code of the invite when the server has one (issue 40); a failure keeps the link's QR code", async () => {
    const IMAGE = 'data:image/png;base64,iVBORw0KGgo='
    let fail = false
    const { t, api } = await openStaff({
      'hui_shanghu.store_staff/index': () => list(),
      'hui_shanghu.store_staff/invite': () => ({ invite: { id: 8, code: CODE, created_at: '2026-11-26 10:00:00', expires_at: '2026-11-27 10:00:00' } }),
      'hui_shanghu.store_staff/inviteCode': () => (fail ? OFFLINE : { image: IMAGE }),
    })
    await t.queries.waitForQuerySelector('.staff__invite-btn')
    await click(t, '.staff__invite-btn')
    await until(t, () => expect(t.queries.querySelector('.staff__wxacode img, img.staff__wxacode')?.getAttribute('src')).toBe(IMAGE))
    expect(t.queries.querySelector('.staff__qr [data-value]')).toBeNull()
    expect(text(t, '.staff__made-hint')).toBe('请同事用微信扫一扫小程序码，或把链接发给同事')
    expect(api.called('hui_shanghu.store_staff/inviteCode').map((c) => c.data)).toEqual([expect.objectContaining({ code: CODE })])
    // The link stays beside it, to copy.
    expect(text(t, '.staff__link')).toBe(`http://localhost/pages/store/join?code=${CODE}`)

    await click(t, '.staff__done')
    fail = true
    await click(t, '.staff__invite-btn')
    await until(t, () => expect(api.called('hui_shanghu.store_staff/inviteCode')).toHaveLength(2))
    await until(t, () => expect(t.queries.querySelector('.staff__qr [data-value]')?.getAttribute('data-value')).toBe(`http://localhost/pages/store/join?code=${CODE}`))
    expect(t.queries.querySelector('.staff__wxacode')).toBeNull()
  })

  it('removes a colleague after a confirmation naming them; cancelled: nothing is sent', async () => {
    // The server's list as it now is (the screen reads it again after a write).
    let now = list()
    const { t, api, dialog } = await openStaff({
      'hui_shanghu.store_staff/index': () => now,
      'hui_shanghu.store_staff/remove': (q) => (now = list({ staff: now.staff.filter((m) => m.user_id !== q.user_id) })),
    })
    await t.queries.waitForQuerySelector('.staff-member__remove')
    dialog.mockResolvedValueOnce({ confirm: false, cancel: true, errMsg: 'ok' })
    await click(t, '.staff-member__remove')
    expect(api.called('hui_shanghu.store_staff/remove')).toHaveLength(0)
    await click(t, '.staff-member__remove')
    expect(dialog).toHaveBeenLastCalledWith(expect.objectContaining({ content: '移除店员 小李？移除后对方将立即失去门店权限', confirmText: '移除', cancelText: '取消' }))
    await until(t, () => expect(all(t, '.staff-member__name')).toEqual(['王老板']))
    expect(api.called('hui_shanghu.store_staff/remove').map((c) => c.data)).toEqual([expect.objectContaining({ user_id: 2 })])
    expect(toasted()).toContain('已移除')
    // The owner alone: counted as one, and the note says nobody else is here (issue 39: they agree).
    expect(text(t, '.staff__count')).toBe('共 1 人')
    expect(text(t, '.staff__empty-title')).toBe('除你之外还没有店员')
  })

  it('withdraws an invite; a refusal is said in the server’s words', async () => {
    let refuse = true
    let now = list()
    const { t, api } = await openStaff({
      'hui_shanghu.store_staff/index': () => now,
      'hui_shanghu.store_staff/revoke': () => (refuse ? refused('staff_invite_not_found') : (now = list({ invites: [] }))),
    })
    await t.queries.waitForQuerySelector('.staff-invite__revoke')
    await click(t, '.staff-invite__revoke')
    await until(t, () => expect(toasted()).toContain('邀请链接无效，请向店主要一个新的链接'))
    refuse = false
    await click(t, '.staff-invite__revoke')
    await until(t, () => expect(t.queries.querySelector('.staff-invite')).toBeNull())
    expect(api.called('hui_shanghu.store_staff/revoke')).toHaveLength(2)
  })

  it('staff see the people but no invite, withdraw or remove controls', async () => {
    const { t } = await openStaff({ 'hui_shanghu.store_staff/index': () => list({ my_role: 'staff', staff: [{ ...owner, is_me: false }, { ...clerk, is_me: true }], invites: [] }) })
    await until(t, () => expect(all(t, '.staff-member__name')).toEqual(['王老板', '小李']))
    expect(t.queries.querySelector('.staff__invite-btn')).toBeNull()
    expect(t.queries.querySelector('.staff-member__remove')).toBeNull()
    expect(t.queries.querySelector('.staff-invite__revoke')).toBeNull()
    expect(text(t, '.staff__staff-note')).toBe('只有店主可以邀请和移除店员')
  })

  it('the owner alone, in English: "1 in all" beside a note that nobody else is here yet (they agree)', async () => {
    setLang('en')
    const { t } = await openStaff({ 'hui_shanghu.store_staff/index': () => list({ staff: [owner], invites: [] }) })
    await until(t, () => expect(all(t, '.staff-member__name')).toEqual(['王老板']))
    expect(text(t, '.staff__section-title')).toBe('People of this store')
    expect(text(t, '.staff__count')).toBe('1 in all')
    expect(text(t, '.staff__empty-title')).toBe('No staff besides you yet')
  })

  it('loading, a failed read with a retry, and no permission', async () => {
    let reply: 'pending' | 'offline' | 'ok' = 'pending'
    const { t, api } = await openStaff({ 'hui_shanghu.store_staff/index': () => (reply === 'pending' ? PENDING : reply === 'offline' ? OFFLINE : refused('no_permission')) })
    expect(t.queries.querySelector('.skeleton')).not.toBeNull()
    unmountAll()
    forgetAnswers()
    reply = 'offline'
    const again = await openStaff({ 'hui_shanghu.store_staff/index': () => (reply === 'offline' ? OFFLINE : refused('no_permission')) })
    await again.t.queries.waitForQuerySelector('.state--error')
    reply = 'ok'
    await click(again.t, '.state--error .state__action')
    await until(again.t, () => expect(text(again.t, '.state--empty .state__title')).toBe('无权限'))
    expect(api.called('hui_shanghu.store_staff/index').length).toBeGreaterThanOrEqual(1)
  })

  it('English words', async () => {
    setLang('en')
    const { t } = await openStaff({ 'hui_shanghu.store_staff/index': () => list() })
    await until(t, () => expect(all(t, '.staff-member__role')).toEqual(['Owner', 'Staff']))
    expect(text(t, '.staff__invite-btn')).toBe('Invite staff')
    expect(text(t, '.staff__count')).toBe('2 in all')
    expect(t.queries.querySelector('.staff__empty')).toBeNull()
    expect(text(t, '.staff-member__remove')).toBe('Remove')
    expect(text(t, '.staff-invite__revoke')).toBe('Withdraw')
    expect(all(t, '.staff-member__meta')[1]).toBe('137****0002 · Joined 2026-11-25')
  })
})

describe('the join screen', () => {
  const invite = (over: Partial<InviteReadAnswer> = {}): InviteReadAnswer => ({ shop: { id: 5, name: '川味小馆' }, expires_at: '2026-11-27 10:00:00', my_shop: null, ...over })
  async function openJoin(handlers: Parameters<typeof fakeApi>[0], code = CODE) {
    toasts()
    setItem('token', 'tok')
    openedWith('pages/store/join', { code })
    const api = fakeApi(handlers)
    const t = await mount(StoreJoinPage)
    return { t, api }
  }

  it('logged out: the SMS login first, coming back to this link', async () => {
    openedWith('pages/store/join', { code: CODE })
    const api = fakeApi({})
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
    const t = await mount(StoreJoinPage)
    await until(t, () => expect(nav).toHaveBeenCalledWith({ url: `/pages/accountBind/index?redirect=${encodeURIComponent(`/pages/store/join?code=${CODE}`)}` }))
    expect(api.calls).toHaveLength(0)
  })

  it('“Join <shop>” joins once per tap, remembers the store and opens the workbench', async () => {
    let answer: (v: unknown) => void = () => undefined
    const { t, api } = await openJoin({
      'hui_shanghu.store_invite/read': () => invite(),
      'hui_shanghu.store_invite/accept': () => new Promise((r) => (answer = r)).then(() => ({ shop: { id: 5, name: '川味小馆' }, role: 'staff' as const })),
    })
    const redirect = jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'ok' })
    await until(t, () => expect(text(t, '.join__btn')).toBe('加入「川味小馆」'))
    expect(text(t, '.join__invited')).toBe('「川味小馆」邀请你成为店员')
    expect(text(t, '.join__expires')).toBe('邀请 2026-11-27 10:00 前有效')
    await click(t, '.join__btn')
    await click(t, '.join__btn')
    answer(null)
    await until(t, () => expect(redirect).toHaveBeenCalledWith({ url: '/pages/store/index' }))
    expect(api.called('hui_shanghu.store_invite/accept').map((c) => c.data)).toEqual([expect.objectContaining({ code: CODE })])
    expect(getItem('userIds')).toEqual(expect.objectContaining({ storeId: 5 }))
  })

  it("the invite's mini-program code scanned in WeChat opens the screen with its scene (issue 40): the same invite", async () => {
    toasts()
    setItem('token', 'tok')
    openedWith('pages/store/join', { scene: encodeURIComponent(`i=${CODE}`) })
    const api = fakeApi({ 'hui_shanghu.store_invite/read': () => invite() })
    const t = await mount(StoreJoinPage)
    await until(t, () => expect(text(t, '.join__btn')).toBe('加入「川味小馆」'))
    expect(api.called('hui_shanghu.store_invite/read').map((c) => c.data)).toEqual([expect.objectContaining({ code: CODE })])
  })

  it('a link used meanwhile: the refusal in place, with the way back to Me', async () => {
    const { t } = await openJoin({ 'hui_shanghu.store_invite/read': () => invite(), 'hui_shanghu.store_invite/accept': () => refused('staff_invite_used') })
    await t.queries.waitForQuerySelector('.join__btn')
    await click(t, '.join__btn')
    await until(t, () => expect(text(t, '.state--empty .state__hint')).toBe('该邀请已被使用，请向店主要一个新的链接'))
    expect(text(t, '.state--empty .state__title')).toBe('无法加入')
  })

  it.each([
    ['staff_invite_expired', '该邀请已过期，请向店主要一个新的链接'],
    ['staff_invite_revoked', '店主已撤回该邀请'],
    ['staff_invite_used', '该邀请已被使用，请向店主要一个新的链接'],
  ] as const)('a dead link (%s) says so on opening', async (reason, words) => {
    const { t } = await openJoin({ 'hui_shanghu.store_invite/read': () => refused(reason) })
    await until(t, () => expect(text(t, '.state--empty .state__hint')).toBe(words))
    expect(t.queries.querySelector('.join__btn')).toBeNull()
  })

  it('already staff: of this store → the workbench; of another → one store per account', async () => {
    const here = await openJoin({ 'hui_shanghu.store_invite/read': () => invite({ my_shop: { id: 5, name: '川味小馆' } }) })
    await until(here.t, () => expect(text(here.t, '.state--empty .state__title')).toBe('你已是「川味小馆」的店员'))
    expect(text(here.t, '.state--empty .state__action')).toBe('打开工作台')
    unmountAll()
    forgetAnswers()
    const other = await openJoin({ 'hui_shanghu.store_invite/read': () => invite({ my_shop: { id: 3, name: '好邻居便利' } }) })
    await until(other.t, () => expect(text(other.t, '.state--empty .state__hint')).toBe('你已是「好邻居便利」的店员，一个账号只能属于一家门店'))
    expect(other.t.queries.querySelector('.join__btn')).toBeNull()
  })

  it('an incomplete link asks nothing of the server', async () => {
    const { t, api } = await openJoin({}, 'abc')
    await until(t, () => expect(text(t, '.state--empty .state__title')).toBe('邀请链接无效'))
    expect(api.calls).toHaveLength(0)
  })

  it('English words', async () => {
    setLang('en')
    const { t } = await openJoin({ 'hui_shanghu.store_invite/read': () => ({ ...invite(), shop: { id: 5, name: 'Sichuan Kitchen' } }) })
    await until(t, () => expect(text(t, '.join__btn')).toBe('Join Sichuan Kitchen'))
    expect(text(t, '.join__invited')).toBe('Sichuan Kitchen invites you to join its staff')
  })
})
