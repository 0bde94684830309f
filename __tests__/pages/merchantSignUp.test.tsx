/**
 * Issue 26, merchant sign-up (pages/shopRegister, H5 runtime, the one fake API): each field checked where it is typed
 * with the server's limits, the draft kept on the phone and found again (photos' addresses too), the photos chosen →
 * uploaded with progress → retried, the server's refusals marked on their field by reason, a rejection's fields with
 * the reviewer's words, a single submit in flight, and the status after it.
 */
import Taro from '@tarojs/taro'
import type TestUtils from '@tarojs/test-utils-react'
import type { MerchantApplication } from '@/contract/merchant'
import { resetLangCache, setLang } from '@/core/i18n'
import { getItem, setItem } from '@/core/storage'
import ShopRegisterIndexPage from '@/pages/shopRegister/index'
import { photos } from '@/platform/photos'
import { fakeApi, openedWith, refused, resetRouter, type Handlers } from '../support/fakeApi'
import { all, click, mount, text, unmount, unmountAll, until } from '../support/screen'

afterEach(() => {
  unmountAll()
  jest.restoreAllMocks()
  resetLangCache()
  resetRouter()
  Taro.clearStorageSync()
})

const PHONE = '13800138000'
const LICENCE = '/uploads/AAAAAAAAAAAAAAAAAAAAAA.jpg'
const STOREFRONT = '/uploads/BBBBBBBBBBBBBBBBBBBBBB.jpg'
const profile = (storeId: number | null = null) => ({
  user: { id: 7, phone: PHONE, nickname: '小一', avatar: '', referrer_id: null, userIds: { userIdAgent: null, userIdBuss: storeId, storeId } },
  card: null,
  order_counts: { unpaid: 0, paid: 0, completed: 0, refund: 0 },
})
const application = (over: Partial<MerchantApplication> = {}): MerchantApplication => ({
  id: 3,
  status: 'submitted',
  shop_name: '老街面馆',
  class_id: 1,
  contact_name: '李雷',
  mobile: PHONE,
  city_id: 1,
  district: '南山区',
  address: '科苑路 88 号',
  lat: null,
  lng: null,
  hours: '10:00-22:00',
  discount_rate: 88,
  licence_image: LICENCE,
  storefront_image: STOREFRONT,
  rejections: {},
  shop_id: null,
  created_at: 1,
  updated_at: 2,
  reviewed_at: null,
  ...over,
})
/** A complete draft as the form keeps it. */
const fullDraft = { shop_name: '老街面馆', class_id: '1', contact_name: '李雷', mobile: PHONE, city_id: '1', district: '南山区', address: '科苑路 88 号', lat: '', lng: '', hours: '10:00-22:00', discount_rate: '88', licence_image: LICENCE, storefront_image: STOREFRONT, agreed: true }

const toasts = () => jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' })
const toasted = () => (Taro.showToast as jest.Mock).mock.calls.map((c) => (c[0] as { title: string }).title)

function handlers(over: Handlers = {}): Handlers {
  return {
    'personal.merchant_application/read': () => ({ application: null }),
    'personal.user/info': () => profile(),
    'hui_shanghu.hs_business_class/index': () => ({ list: [{ id: 1, name: '美食', icon: '', oil: false }, { id: 2, name: '丽人', icon: '', oil: false }] }),
    'website.hui_china_city/cityList': () => ({ list: [{ id: 1, name: '深圳', pinyin: 'shenzhen', hot: true }, { id: 2, name: '广州', pinyin: 'guangzhou', hot: true }] }),
    'website.hui_china_city/regionTree': () => ({ list: [{ name: '广东省', children: [{ name: '深圳市', children: [{ name: '南山区' }, { name: '福田区' }] }] }] }),
    ...over,
  }
}

async function open(over: Handlers = {}) {
  toasts()
  setItem('token', 'tok')
  openedWith('pages/shopRegister/index')
  const api = fakeApi(handlers(over))
  const t = await mount(ShopRegisterIndexPage)
  await t.queries.waitForQuerySelector('.mc-form, .mc-status')
  return { t, api }
}

