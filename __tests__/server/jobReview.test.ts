/**
 * Reports cannot silence a shop (issue 43, item 3; server/domain/jobs.ts, scripts/adminReview.ts; docs/api.md "Jobs"):
 * three throwaway accounts hid a competitor's posting, and again right after the shop answered. Now a report puts the
 * posting in the operator's review queue (`npm run admin -- jobs`) and it stays listed until the operator hides it
 * (`job-hide N`); a posting the operator kept (`job-keep N`) is not queued again by the same reporters; a shopper three of
 * whose reports were kept in 90 days loses the right to report until fewer are.
 */
import type { JobReportReason } from '../../src/contract/jobEndpoints'
import { JOB_REPORT_BAR } from '../../src/contract/jobEndpoints'
import type { Job, StoreJob } from '../../src/contract/jobs'
import { keepJob, reviewQueue } from '../../server/domain/jobs'
import { staffPhone } from '../../server/demo/seed'
import { hashToken } from '../../server/domain/account'
import { nowMs } from '../../server/time'
import { holdServerClock, startServer, type TestServer } from './helpers'
import { runAdmin } from './admin'

let s: TestServer
beforeAll(async () => {
  s = await startServer()
})
afterAll(() => s.close())
afterEach(() => jest.restoreAllMocks())

const DAY = 86_400_000
let phones = 0
const shopper = () => s.quickUser(`1354343${String(++phones).padStart(4, '0')}`)
const posting = (title: string) => ({
  title,
  category: 'retail',
  salary_min: 5000,
  salary_max: 7000,
  headcount: 1,
  hours: '09:00-18:00',
  requirements: '认真负责',
  benefits: '包午餐',
  contact_name: '王',
  contact_phone: '13900000000',
})
/** Each shop's staff logs in once (a second login code would wait a minute). */
const staffOf = new Map<number, Promise<{ token: string; userId: number }>>()
const post = async (title: string, shop = 8) => {
  if (!staffOf.has(shop)) staffOf.set(shop, s.login(staffPhone(shop)))
  const staff = await (staffOf.get(shop) as Promise<{ token: string; userId: number }>)
  const made = await s.call<{ info: StoreJob }>('POST', 'hui_shanghu.store_job/save', posting(title), staff.token)
  expect(made.body.code).toBe(1)
  return { id: made.body.data.info.id, staff }
}
const report = (id: number, token: string, reason: JobReportReason = 'fake') => s.call('POST', 'personal.job/report', { id, reason, note: '假的' }, token).then((r) => r.body as { code: number; reason?: string })
const listed = async (id: number) => (await s.call<{ list: Job[] }>('GET', 'hui_public.job/index', { page_size: 50 })).body.data.list.some((j) => j.id === id) && (await s.call('GET', 'hui_public.job/read', { id })).body.code === 1
const storeState = async (staffToken: string, id: number) => (await s.call<{ list: StoreJob[] }>('GET', 'hui_shanghu.store_job/index', { page_size: 50 }, staffToken)).body.data.list.find((j) => j.id === id)

