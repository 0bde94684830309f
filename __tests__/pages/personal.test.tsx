import Taro from '@tarojs/taro'
import TestUtils from '@tarojs/test-utils-react'
import { resetLangCache } from '@/core/i18n'
import { getItem, setItem } from '@/core/storage'
import PersonalIndexPage from '@/pages/personal/index'
import { fakeApi, PENDING } from '../support/fakeApi'

const mounted: TestUtils[] = []
afterEach(() => {
  mounted.splice(0).forEach((t) => t.unmout())
  jest.restoreAllMocks()
  resetLangCache()
})

async function mount() {
  fakeApi({}, { otherwise: PENDING })
  jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([{ route: 'pages/personal/index', options: {} } as unknown as Taro.Page])
  const t = new TestUtils()
  mounted.push(t)
  await t.mount(PersonalIndexPage)
  await t.queries.waitForQuerySelector('.menu-list')
  return t
}

const text = (t: TestUtils, sel: string) => t.queries.querySelector(sel)?.textContent ?? null

describe('My account', () => {
  it('anonymous: offers login, no logout', async () => {
    const t = await mount()
    expect(text(t, '.account-header__login')).toBe('登录 / 绑定手机')
    expect(t.queries.querySelector('.menu-list__item--logout')).toBeNull()
  })

  it('logged in: log out asks first (cancel keeps the shopper signed in), then forgets the token and shows the login entry again', async () => {
    setItem('token', 'tok')
    const modal = jest.spyOn(Taro, 'showModal').mockResolvedValueOnce({ confirm: false, cancel: true, errMsg: 'ok' })
    jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' })
    const t = await mount()
    expect(t.queries.querySelector('.account-header__login')).toBeNull()
    const logout = () => t.act(async () => t.fireEvent.click(t.queries.querySelector('.menu-list__item--logout') as HTMLElement))
    // The question, with its two answers, before anything happens; "cancel" changes nothing.
    await logout()
    expect(modal).toHaveBeenCalledTimes(1)
    expect(modal).toHaveBeenCalledWith(expect.objectContaining({ content: '确定退出登录吗？', confirmText: '退出登录', cancelText: '取消' }))
    expect(getItem('token')).toBe('tok')
    expect(t.queries.querySelector('.account-header__login')).toBeNull()
    expect(t.queries.querySelector('.menu-list__item--logout')).not.toBeNull()
    // Asked again and confirmed: signed out.
    modal.mockResolvedValueOnce({ confirm: true, cancel: false, errMsg: 'ok' })
    await logout()
    expect(modal).toHaveBeenCalledTimes(2)
    await t.queries.waitForQuerySelector('.account-header__login')
    expect(getItem('token')).toBeUndefined()
  })

  it('switching language (an in-app sheet: both languages named in themselves) rewrites the screen in English and remembers it', async () => {
    jest.spyOn(Taro, 'setTabBarItem').mockResolvedValue({ errMsg: 'ok' })
    const t = await mount()
    await t.act(async () => t.fireEvent.click(t.queries.querySelector('.menu-list__item--language') as HTMLElement))
    const sheet = (await t.queries.waitForQuerySelector('#language-sheet')) as HTMLElement
    expect(sheet.getAttribute('role')).toBe('dialog')
    expect(sheet.getAttribute('aria-modal')).toBe('true')
    expect(Array.from(sheet.querySelectorAll('.sheet__item')).map((e) => e.textContent)).toEqual(['简体中文', 'English'])
    expect(sheet.querySelector('.sheet__cancel')?.textContent).toBe('取消')
    await t.act(async () => t.fireEvent.click(sheet.querySelectorAll('.sheet__item')[1] as HTMLElement))
    expect(t.queries.querySelector('#language-sheet')).toBeNull()
    expect(text(t, '.account-header__login')).toBe('Log in / bind phone')
    expect(text(t, '.nav-bar__title')).toBe('My account')
    expect(getItem('lang')).toBe('en')
  })

  it('About shows version 1.0.0 (100)', async () => {
    const modal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false, errMsg: 'ok' })
    const t = await mount()
    await t.act(async () => t.fireEvent.click(t.queries.querySelector('.menu-list__item--about') as HTMLElement))
    expect(modal).toHaveBeenCalledWith(expect.objectContaining({ content: '一卡通 版本 1.0.0（100）' }))
  })
})
