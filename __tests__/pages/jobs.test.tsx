/** Jobs (issue 26): the list (filters, keyword, next page, empty, error), a posting (shop, contact behind a login, its limit, report) and Search's Jobs tab. */
import Taro from '@tarojs/taro'
import type TestUtils from '@tarojs/test-utils-react'
import type { Job, JobDetail } from '@/contract/jobs'
import { resetLangCache, setLang } from '@/core/i18n'
import { setItem } from '@/core/storage'
import SearchPage from '@/pages/index/search'
import RecruitDetailPage from '@/pages/recruit/detail'
import RecruitIndexPage from '@/pages/recruit/index'
import { fakeApi, OFFLINE, openedWith, refused, resetRouter } from '../support/fakeApi'
import { all, click, hide, mount, show, text, unmountAll, until } from '../support/screen'
import { paged } from '../support/fixtures'

afterEach(() => {
  unmountAll()
  jest.restoreAllMocks()
  resetLangCache()
  resetRouter()
})

const job = (over: Partial<Job> = {}): Job => ({
  id: 1,
  title: '川菜厨师',
  category: 'restaurant',
  salary_min: 7000,
  salary_max: 10000,
  headcount: 2,
  hours: '10:00-21:00',
  refreshed_at: Date.UTC(2026, 10, 20),
  expires_at: Date.UTC(2026, 11, 20),
  shop: { id: 1, name: '川味小馆', address: '南山区科技园南区 8 号', city_id: 1, lat: 22.54, lng: 113.94, distance: null },
  ...over,
})
const detail = (over: Partial<JobDetail> = {}): JobDetail => ({ ...job(), requirements: '两年以上川菜经验', benefits: '包吃住', ...over })
const CITIES = { 'website.hui_china_city/cityList': () => ({ list: [{ id: 1, name: '深圳', pinyin: 'shenzhen', hot: true }, { id: 2, name: '广州', pinyin: 'guangzhou', hot: true }] }) }