async function typeInto(t: TestUtils, sel: string, value: string, blur = true) {
  const inner = (await t.queries.waitForQuerySelector(`${sel} input`)) as HTMLInputElement
  await t.act(async () => {
    inner.value = value
    inner.dispatchEvent(new Event('input', { bubbles: true }))
    if (blur) inner.dispatchEvent(new Event('blur', { bubbles: true }))
  })
}
const valueOf = async (t: TestUtils, sel: string) => ((await t.queries.waitForQuerySelector(`${sel} input`)) as HTMLInputElement).value

describe('the form', () => {
  it('checks a field as the shopper leaves it, with the server’s limits, and every field at Submit (nothing sent)', async () => {
    const { t, api } = await open()
    // Prefilled with the account's own phone: no code asked.
    expect(await valueOf(t, '.mc-input--mobile')).toBe(PHONE)
    expect(t.queries.querySelector('.mc-input--sms_code')).toBeNull()
    expect(t.queries.querySelector('.mc-error')).toBeNull()
    await typeInto(t, '.mc-input--shop_name', '面')
    expect(text(t, '.mc-error--shop_name')).toBe('店铺名称需为 2–30 个字')
    await typeInto(t, '.mc-input--shop_name', '老街面馆')
    expect(t.queries.querySelector('.mc-error--shop_name')).toBeNull()
    // Another mobile: a code is asked, and checked.
    await typeInto(t, '.mc-input--mobile', '1370000')
    expect(text(t, '.mc-error--mobile')).toBe('请填写正确的 11 位手机号')
    await typeInto(t, '.mc-input--mobile', '13700001111')
    await typeInto(t, '.mc-input--sms_code', '12')
    expect(text(t, '.mc-error--sms_code')).toBe('请填写 6 位短信验证码')
    await click(t, '.mc-submit')
    expect(all(t, '.mc-error').length).toBeGreaterThanOrEqual(8)
    expect(text(t, '.mc-error--licence_image')).toBe('请上传营业执照照片')
    expect(text(t, '.mc-error--agreed')).toBe('请阅读并勾选入驻协议')
    expect(toasted()).toContain('请检查标红的项目')
    expect(api.called('personal.merchant_application/submit')).toHaveLength(0)
  })

  it('asks the code for another mobile (scene shopRegister) and counts 60 s down before it can be asked again', async () => {
    const { t, api } = await open({ 'Captcha/sendSmsCaptcha': () => ({ expires_in: 300, resend_in: 60 }) })
    await typeInto(t, '.mc-input--mobile', '13700001111')
    await click(t, '.mc-code-btn')
    await until(t, () => expect(text(t, '.mc-code-btn')).toMatch(/^(60|59) 秒后重发$/))
    expect(api.called('Captcha/sendSmsCaptcha')[0].data).toMatchObject({ phone: '13700001111', scene: 'shopRegister' })
  })
})

