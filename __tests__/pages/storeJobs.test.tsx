/**
 * Issue 26, the store's side of Jobs — the workbench's Jobs screen as staff see it (H5 runtime, the one fake API):
 * the entry, the postings in every state, a posting written with its checks (nothing typed lost on a refusal),
 * "still hiring", stop hiring, and the open reports answered.
 */
import Taro from '@tarojs/taro'
import type TestUtils from '@tarojs/test-utils-react'
import type { StoreJob } from '@/contract/jobs'
import type { WorkbenchAnswer } from '@/contract/store'
import { businessToday } from '@/core/clock'
import { resetLangCache, setLang } from '@/core/i18n'
import { setItem } from '@/core/storage'
import StoreIndexPage from '@/pages/store/index'
import StoreJobsPage from '@/pages/store/jobs'
import { fakeApi, OFFLINE, openedWith, refused, resetRouter } from '../support/fakeApi'
import { all, click, mount, text, unmountAll, until } from '../support/screen'
import { paged } from '../support/fixtures'

afterEach(() => {
  unmountAll()
  jest.restoreAllMocks()
  resetLangCache()
  resetRouter()
})

const DAY = 86_400_000
const now = Date.now()
const job = (over: Partial<StoreJob> = {}): StoreJob => ({
  id: 1,
  title: '川菜厨师',
  category: 'restaurant',
  salary_min: 7000,
  salary_max: 10000,
  headcount: 2,
  hours: '10:00-21:00',
  refreshed_at: now - 2 * DAY,
  expires_at: now + 28 * DAY,
  shop: { id: 1, name: '川味小馆', address: '南山区科技园南区 8 号', city_id: 1, lat: 22.54, lng: 113.94, distance: null },
  requirements: '两年以上川菜经验',
  benefits: '包吃住',
  contact_name: '王经理',
  contact_phone: '13800001111',
  state: 'open',
  open_reports: [],
  ...over,
})

const toasts = () => jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' })
const confirmDialog = () => jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false, errMsg: 'ok' })
const toasted = () => (Taro.showToast as jest.Mock).mock.calls.map((c) => (c[0] as { title: string }).title)

async function typeInto(t: TestUtils, sel: string, value: string) {
  const inner = (await t.queries.waitForQuerySelector(`${sel} input`)) as HTMLInputElement
  await t.act(async () => {
    inner.value = value
    inner.dispatchEvent(new Event('input', { bubbles: true }))
  })
}
const valueOf = async (t: TestUtils, sel: string) => ((await t.queries.waitForQuerySelector(`${sel} input`)) as HTMLInputElement).value

/** A small stand-in for server/domain/jobs.ts: the shop's postings by id, newest first; every write answers with the posting. */
function jobsServer(initial: StoreJob[], over: { refuseSave?: () => boolean } = {}) {
  let jobs = [...initial]
  const put = (j: StoreJob) => {
    jobs = jobs.some((o) => o.id === j.id) ? jobs.map((o) => (o.id === j.id ? j : o)) : [j, ...jobs]
    return { info: j }
  }
  const find = (id: number) => jobs.find((j) => j.id === id) as StoreJob
  const handlers: Parameters<typeof fakeApi>[0] = {
    'hui_shanghu.store_job/index': () => paged(jobs),
    'hui_shanghu.store_job/save': (q) => (over.refuseSave?.() ? refused('no_permission') : put(job({ ...(q.id ? find(q.id) : {}), ...q, id: q.id ?? 9, state: 'open', expires_at: now + 30 * DAY }))),
    'hui_shanghu.store_job/confirm': (q) => put({ ...find(q.id), state: 'open', expires_at: now + 30 * DAY }),
    'hui_shanghu.store_job/close': (q) => put({ ...find(q.id), state: 'closed' }),
    // Issue 43: the answer goes to the operator's review with the reports; the posting stays as it was.
    'hui_shanghu.store_job/answerReports': (q) => put({ ...find(q.id), open_reports: [] }),
  }
  return handlers
}

async function openJobs(handlers: Parameters<typeof fakeApi>[0]) {
  toasts()
  confirmDialog()
  setItem('token', 'tok')
  openedWith('pages/store/jobs')
  const api = fakeApi(handlers)
  const t = await mount(StoreJobsPage)
  return { t, api }
}

describe('the workbench entry', () => {
  it('the workbench has a Jobs entry that opens the shop\'s postings', async () => {
    setItem('token', 'tok')
    openedWith('pages/store/index')
    const workbench: WorkbenchAnswer = { shop: { id: 1, name: '川味小馆' }, business_day: businessToday(), paid_count: 0, takings: 0, to_verify: 0, refunds_to_answer: 0, to_ship: 0, refund_auto_approve_hours: 48 }
    fakeApi({ 'hui_shanghu.store/workbench': () => workbench })
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
    const t = await mount(StoreIndexPage)
    await t.queries.waitForQuerySelector('.workbench__entry--jobs')
    expect(text(t, '.workbench__entry--jobs .workbench__entry-title')).toBe('招聘')
    await click(t, '.workbench__entry--jobs')
    expect(nav).toHaveBeenLastCalledWith(expect.objectContaining({ url: '/pages/store/jobs' }))
  })
})

