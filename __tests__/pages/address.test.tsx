/**
 * Issue 24, Add/edit address: an error shown by Save goes as soon as its field is corrected (not at the next Save);
 * a field still wrong keeps its error, updated to what is wrong now; untouched fields keep theirs. zh and en.
 */
import type TestUtils from '@tarojs/test-utils-react'
import { resetLangCache, setLang } from '@/core/i18n'
import { setItem } from '@/core/storage'
import PersonalNewAddressPage from '@/pages/personal/newAddress'
import { fakeApi, openedWith, resetRouter } from '../support/fakeApi'
import { click, mount, text, unmountAll } from '../support/screen'

afterEach(() => {
  unmountAll()
  jest.restoreAllMocks()
  resetLangCache()
  resetRouter()
})

async function typeInto(t: TestUtils, sel: string, value: string) {
  const inner = (await t.queries.waitForQuerySelector(`${sel} input`)) as HTMLInputElement
  await t.act(async () => {
    inner.value = value
    inner.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

const REGIONS = [{ name: '广东省', children: [{ name: '深圳市', children: [{ name: '南山区' }] }] }]

async function openForm() {
  setItem('token', 'tok')
  openedWith('pages/personal/newAddress')
  fakeApi({ 'website.hui_china_city/regionTree': () => ({ list: REGIONS }) })
  const t = await mount(PersonalNewAddressPage)
  await t.queries.waitForQuerySelector('.address-form__save')
  return t
}

const WORDS = {
  zh: { name: '请填写收货人', mobile: '请输入 11 位手机号（1 开头）', detailShort: '详细地址至少 4 个字', region: '请选择省市区' },
  en: { name: 'Enter the recipient', mobile: 'Enter an 11-digit mobile starting with 1', detailShort: 'At least 4 characters', region: 'Choose province, city and district' },
}

describe('Add address: errors follow the corrections', () => {
  it.each(['zh', 'en'] as const)('%s: each corrected field loses its error at once, the others keep theirs until corrected', async (lang) => {
    if (lang === 'en') setLang('en')
    const w = WORDS[lang]
    const t = await openForm()
    await typeInto(t, '.address-form__mobile', '123')
    await typeInto(t, '.address-form__detail', '南山')
    await click(t, '.address-form__save')
    expect(text(t, '.address-form__error--name')).toBe(w.name)
    expect(text(t, '.address-form__error--mobile')).toBe(w.mobile)
    expect(text(t, '.address-form__error--detail')).toBe(w.detailShort)
    expect(text(t, '.address-form__error--region')).toBe(w.region)

    // The name typed: its error goes, no Save needed; the others stay.
    await typeInto(t, '.address-form__name', '张三')
    expect(t.queries.querySelector('.address-form__error--name')).toBeNull()
    expect(text(t, '.address-form__error--mobile')).toBe(w.mobile)
    expect(text(t, '.address-form__error--detail')).toBe(w.detailShort)

    // Still too short a mobile: still red; eleven digits: gone.
    await typeInto(t, '.address-form__mobile', '1391234')
    expect(text(t, '.address-form__error--mobile')).toBe(w.mobile)
    await typeInto(t, '.address-form__mobile', '13912345678')
    expect(t.queries.querySelector('.address-form__error--mobile')).toBeNull()

    await typeInto(t, '.address-form__detail', '南山区科技园')
    expect(t.queries.querySelector('.address-form__error--detail')).toBeNull()
    // The region was not touched: its error is still there.
    expect(text(t, '.address-form__error--region')).toBe(w.region)

    // Emptied again after the correction: no new error while typing, Save names it again.
    await typeInto(t, '.address-form__name', '')
    expect(t.queries.querySelector('.address-form__error--name')).toBeNull()
    await click(t, '.address-form__save')
    expect(text(t, '.address-form__error--name')).toBe(w.name)
  })
})

describe('the form’s title says what it does (issue 39)', () => {
  it.each([
    ['zh', undefined, '新增地址'],
    ['en', undefined, 'New address'],
    ['zh', '7', '编辑地址'],
    ['en', '7', 'Edit address'],
  ] as const)('%s, id %s: %s', async (lang, id, title) => {
    if (lang === 'en') setLang('en')
    setItem('token', 'tok')
    openedWith('pages/personal/newAddress', id ? { id } : {})
    fakeApi({
      'website.hui_china_city/regionTree': () => ({ list: REGIONS }),
      'personal.address/index': () => ({ list: [{ id: 7, name: '张三', mobile: '13600001111', province: '广东省', city: '深圳市', district: '南山区', detail: '科技园 1 号', is_default: true, lat: 22.53, lng: 113.93 }] }),
    })
    const t = await mount(PersonalNewAddressPage)
    await t.queries.waitForQuerySelector('.address-form__save')
    expect(text(t, '.nav-bar__title')).toBe(title)
  })
})