describe('the draft', () => {
  it('keeps what is typed and the uploaded photos on the phone: closing the screen and opening it again finds them', async () => {
    const { t } = await open()
    jest.spyOn(photos, 'choose').mockResolvedValue({ preview: 'data:image/jpeg;base64,AAAA', source: 'x' })
    jest.spyOn(photos, 'upload').mockImplementation(async (_p, onProgress) => {
      onProgress(40)
      return LICENCE
    })
    await typeInto(t, '.mc-input--shop_name', '老街面馆')
    await typeInto(t, '.mc-input--hours', '10:00-22:00')
    await click(t, '.mc-chip--88')
    await click(t, '.mc-photo--licence_image .mc-photo__add')
    await until(t, () => expect(t.queries.querySelector('.mc-photo--licence_image .mc-photo__replace')).not.toBeNull())
    unmount(t)

    const again = await mount(ShopRegisterIndexPage)
    await again.queries.waitForQuerySelector('.mc-form')
    expect(text(again, '.mc-note--restored')).toBe('已恢复你上次填写的内容')
    expect(await valueOf(again, '.mc-input--shop_name')).toBe('老街面馆')
    expect(await valueOf(again, '.mc-input--hours')).toBe('10:00-22:00')
    expect(again.queries.querySelector('.mc-chip--88')?.getAttribute('aria-checked')).toBe('true')
    expect(again.queries.querySelector('.mc-photo--licence_image .mc-photo__img')).not.toBeNull()
    // Another account on the same phone does not see it.
    expect((getItem('merchantDraft') as { owner: number }).owner).toBe(7)
  })

  it('a photo whose upload failed is retried; one can be removed', async () => {
    const { t } = await open()
    jest.spyOn(photos, 'choose').mockResolvedValue({ preview: 'data:image/jpeg;base64,AAAA', source: 'x' })
    let tries = 0
    jest.spyOn(photos, 'upload').mockImplementation(async () => {
      if (++tries === 1) throw new Error('offline')
      return STOREFRONT
    })
    await click(t, '.mc-photo--storefront_image .mc-photo__add')
    await until(t, () => expect(text(t, '.mc-photo--storefront_image .mc-error')).toBeTruthy())
    await click(t, '.mc-photo--storefront_image .mc-photo__retry')
    await until(t, () => expect(t.queries.querySelector('.mc-photo--storefront_image .mc-photo__replace')).not.toBeNull())
    expect(tries).toBe(2)
    expect((getItem('merchantDraft') as { fields: { storefront_image: string } }).fields.storefront_image).toBe(STOREFRONT)
    await click(t, '.mc-photo--storefront_image .mc-photo__remove')
    expect(t.queries.querySelector('.mc-photo--storefront_image .mc-photo__add')).not.toBeNull()
    expect((getItem('merchantDraft') as { fields: { storefront_image: string } }).fields.storefront_image).toBe('')
  })

  // Issue 39: "Business licence" was written in the box and again under it, and a screen reader read it twice (the
  // box's name, then the words under it). Now once on screen, once to a screen reader: in each control's own name.
  it('each photo field says its name once: on screen under the box, to a screen reader in its controls’ names', async () => {
    setLang('en')
    const { t } = await open()
    const field = () => t.queries.querySelector('.mc-photo--licence_image') as HTMLElement
    expect((field().textContent ?? '').split('Business licence').length - 1).toBe(1)
    expect(field().querySelector('.mc-photo__add')?.getAttribute('aria-label')).toBe('Add Business licence')
    expect(field().querySelector('.mc-photo__label')?.getAttribute('aria-hidden')).toBe('true')
    // What a screen reader reads: names of controls, and words outside aria-hidden — the field's name once.
    const read = (el: Element): string[] => {
      if (el.getAttribute('aria-hidden') === 'true') return []
      const name = el.getAttribute('aria-label')
      if (name) return [name]
      return Array.from(el.childNodes).flatMap((n) => (n.nodeType === 3 ? [(n.textContent ?? '').trim()].filter(Boolean) : n.nodeType === 1 ? read(n as Element) : []))
    }
    expect(read(field()).join(' | ')).toBe('Add Business licence')
    // With a photo: the picture, Remove and Replace are named by the field; the words under the box once on screen.
    jest.spyOn(photos, 'choose').mockResolvedValue({ preview: 'data:image/jpeg;base64,AAAA', source: 'x' })
    jest.spyOn(photos, 'upload').mockResolvedValue(LICENCE)
    await click(t, '.mc-photo--licence_image .mc-photo__add')
    await until(t, () => expect(field().querySelector('.mc-photo__replace')).not.toBeNull())
    expect((field().textContent ?? '').split('Business licence').length - 1).toBe(1)
    expect(field().querySelector('.mc-photo__remove')?.getAttribute('aria-label')).toBe('Remove Business licence')
    expect(field().querySelector('.mc-photo__replace')?.getAttribute('aria-label')).toBe('Replace Business licence')
  })
})