describe('the postings', () => {
  it('every state reads as staff would say it; the reports with their reasons; a closed posting has no actions', async () => {
    const { t } = await openJobs({
      'hui_shanghu.store_job/index': () =>
        paged([
          job(),
          job({ id: 2, title: '收银员', expires_at: now + 2 * DAY }),
          job({ id: 3, title: '加油员', state: 'expired', expires_at: now - DAY }),
          job({ id: 4, title: '美发助理', state: 'hidden', open_reports: [0, 1, 2].map((i) => ({ reason: i ? 'fee' : 'fake', note: i === 1 ? '要交押金' : '', created_at: now })) }),
          job({ id: 5, title: '店员', state: 'closed' }),
        ]),
    })
    await until(t, () => expect(all(t, '.store-job__title')).toEqual(['川菜厨师', '收银员', '加油员', '美发助理', '店员']))
    expect(all(t, '.store-job__state')).toEqual(['招聘中', '即将过期', '已过期', '已被平台隐藏', '已停止招聘'])
    expect(text(t, '.store-job__pay')).toBe('7000-10000 元/月')
    expect(text(t, '.store-job--hidden .store-job__reports-count')).toBe('待处理举报 3 条')
    expect(all(t, '.store-job--hidden .store-job__report')).toEqual(['虚假招聘', '收取费用：要交押金', '收取费用'])
    expect(t.queries.querySelector('.store-job--hidden .store-job__answer')).not.toBeNull()
    expect(t.queries.querySelector('.store-job--open .store-job__answer')).toBeNull()
    expect(t.queries.querySelector('.store-job--closed .store-job__actions')).toBeNull()
    expect(text(t, '.store-job--expired .store-job__expires')).toContain('确认仍在招聘可重新展示')
  })

  it('none yet: says so, with the way to post; a failed read offers a retry that reads again', async () => {
    let fail = true
    const { t, api } = await openJobs({ 'hui_shanghu.store_job/index': () => (fail ? OFFLINE : paged([])) })
    await t.queries.waitForQuerySelector('.state--error')
    fail = false
    await click(t, '.state--error .state__action')
    await until(t, () => expect(text(t, '.state--empty .state__title')).toBe('还没有发布职位'))
    expect(api.called('hui_shanghu.store_job/index').length).toBe(2)
    expect(text(t, '.store-jobs__post')).toBe('发布职位')
  })

  it('English words', async () => {
    setLang('en')
    const { t } = await openJobs({ 'hui_shanghu.store_job/index': () => paged([job({ state: 'hidden', open_reports: [{ reason: 'wrong_info', note: '', created_at: now }] })]) })
    await until(t, () => expect(text(t, '.store-job__state')).toBe('Hidden by the platform'))
    expect(text(t, '.store-job__pay')).toBe('¥7000–10000 a month')
    expect(text(t, '.store-job__report')).toBe('Wrong information')
    expect(all(t, '.store-job__btn')).toEqual(['Edit', 'Still hiring', 'Answer reports', 'Stop hiring'])
  })
})

