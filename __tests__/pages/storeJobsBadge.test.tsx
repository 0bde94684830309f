/**
 * Issue 26, the workbench's Jobs badge: the number of the shop's postings whose reports wait for its answer (and how
 * many of them are hidden), as the server counts them in the workbench answer; none when nothing waits; zh and en.
 */
import type { WorkbenchAnswer } from '@/contract/store'
import { businessToday } from '@/core/clock'
import { resetLangCache, setLang } from '@/core/i18n'
import { setItem } from '@/core/storage'
import StoreIndexPage from '@/pages/store/index'
import { fakeApi, openedWith, resetRouter } from '../support/fakeApi'
import { mount, text, unmountAll } from '../support/screen'

afterEach(() => {
  unmountAll()
  jest.restoreAllMocks()
  resetLangCache()
  resetRouter()
})

const workbench = (jobs: WorkbenchAnswer['jobs']): WorkbenchAnswer => ({
  shop: { id: 1, name: '川味小馆' },
  business_day: businessToday(),
  paid_count: 0,
  takings: 0,
  to_verify: 0,
  refunds_to_answer: 0,
  to_ship: 0,
  jobs,
  refund_auto_approve_hours: 48,
})

async function openWorkbench(jobs: WorkbenchAnswer['jobs']) {
  setItem('token', 'tok')
  openedWith('pages/store/index')
  fakeApi({ 'hui_shanghu.store/workbench': () => workbench(jobs) })
  const t = await mount(StoreIndexPage)
  await t.queries.waitForQuerySelector('.workbench__entry--jobs')
  return t
}

describe("the workbench's Jobs badge", () => {
  it('shows the postings to answer on the Jobs entry', async () => {
    const t = await openWorkbench({ to_answer: 2, hidden: 0 })
    expect(text(t, '.workbench__entry--jobs .workbench__jobs-badge')).toBe('2 个待回复举报')
  })

  it('says how many of them are hidden by reports', async () => {
    const t = await openWorkbench({ to_answer: 3, hidden: 1 })
    expect(text(t, '.workbench__entry--jobs .workbench__jobs-badge')).toBe('3 个待回复 · 1 个已隐藏')
  })

  it('no badge when nothing waits', async () => {
    const t = await openWorkbench({ to_answer: 0, hidden: 0 })
    expect(t.queries.querySelector('.workbench__jobs-badge')).toBeNull()
  })

  it('in English', async () => {
    setLang('en')
    const t = await openWorkbench({ to_answer: 3, hidden: 2 })
    expect(text(t, '.workbench__entry--jobs .workbench__jobs-badge')).toBe('3 to answer · 2 hidden')
  })
})
