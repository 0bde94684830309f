/**
 * Issue 44, the shop's profile — the shop's page (the shopper's: open now, the week's hours, photos, the introduction
 * rendered as the server's allow-list left it) and the workbench's screens (profile, hours, introduction) in the H5
 * runtime with the one fake API: the owner's controls and staff's read-only view, checks as typed by the server's own
 * rules (nothing sent), a refusal said in the server's words with what was typed kept, one write per tap, the
 * introduction's blocks made into the HTML that is sent.
 */
import Taro from '@tarojs/taro'
import type TestUtils from '@tarojs/test-utils-react'
import type { ShopReadAnswer } from '@/contract/member'
import type { StoreProfileAnswer } from '@/contract/shopProfile'
import { resetLangCache, setLang } from '@/core/i18n'
import { forgetAnswers } from '@/core/cache'
import { setItem } from '@/core/storage'
import ShopsDetailsPage from '@/pages/shops/details'
import StoreHoursPage from '@/pages/store/hours'
import StoreIntroPage from '@/pages/store/intro'
import StoreProfilePage from '@/pages/store/profile'
import { blocksToHtml, htmlToBlocks } from '@/features/store/introBlocks'
import { sanitizeIntro } from '../../server/domain/store/introHtml'
import { fakeApi, openedWith, refused, resetRouter } from '../support/fakeApi'
import { all, click, mount, text, unmountAll, until } from '../support/screen'
import type { z } from 'zod'

afterEach(() => {
  unmountAll()
  jest.restoreAllMocks()
  resetLangCache()
  resetRouter()
})

type Read = z.input<typeof ShopReadAnswer>
const INTRO = '<h2>Fresh every day</h2><p>Washed <strong>by hand</strong>.</p><p><img src="/uploads/AAAAAAAAAAAAAAAAAAAAAA.jpg" alt="Counter" /></p><ul><li>Shirts</li><li>Coats</li></ul>'
const lunchAndDinner = [{ open: '09:00', close: '14:00' }, { open: '17:00', close: '22:00' }]
const WEEK = [lunchAndDinner, [], lunchAndDinner, lunchAndDinner, [{ open: '18:00', close: '02:00' }], lunchAndDinner, lunchAndDinner]

const shop = (over: Partial<NonNullable<Read['profile']>> = {}): Read => ({
  info: { id: 5, name: '洁净洗衣', class_id: 4, class_name: '生活服务', city_id: 1, address: '罗湖区东门步行街 20 号', phone: '0755-88881005', hours: '09:00-14:00,17:00-22:00', rating: 4.4, discount_rate: 92, image: '/uploads/AAAAAAAAAAAAAAAAAAAAAA.jpg', intro: '', lat: 22.5, lng: 114.1 },
  profile: {
    photos: ['/uploads/AAAAAAAAAAAAAAAAAAAAAA.jpg', '/uploads/BBBBBBBBBBBBBBBBBBBBBB.png'],
    intro_html: INTRO,
    week: WEEK,
    closed_dates: ['2027-03-03'],
    open_now: { open: false, closes_at: null, opens_at: '2027-03-04 09:00:00', closed_today: false },
    today: { date: '2027-03-02', weekday: 1 },
    ...over,
  },
})