describe('posting and editing', () => {
  it('checks what is typed with clear words; a refusal keeps it all; the saved posting shows at the top', async () => {
    let refuse = true
    const { t, api } = await openJobs(jobsServer([job()], { refuseSave: () => refuse }))
    await t.queries.waitForQuerySelector('.store-job')
    await click(t, '.store-jobs__post')
    await t.queries.waitForQuerySelector('.store-job-form')
    await click(t, '.store-job-form__save')
    await until(t, () => expect(text(t, '.store-job-form__error--title')).toBe('请填写职位名称'))
    expect(text(t, '.store-job-form__error--category')).toBe('请选择职位类别')
    expect(api.called('hui_shanghu.store_job/save')).toHaveLength(0)

    await typeInto(t, '.store-job-form__title', '夜班店员')
    expect(t.queries.querySelector('.store-job-form__error--title')).toBeNull()
    await click(t, '.store-job-form__cat:nth-child(2)') // 零售
    await typeInto(t, '.store-job-form__salary_min', '6000')
    await typeInto(t, '.store-job-form__salary_max', '5000')
    await typeInto(t, '.store-job-form__headcount', '0')
    await typeInto(t, '.store-job-form__hours', '22:00-次日 7:00')
    await typeInto(t, '.store-job-form__requirements', '能上夜班')
    await typeInto(t, '.store-job-form__benefits', '夜班补贴')
    await typeInto(t, '.store-job-form__contact_name', '李店长')
    await typeInto(t, '.store-job-form__contact_phone', '12345')
    await click(t, '.store-job-form__save')
    await until(t, () => expect(text(t, '.store-job-form__error--salary_max')).toBe('最高月薪不能低于最低月薪'))
    expect(text(t, '.store-job-form__error--headcount')).toBe('请填写 1-999 之间的整数')
    expect(text(t, '.store-job-form__error--contact_phone')).toBe('请填写正确的手机号或座机号（如 0755-12345678）')
    expect(api.called('hui_shanghu.store_job/save')).toHaveLength(0)

    await typeInto(t, '.store-job-form__salary_max', '8000')
    await typeInto(t, '.store-job-form__headcount', '3')
    await typeInto(t, '.store-job-form__contact_phone', '0755-12345678')
    expect(t.queries.querySelector('.store-job-form__error')).toBeNull()
    await click(t, '.store-job-form__save')
    await until(t, () => expect(toasted()).toContain('无权限'))
    // Refused: the form is still there with everything typed.
    expect(await valueOf(t, '.store-job-form__title')).toBe('夜班店员')
    expect(await valueOf(t, '.store-job-form__contact_phone')).toBe('0755-12345678')
    expect(t.queries.querySelector('.store-job-form__cat--on')?.textContent).toBe('零售')

    refuse = false
    await click(t, '.store-job-form__save')
    await until(t, () => expect(all(t, '.store-job__title')).toEqual(['夜班店员', '川菜厨师']))
    expect(api.called('hui_shanghu.store_job/save').at(-1)?.data).toMatchObject({
      title: '夜班店员',
      category: 'retail',
      salary_min: 6000,
      salary_max: 8000,
      headcount: 3,
      hours: '22:00-次日 7:00',
      requirements: '能上夜班',
      benefits: '夜班补贴',
      contact_name: '李店长',
      contact_phone: '0755-12345678',
    })
    expect(toasted()).toContain('已发布')
  })

  it('edit opens with the posting as it is and saves it under its id', async () => {
    const { t, api } = await openJobs(jobsServer([job()]))
    await t.queries.waitForQuerySelector('.store-job__edit')
    await click(t, '.store-job__edit')
    await t.queries.waitForQuerySelector('.store-job-form')
    expect(await valueOf(t, '.store-job-form__title')).toBe('川菜厨师')
    expect(await valueOf(t, '.store-job-form__salary_max')).toBe('10000')
    await typeInto(t, '.store-job-form__salary_max', '12000')
    await click(t, '.store-job-form__save')
    await until(t, () => expect(text(t, '.store-job__pay')).toBe('7000-12000 元/月'))
    expect(api.called('hui_shanghu.store_job/save')[0].data).toMatchObject({ id: 1, salary_max: 12000, contact_name: '王经理' })
  })
})

describe('keeping postings listed', () => {
  it('"still hiring" brings an expired posting back; stop hiring asks first and leaves no actions', async () => {
    const { t, api } = await openJobs(jobsServer([job({ state: 'expired', expires_at: now - DAY })]))
    await t.queries.waitForQuerySelector('.store-job--expired')
    await click(t, '.store-job__still')
    await until(t, () => expect(text(t, '.store-job__state')).toBe('招聘中'))
    expect(api.called('hui_shanghu.store_job/confirm')[0].data).toMatchObject({ id: 1 })
    expect(toasted()).toContain('已续期 30 天')

    await click(t, '.store-job__close')
    await until(t, () => expect(text(t, '.store-job__state')).toBe('已停止招聘'))
    expect(Taro.showModal).toHaveBeenCalledWith(expect.objectContaining({ content: '停止后职位将不再展示，且无法恢复，确定吗？' }))
    expect(t.queries.querySelector('.store-job__actions')).toBeNull()
  })

  it('the open reports answered: they leave the list, the answer goes to the platform; an empty answer cannot be sent', async () => {
    const reports: StoreJob['open_reports'] = [0, 1, 2].map(() => ({ reason: 'fake', note: '', created_at: now }))
    const { t, api } = await openJobs(jobsServer([job({ state: 'open', open_reports: reports })]))
    await t.queries.waitForQuerySelector('.store-job__answer')
    await click(t, '.store-job__answer')
    await t.queries.waitForQuerySelector('.job-answer-sheet')
    expect(t.queries.querySelector('.job-answer-sheet__submit')?.hasAttribute('disabled')).toBe(true)
    await typeInto(t, '.job-answer-sheet__answer', '职位真实，不收任何费用')
    await click(t, '.job-answer-sheet__submit')
    await until(t, () => expect(t.queries.querySelector('.job-answer-sheet')).toBeNull())
    expect(text(t, '.store-job__state')).toBe('招聘中')
    expect(api.called('hui_shanghu.store_job/answerReports')[0].data).toMatchObject({ id: 1, answer: '职位真实，不收任何费用' })
    expect(t.queries.querySelector('.job-answer-sheet')).toBeNull()
    expect(t.queries.querySelector('.store-job__reports')).toBeNull()
  })
})