describe('submitting', () => {
  it('one submit in flight whatever the taps; then the status, and the draft is gone', async () => {
    setItem('merchantDraft', { owner: 7, fields: fullDraft })
    let release: () => void = () => undefined
    const { t, api } = await open({
      'personal.merchant_application/submit': () =>
        new Promise((resolve) => {
          release = () => resolve({ application: application() })
        }),
    })
    await click(t, '.mc-submit')
    await click(t, '.mc-submit')
    await click(t, '.mc-submit')
    expect(api.called('personal.merchant_application/submit')).toHaveLength(1)
    expect(api.called('personal.merchant_application/submit')[0].data).toMatchObject({ shop_name: '老街面馆', class_id: 1, city_id: 1, discount_rate: 88, licence_image: LICENCE })
    expect(api.called('personal.merchant_application/submit')[0].data).not.toHaveProperty('sms_code')
    await t.act(async () => release())
    await until(t, () => expect(text(t, '.mc-status__title')).toBe('申请已提交'))
    expect(t.queries.querySelector('.mc-form')).toBeNull()
    expect(getItem('merchantDraft')).toBeUndefined()
  })

  it('a refusal is marked on its field by its reason, in the server’s words; what was typed stays', async () => {
    setItem('merchantDraft', { owner: 7, fields: fullDraft })
    const { t } = await open({ 'personal.merchant_application/submit': () => refused('merchant_shop_name_taken', 'zh', { name: '老街面馆' }) })
    await click(t, '.mc-submit')
    await until(t, () => expect(text(t, '.mc-error--shop_name')).toBe('该城市已有名为「老街面馆」的店铺'))
    expect(await valueOf(t, '.mc-input--shop_name')).toBe('老街面馆')
    await typeInto(t, '.mc-input--shop_name', '老街面馆二店')
    expect(t.queries.querySelector('.mc-error--shop_name')).toBeNull()
  })
})

describe('the status', () => {
  it('rejected: the fields with the reviewer’s words, the form to fix them; resubmitting edits the same application', async () => {
    const rejected = application({ status: 'rejected', rejections: { licence_image: '照片模糊，请重拍', hours: '请写明每周营业日' } })
    const { t, api } = await open({
      'personal.merchant_application/read': () => ({ application: rejected }),
      'personal.merchant_application/submit': () => ({ application: application({ hours: '周一至周日 10:00-22:00' }) }),
    })
    expect(text(t, '.mc-status__title')).toBe('审核未通过')
    expect(all(t, '.mc-status__reason-field')).toEqual(['营业时间', '营业执照'])
    expect(text(t, '.mc-status__reason--licence_image .mc-status__reason-why')).toBe('照片模糊，请重拍')
    expect(text(t, '.mc-error--hours')).toBe('审核意见：请写明每周营业日')
    expect(text(t, '.mc-error--licence_image')).toBe('审核意见：照片模糊，请重拍')
    expect(text(t, '.mc-submit')).toBe('修改后重新提交')
    await typeInto(t, '.mc-input--hours', '周一至周日 10:00-22:00')
    expect(t.queries.querySelector('.mc-error--hours')).toBeNull()
    await click(t, '.mc-check')
    await click(t, '.mc-submit')
    await until(t, () => expect(text(t, '.mc-status__title')).toBe('申请已提交'))
    expect(api.called('personal.merchant_application/submit')[0].data).toMatchObject({ hours: '周一至周日 10:00-22:00', mobile: PHONE })
  })

  it('in review and approved, in English: the way to the workbench once approved', async () => {
    setLang('en')
    const { t } = await open({ 'personal.merchant_application/read': () => ({ application: application({ status: 'approved', shop_id: 12 }) }), 'personal.user/info': () => profile(12) })
    expect(text(t, '.mc-status__title')).toBe('Approved')
    expect(text(t, '.mc-status__text')).toBe('"老街面馆" is live: members can find it in Discount bill now')
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
    await click(t, '.mc-status__go')
    expect(nav).toHaveBeenLastCalledWith(expect.objectContaining({ url: '/pages/store/index' }))
    expect(t.queries.querySelector('.mc-form')).toBeNull()
  })
})