describe('reports put a posting in the review queue; they do not hide it', () => {
  it('three throwaway accounts report a competitor: still listed, queued with its reports; answering does not take it off', async () => {
    const { id, staff } = await post('店员（被举报）')
    const throwaway = await Promise.all([shopper(), shopper(), shopper()])
    for (const t of throwaway) expect((await report(id, t.token)).code).toBe(1)
    expect(await listed(id)).toBe(true)
    expect(await storeState(staff.token, id)).toMatchObject({ state: 'open', open_reports: [{ reason: 'fake' }, { reason: 'fake' }, { reason: 'fake' }] })

    // The shop answers; the posting stays listed and stays in the queue (the operator decides, not the count).
    expect((await s.call('POST', 'hui_shanghu.store_job/answerReports', { id, answer: '岗位真实，欢迎来店' }, staff.token)).body.code).toBe(1)
    expect(await listed(id)).toBe(true)
    // The same reporters cannot pile on while it waits: one undecided report each.
    expect(await report(id, throwaway[0].token)).toMatchObject({ code: 0, reason: 'job_already_reported' })
    expect((await reviewQueue(s.app.q)).find((q) => q.job_id === id)).toMatchObject({ reports: 3, answered: 3, reasons: { fake: 3 } })

    const queue = await runAdmin(s.databaseEnv, 'jobs')
    expect(queue.code).toBe(0)
    expect(queue.out.split('\n').find((l) => l.startsWith(`#${id}\t`))?.split('\t').slice(0, 4)).toEqual([`#${id}`, '3 reports (fake 3)', 'shop 8', '店员（被举报）'])
  })

  it('the operator hides it (npm run admin -- job-hide N): gone from the list, hidden on the shop\'s side, off the queue', async () => {
    const { id, staff } = await post('收费培训（被举报）')
    const [a] = await Promise.all([shopper()])
    expect((await report(id, a.token, 'fee')).code).toBe(1)
    const hidden = await runAdmin(s.databaseEnv, 'job-hide', String(id))
    expect({ code: hidden.code, err: hidden.err }).toEqual({ code: 0, err: '' })
    expect(await listed(id)).toBe(false)
    expect((await s.call('GET', 'hui_public.job/read', { id })).body).toMatchObject({ code: 0, reason: 'job_not_found' })
    expect(await storeState(staff.token, id)).toMatchObject({ state: 'hidden' })
    expect((await reviewQueue(s.app.q)).some((q) => q.job_id === id)).toBe(false)
    // Editing or "still hiring" does not bring it back.
    expect((await s.call('POST', 'hui_shanghu.store_job/confirm', { id }, staff.token)).body.code).toBe(1)
    expect(await listed(id)).toBe(false)
  })

  it('the operator keeps it (job-keep N): the same reporters cannot queue it again, a new reporter can', async () => {
    const { id } = await post('收银员（审核后保留）')
    const first = await Promise.all([shopper(), shopper()])
    for (const t of first) expect((await report(id, t.token)).code).toBe(1)
    const kept = await runAdmin(s.databaseEnv, 'job-keep', String(id))
    expect({ code: kept.code, err: kept.err }).toEqual({ code: 0, err: '' })
    expect((await reviewQueue(s.app.q)).some((q) => q.job_id === id)).toBe(false)
    expect(await report(id, first[0].token)).toMatchObject({ code: 0, reason: 'job_report_reviewed' })
    expect((await reviewQueue(s.app.q)).some((q) => q.job_id === id)).toBe(false)
    const fresh = await shopper()
    expect((await report(id, fresh.token)).code).toBe(1)
    expect((await reviewQueue(s.app.q)).find((q) => q.job_id === id)).toMatchObject({ reports: 1 })
    expect(await listed(id)).toBe(true)
    // Nothing to keep on a posting with no report waiting: refused, exit 1.
    await keepJob(s.app.q, id)
    expect((await runAdmin(s.databaseEnv, 'job-keep', String(id))).code).toBe(1)
  })
})

describe('reporters who keep reporting kept postings', () => {
  it('lose the right to report after three kept reports in 90 days, and get it back when fewer are', async () => {
    expect(JOB_REPORT_BAR).toEqual({ kept: 3, days: 90 })
    const t0 = nowMs()
    holdServerClock(t0)
    const pest = await shopper()
    const ids: number[] = []
    for (let i = 0; i < JOB_REPORT_BAR.kept + 1; i++) ids.push((await post(`服务员 ${i}（反复举报）`, 9)).id)
    for (const id of ids.slice(0, JOB_REPORT_BAR.kept)) {
      expect((await report(id, pest.token)).code).toBe(1)
      await keepJob(s.app.q, id)
    }
    const last = ids[JOB_REPORT_BAR.kept]
    expect(await report(last, pest.token)).toMatchObject({ code: 0, reason: 'job_report_barred', params: { days: JOB_REPORT_BAR.days } })
    // Another shopper still reports.
    expect((await report(last, (await shopper()).token)).code).toBe(1)
    // The oldest kept report leaves the window: the right is back (a new session: the test's lasted an hour).
    jest.restoreAllMocks()
    holdServerClock(t0 + JOB_REPORT_BAR.days * DAY + 1)
    await s.run('UPDATE jobs SET refreshed_at = ? WHERE id = ?', nowMs(), last)
    const token = `pest-${phones}`
    await s.run('INSERT INTO tokens (hash, user_id, expires_at) VALUES (?, ?, ?)', hashToken(token), pest.userId, nowMs() + 3_600_000)
    expect((await report(last, token)).code).toBe(1)
  })
})