async function typeInto(t: TestUtils, sel: string, value: string) {
  const inner = (await t.queries.waitForQuerySelector(`${sel} input, ${sel} textarea`)) as HTMLInputElement
  await t.act(async () => {
    inner.value = value
    inner.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

describe("the shop's page", () => {
  it('shows open or closed as the server said, the introduction as HTML, the week with today marked, the closed dates and the photos', async () => {
    openedWith('pages/shops/details', { id: '5' })
    fakeApi({ 'hui_shanghu.shop/read': () => shop(), 'hui_public.coupon/index': () => ({ list: [] }), 'hui_public.hsh_comment/index': () => ({ list: [], total: 0, page: 1, page_size: 10 }) })
    const t = await mount(ShopsDetailsPage)
    await t.queries.waitForQuerySelector('.shop-intro')
    // Tuesday (weekday 1): closed every week; it opens Thursday at 09:00 (Wednesday is a closed date).
    expect(text(t, '.shop-open')).toBe('休息中 · 周四 09:00 开门')
    // Closed all day: no hours beside it (not the older text's 09:00-14:00,17:00-22:00).
    expect(t.queries.querySelector('.shop-head__hours')).toBeNull()
    expect(all(t, '.shop-week__name')).toEqual(['周一', '周二', '周三', '周四', '周五', '周六', '周日'])
    expect(text(t, '.shop-week__day--today .shop-week__periods')).toBe('休息')
    expect(all(t, '.shop-week__periods')[4]).toBe('18:00–02:00 (次日)')
    expect(text(t, '.shop-week__dates')).toBe('休息日：2027-03-03')
    expect(t.queries.querySelectorAll('.shop-photos__img')).toHaveLength(2)
    // The introduction: the server's tags with their classes; the picture at this platform's address.
    const body = t.queries.querySelector('.shop-intro .rich__body') as HTMLElement
    await until(t, () => expect(body.querySelector('h2.rich__h2')?.textContent).toBe('Fresh every day'))
    expect(body.querySelector('strong.rich__strong')?.textContent).toBe('by hand')
    expect(Array.from(body.querySelectorAll('li.rich__li')).map((li) => li.textContent)).toEqual(['Shirts', 'Coats'])
    expect(body.querySelector('img')?.getAttribute('src')).toMatch(/\/uploads\/AAAAAAAAAAAAAAAAAAAAAA\.jpg$/)
    expect(body.querySelector('img')?.getAttribute('alt')).toBe('Counter')
  })

  it('in English: open now until when; a closed date says closed today; no introduction, no section', async () => {
    setLang('en')
    openedWith('pages/shops/details', { id: '5' })
    // Friday, 20:00: today's hours are Friday's, beside the open state.
    let answer = shop({ open_now: { open: true, closes_at: '2027-03-06 02:00:00', opens_at: null, closed_today: false }, today: { date: '2027-03-05', weekday: 4 } })
    fakeApi({ 'hui_shanghu.shop/read': () => answer, 'hui_public.coupon/index': () => ({ list: [] }), 'hui_public.hsh_comment/index': () => ({ list: [], total: 0, page: 1, page_size: 10 }) })
    const t = await mount(ShopsDetailsPage)
    await until(t, () => expect(text(t, '.shop-open')).toBe('Open now · closes 02:00'))
    expect(text(t, '.shop-head__hours')).toBe('18:00–02:00 (next day)')
    unmountAll()
    forgetAnswers() // another day's visit: nothing kept from the first
    answer = shop({ intro_html: '', open_now: { open: false, closes_at: null, opens_at: '2027-03-03 09:00:00', closed_today: true } })
    const again = await mount(ShopsDetailsPage)
    await until(again, () => expect(text(again, '.shop-open')).toBe('Closed today · opens tomorrow 09:00'))
    expect(again.queries.querySelector('.shop-intro')).toBeNull()
  })
})

const profile = (over: Partial<StoreProfileAnswer> = {}): StoreProfileAnswer => ({
  shop: { id: 5, name: '洁净洗衣', city_id: 1, city: '深圳' },
  my_role: 'owner',
  name_review: null,
  phone: '0755-88881005',
  district: '罗湖区',
  address: '东门步行街 20 号',
  lat: 22.5485,
  lng: 114.1315,
  districts: ['南山区', '福田区', '罗湖区'],
  week: null,
  closed_dates: [],
  hours_text: '09:00-22:00',
  photos: ['/uploads/AAAAAAAAAAAAAAAAAAAAAA.jpg', '/uploads/BBBBBBBBBBBBBBBBBBBBBB.png'],
  cover: '/uploads/AAAAAAAAAAAAAAAAAAAAAA.jpg',
  intro_html: '',
  open_now: null,
  today: { date: '2027-03-02', weekday: 1 },
  ...over,
})

const toasts = () => jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' })

async function open(Page: () => JSX.Element, route: string, handlers: Parameters<typeof fakeApi>[0]) {
  toasts()
  setItem('token', 'tok')
  openedWith(route)
  const api = fakeApi(handlers)
  const t = await mount(Page)
  await t.queries.waitForQuerySelector('.sp')
  return { t, api }
}

describe("the shop's page and an introduction someone tried to inject into", () => {
  // What an owner's client could send past the editor, and what H5 then puts into the page as innerHTML.
  const ATTACK = [
    '<h2>Fresh every day</h2>',
    '<script>window.__injected = "script"</script>',
    '<p>Washed <strong>by hand</strong>, <a href="javascript:window.__injected=\'link\'">see more</a>.</p>',
    '<p><img src="/uploads/AAAAAAAAAAAAAAAAAAAAAA.jpg" onerror="window.__injected=\'onerror\'" alt="Counter"></p>',
    '<ul><li>Shirts</li></ul>',
  ].join('')

  it('the page renders what the server keeps of it: no script, no handler, no link; the rest as written', async () => {
    openedWith('pages/shops/details', { id: '5' })
    // The server's own allow-list (server/domain/store/introHtml.ts) makes the answer, as shop/read gives it.
    fakeApi({ 'hui_shanghu.shop/read': () => shop({ intro_html: sanitizeIntro(ATTACK).html }), 'hui_public.coupon/index': () => ({ list: [] }), 'hui_public.hsh_comment/index': () => ({ list: [], total: 0, page: 1, page_size: 10 }) })
    const t = await mount(ShopsDetailsPage)
    await t.queries.waitForQuerySelector('.shop-intro')
    const body = t.queries.querySelector('.shop-intro .rich__body') as HTMLElement
    await until(t, () => expect(body.querySelector('h2')?.textContent).toBe('Fresh every day'))
    expect(body.querySelector('strong')?.textContent).toBe('by hand')
    expect(body.querySelector('img')?.getAttribute('alt')).toBe('Counter')
    expect(body.textContent).toContain('see more')
    expect(body.querySelectorAll('script, a, iframe, style')).toHaveLength(0)
    const attributes = Array.from(body.querySelectorAll('*')).flatMap((el) => Array.from(el.attributes).map((a) => `${a.name}=${a.value}`))
    expect(attributes.filter((a) => /^on|javascript:|__injected/i.test(a))).toEqual([])
    expect(body.innerHTML).not.toMatch(/__injected|javascript:|onerror|<script/i)
  })
})

describe('Shop profile (workbench)', () => {
  it('the name is sent for review once per tap; the pending name is said and the shop keeps its name', async () => {
    let answer: (v: StoreProfileAnswer) => void = () => undefined
    // The server's side: once asked, the profile it reads says the name waiting for review.
    let review: StoreProfileAnswer['name_review'] = null
    const { t, api } = await open(StoreProfilePage, 'pages/store/profile', {
      'hui_shanghu.store_profile/read': () => profile({ name_review: review }),
      'hui_shanghu.store_profile/rename': (q) =>
        new Promise<StoreProfileAnswer>((r) => (answer = r)).then(() => {
          review = { id: 1, name: q.name, status: 'pending', requested_at: '2027-03-02 10:00:00', decided_at: null, reason: null }
          return profile({ name_review: review })
        }),
    })
    await click(t, '.sp-save--name')
    expect(text(t, '.sp-name .sp-error')).toBe('店铺名称需为 2–30 个字')
    expect(api.called('hui_shanghu.store_profile/rename')).toHaveLength(0)
    await typeInto(t, '.sp-input--name', '洁净洗衣东门店')
    await click(t, '.sp-save--name')
    await click(t, '.sp-save--name')
    answer(profile())
    await until(t, () => expect(text(t, '.sp-name__review')).toBe('审核中：洁净洗衣东门店'))
    expect(text(t, '.sp-name__current')).toBe('洁净洗衣')
    expect(api.called('hui_shanghu.store_profile/rename').map((c) => c.data)).toEqual([expect.objectContaining({ name: '洁净洗衣东门店' })])
  })

  it('contact: a phone that is no number is caught before sending; the server’s refusal is said and what was typed stays', async () => {
    const { t, api } = await open(StoreProfilePage, 'pages/store/profile', {
      'hui_shanghu.store_profile/read': () => profile(),
      'hui_shanghu.store_profile/contact': () => refused('shop_point_outside_district', 'zh', { district: '福田区' }),
    })
    await typeInto(t, '.sp-input--phone', '12345')
    await click(t, '.sp-save--contact')
    expect(text(t, '.sp-contact .sp-error')).toBe('请填写手机号、带区号的座机号或 400 电话')
    expect(api.called('hui_shanghu.store_profile/contact')).toHaveLength(0)
    await typeInto(t, '.sp-input--phone', '13812345678')
    const chips = t.queries.querySelectorAll('.sp-chip')
    await t.act(async () => (chips[1] as HTMLElement).click())
    await click(t, '.sp-save--contact')
    await until(t, () => expect(text(t, '.sp-contact .sp-error')).toBe('地图位置不在福田区，请重新选择或更换所在区'))
    expect(api.called('hui_shanghu.store_profile/contact').map((c) => c.data)).toEqual([expect.objectContaining({ phone: '13812345678', district: '福田区', address: '东门步行街 20 号' })])
    expect(((await t.queries.waitForQuerySelector('.sp-input--phone input')) as HTMLInputElement).value).toBe('13812345678')
  })

  it('photos: moved, the cover chosen, one removed — sent in that order', async () => {
    const { t, api } = await open(StoreProfilePage, 'pages/store/profile', {
      'hui_shanghu.store_profile/read': () => profile(),
      'hui_shanghu.store_profile/photos': (q) => profile({ photos: q.photos, cover: q.cover }),
    })
    expect(all(t, '.sp-photo__cover')).toEqual(['封面'])
    await click(t, '.sp-photo__right')
    await click(t, '.sp-photo__make-cover')
    await click(t, '.sp-save--photos')
    await until(t, () => expect(api.called('hui_shanghu.store_profile/photos')).toHaveLength(1))
    expect(api.called('hui_shanghu.store_profile/photos')[0].data).toEqual(expect.objectContaining({ photos: ['/uploads/BBBBBBBBBBBBBBBBBBBBBB.png', '/uploads/AAAAAAAAAAAAAAAAAAAAAA.jpg'], cover: '/uploads/BBBBBBBBBBBBBBBBBBBBBB.png' }))
  })

  it('staff read it without controls', async () => {
    const { t } = await open(StoreProfilePage, 'pages/store/profile', { 'hui_shanghu.store_profile/read': () => profile({ my_role: 'staff' }) })
    expect(text(t, '.sp-readonly')).toBe('只有店主可以修改店铺资料，你可以查看')
    expect(t.queries.querySelector('.sp-save')).toBeNull()
    expect(t.queries.querySelector('.sp-photo__remove')).toBeNull()
  })
})

describe('Opening hours (workbench)', () => {
  it('starts from the older text as every day; a day closed, a break added, a bad period marked on its day (nothing sent); then saved', async () => {
    const { t, api } = await open(StoreHoursPage, 'pages/store/hours', {
      'hui_shanghu.store_profile/read': () => profile(),
      'hui_shanghu.store_profile/hours': (q) => profile({ week: q.week, closed_dates: q.closed_dates ?? [] }),
    })
    expect(t.queries.querySelectorAll('.hours-period')).toHaveLength(7)
    // Tuesday closed.
    await click(t, '.hours-day--1 .hours-day__toggle')
    expect(text(t, '.hours-day--1 .hours-day__toggle')).toBe('休息')
    // Monday: 09:00–14:00 and 17:00–22:00 (a break between).
    await typeInto(t, '.hours-day--0 .hours-period__close', '14:00')
    await click(t, '.hours-day--0 .hours-day__add')
    // The second period is drawn after the tap (a loaded machine draws it later): wait for it, never for a time.
    await until(t, () => expect(t.queries.querySelectorAll('.hours-day--0 .hours-period__open input')).toHaveLength(2))
    const mondayOpens = t.queries.querySelectorAll('.hours-day--0 .hours-period__open input')
    const mondayCloses = t.queries.querySelectorAll('.hours-day--0 .hours-period__close input')
    await t.act(async () => {
      ;(mondayOpens[1] as HTMLInputElement).value = '13:00'
      mondayOpens[1].dispatchEvent(new Event('input', { bubbles: true }))
      ;(mondayCloses[1] as HTMLInputElement).value = '22:00'
      mondayCloses[1].dispatchEvent(new Event('input', { bubbles: true }))
    })
    // 13:00 is before 14:00: overlapping, said on Monday; nothing is sent.
    expect(text(t, '.hours-day--0 .hours-day__error')).toBe('时段需按先后填写且不能重叠，只有最后一个时段可以跨过午夜')
    await click(t, '.hours__save')
    expect(api.called('hui_shanghu.store_profile/hours')).toHaveLength(0)
    await t.act(async () => {
      ;(mondayOpens[1] as HTMLInputElement).value = '17:00'
      mondayOpens[1].dispatchEvent(new Event('input', { bubbles: true }))
    })
    expect(t.queries.querySelector('.hours-day--0 .hours-day__error')).toBeNull()
    await typeInto(t, '.hours-dates__input', '2027-02-01')
    await click(t, '.hours-dates__add-btn')
    expect(text(t, '.hours-dates__error')).toBe('请填写今天起一年内的日期，如 2027-10-01')
    await typeInto(t, '.hours-dates__input', '2027-10-01')
    await click(t, '.hours-dates__add-btn')
    expect(all(t, '.hours-date__day')).toEqual(['2027-10-01'])
    await click(t, '.hours__save')
    await until(t, () => expect(api.called('hui_shanghu.store_profile/hours')).toHaveLength(1))
    const sent = api.called('hui_shanghu.store_profile/hours')[0].data as { week: unknown[]; closed_dates: string[] }
    expect(sent.week[0]).toEqual([{ open: '09:00', close: '14:00' }, { open: '17:00', close: '22:00' }])
    expect(sent.week[1]).toEqual([])
    expect(sent.week[2]).toEqual([{ open: '09:00', close: '22:00' }])
    expect(sent.closed_dates).toEqual(['2027-10-01'])
  })
})

describe('Introduction (workbench)', () => {
  it('blocks are made into the HTML that is sent; the answer replaces them and what was not kept is said', async () => {
    const stored = '<h2>Fresh every day</h2><p>Washed <strong>by hand</strong></p>'
    const { t, api } = await open(StoreIntroPage, 'pages/store/intro', {
      'hui_shanghu.store_profile/read': () => profile(),
      'hui_shanghu.store_profile/intro': () => ({ ...profile({ intro_html: stored }), removed: 2 }),
    })
    expect(text(t, '.intro__empty')).toBe('还没有内容，先添加一段文字')
    await click(t, '.intro-add__btn--h')
    await typeInto(t, '.intro-block--h .intro-block__text', 'Fresh every day')
    await click(t, '.intro-add__btn--p')
    await typeInto(t, '.intro-block--p .intro-block__text', 'Washed **by hand** <script>alert(1)</script>')
    await click(t, '.intro-add__btn--ul')
    await typeInto(t, '.intro-block--ul .intro-block__text', 'Shirts\nCoats')
    // The preview is the shop page's own component.
    await until(t, () => expect(t.queries.querySelector('.intro-preview .rich__h2')?.textContent).toBe('Fresh every day'))
    await click(t, '.intro__save')
    await until(t, () => expect(api.called('hui_shanghu.store_profile/intro')).toHaveLength(1))
    expect(api.called('hui_shanghu.store_profile/intro')[0].data).toEqual(
      expect.objectContaining({ html: '<h2>Fresh every day</h2><p>Washed <strong>by hand</strong> &lt;script&gt;alert(1)&lt;/script&gt;</p><ul><li>Shirts</li><li>Coats</li></ul>' }),
    )
    await until(t, () => expect(t.queries.querySelectorAll('.intro-block')).toHaveLength(2))
    expect((Taro.showToast as jest.Mock).mock.calls.map((c) => (c[0] as { title: string }).title)).toContain('已保存。有 2 处不允许的内容（如外部链接或图片）未保存')
  })

  it('the blocks and the stored HTML go both ways', () => {
    const html = '<h2>Title</h2><p><strong>All bold</strong></p><p>Some <strong>bold</strong> words<br />and a line</p><p><img src="/uploads/AAAAAAAAAAAAAAAAAAAAAA.jpg" alt="A &quot;cup&quot;" /></p><ol><li>One</li><li>Two &amp; three</li></ol>'
    const blocks = htmlToBlocks(html)
    expect(blocks).toEqual([
      { kind: 'h', text: 'Title', bold: false },
      { kind: 'p', text: 'All bold', bold: true },
      { kind: 'p', text: 'Some **bold** words\nand a line', bold: false },
      { kind: 'img', src: '/uploads/AAAAAAAAAAAAAAAAAAAAAA.jpg', alt: 'A "cup"' },
      { kind: 'ol', text: 'One\nTwo & three', bold: false },
    ])
    expect(blocksToHtml(blocks)).toBe(html)
  })
})