async function type(t: TestUtils, sel: string, value: string) {
  const inner = (await t.queries.waitForQuerySelector(`${sel} input`)) as HTMLInputElement
  await t.act(async () => {
    inner.value = value
    inner.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

describe('the list', () => {
  it('postings with pay and shop; the keyword, category and salary go to the server; a posting opens its detail', async () => {
    openedWith('pages/recruit/index')
    setItem('city', { id: 1, name: '深圳' })
    const api = fakeApi({ ...CITIES, 'hui_public.job/index': (q) => paged(q.keyword === '夜班' ? [job({ id: 6, title: '便利店夜班店员', category: 'retail' })] : [job(), job({ id: 2, title: '餐厅服务员', salary_min: 4500, salary_max: 5500 })]) })
    const t = await mount(RecruitIndexPage)
    await until(t, () => expect(all(t, '.job-card__title')).toEqual(['川菜厨师', '餐厅服务员']))
    expect(all(t, '.job-card__pay')[0]).toBe('7000-10000 元/月')
    expect(all(t, '.job-card__shop')[0]).toBe('川味小馆')
    expect(api.called('hui_public.job/index')[0].data).toMatchObject({ city_id: 1, page: 1 })

    await click(t, '.jobs__chip:nth-child(3)') // 零售
    await until(t, () => expect(api.called('hui_public.job/index').at(-1)?.data).toMatchObject({ category: 'retail', city_id: 1 }))
    await type(t, '.jobs__input', '夜班')
    await until(t, () => expect(all(t, '.job-card__title')).toEqual(['便利店夜班店员']))
    expect(api.called('hui_public.job/index').at(-1)?.data).toMatchObject({ keyword: '夜班', category: 'retail' })

    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
    await click(t, '.job-card__tap')
    expect(nav).toHaveBeenCalledWith({ url: '/pages/recruit/detail?id=6' })
  })

  it('nothing found: says so and offers to clear the filters; offline: the error with a retry (zh and en)', async () => {
    for (const lang of ['zh-CN', 'en'] as const) {
      setLang(lang)
      openedWith('pages/recruit/index')
      let reply: ReturnType<typeof paged<Job>> | typeof OFFLINE = OFFLINE
      fakeApi({ ...CITIES, 'hui_public.job/index': () => reply })
      const t = await mount(RecruitIndexPage)
      await t.queries.waitForQuerySelector('.state__retry')
      reply = paged([])
      await click(t, '.state__retry')
      await t.queries.waitForQuerySelector('.state--empty')
      expect(text(t, '.state__title')).toBe(lang === 'en' ? 'No jobs here yet' : '暂无招聘职位')
      expect(t.queries.querySelector('.state__action')).toBeNull()
      await click(t, '.jobs__chip:nth-child(2)')
      await until(t, () => expect(t.queries.querySelector('.state__action')).not.toBeNull())
      unmountAll()
    }
  })
})

describe('a posting', () => {
  it('its shop opens Shop details; anonymous, the contact button asks for a login coming back here', async () => {
    openedWith('pages/recruit/detail', { id: '1' })
    const api = fakeApi({ 'hui_public.job/read': () => ({ info: detail() }) })
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
    const t = await mount(RecruitDetailPage)
    await t.queries.waitForQuerySelector('.job__title')
    expect(text(t, '.job__title')).toBe('川菜厨师')
    expect(all(t, '.job__text')).toEqual(expect.arrayContaining(['两年以上川菜经验', '包吃住']))
    await click(t, '.job__row')
    expect(nav).toHaveBeenLastCalledWith({ url: '/pages/shops/details?id=1' })
    expect(text(t, '.job__contact .job__btn')).toBe('登录后查看联系方式')
    await click(t, '.job__contact .job__btn')
    expect(nav).toHaveBeenLastCalledWith({ url: `/pages/accountBind/index?redirect=${encodeURIComponent('/pages/recruit/detail?id=1')}` })
    expect(api.called('personal.job/contact')).toHaveLength(0)
    // Back from logging in (weapp: navigateBack to this page): the button now asks for the contact.
    setItem('token', 'tok')
    await hide(t)
    await show(t)
    await until(t, () => expect(text(t, '.job__contact .job__btn')).toBe('查看联系方式'))
  })

  it('signed in: the contact shows the phone to call; over the day\'s limit the refusal says why', async () => {
    setItem('token', 'tok')
    openedWith('pages/recruit/detail', { id: '1' })
    let over = false
    fakeApi({ 'hui_public.job/read': () => ({ info: detail() }), 'personal.job/contact': () => (over ? refused('job_contact_limit', 'zh', { max: 5 }) : { name: '王师傅', phone: '13800000101', used_today: 1, limit: 5 }) })
    const t = await mount(RecruitDetailPage)
    await t.queries.waitForQuerySelector('.job__contact .job__btn')
    expect(text(t, '.job__contact .job__btn')).toBe('查看联系方式')
    await click(t, '.job__contact .job__btn')
    await until(t, () => expect(text(t, '.job__contact .job__btn')).toBe('拨打 13800000101'))
    const call = jest.spyOn(Taro, 'makePhoneCall').mockResolvedValue({ errMsg: 'ok' })
    await click(t, '.job__contact .job__btn')
    expect(call).toHaveBeenCalledWith({ phoneNumber: '13800000101' })
    unmountAll()

    over = true
    const t2 = await mount(RecruitDetailPage)
    await t2.queries.waitForQuerySelector('.job__contact .job__btn')
    await click(t2, '.job__contact .job__btn')
    await until(t2, () => expect(text(t2, '.job__error')).toBe('今天查看联系方式已达 5 个职位，请明天再试'))
  })

  it('report with a reason (signed in); a posting no longer listed says not found', async () => {
    setItem('token', 'tok')
    openedWith('pages/recruit/detail', { id: '1' })
    const api = fakeApi({ 'hui_public.job/read': (q) => (q.id === 1 ? { info: detail() } : refused('job_not_found')), 'personal.job/report': () => ({ reported: true as const }) })
    const t = await mount(RecruitDetailPage)
    await t.queries.waitForQuerySelector('.job__report-btn')
    await click(t, '.job__report-btn')
    await t.queries.waitForQuerySelector('.sheet__item')
    expect(all(t, '.sheet__item')).toEqual(['虚假招聘', '收取费用', '信息不实', '其他'])
    await click(t, '.sheet__item:nth-child(2)')
    await until(t, () => expect(text(t, '.job__report .job__note')).toBe('已举报，感谢反馈'))
    expect(api.called('personal.job/report')[0].data).toMatchObject({ id: 1, reason: 'fee' })
    unmountAll()

    openedWith('pages/recruit/detail', { id: '9' })
    const t2 = await mount(RecruitDetailPage)
    await t2.queries.waitForQuerySelector('.state--empty')
    expect(t2.queries.querySelector('.state__retry')).toBeNull()
  })
})

describe('Search: the Jobs tab', () => {
  it('a word that only a job holds shows the Jobs tab by itself', async () => {
    openedWith('pages/index/search')
    fakeApi({
      'hui_shanghu.shop/index': () => paged([]),
      'hui_public.hsh_seckill_prod/index': () => ({ ...paged([]), sessions: [] }),
      'hui_public.mall_product/index': () => paged([]),
      'hui_public.job/index': (q) => paged(q.keyword === '厨师' ? [job()] : []),
    })
    const t = await mount(SearchPage)
    await type(t, '.search__input', '厨师')
    await until(t, () => expect(all(t, '.job-card__title')).toEqual(['川菜厨师']), 5000)
    expect(text(t, '.search__tabs__tab--jobs')).toBe('招聘')
    expect(t.queries.querySelector('.search__tabs__tab--jobs')?.className).toContain('active')
  })
})
