import type { StoreJob } from '../../src/contract/jobs'
import type { WorkbenchAnswer } from '../../src/contract/store'
import { staffPhone } from '../../server/demo/seed'
import { hideJob } from '../../server/domain/jobs'
import { startServer, type TestServer } from './helpers'

/**
 * The workbench's Jobs badge (issue 26): the shop's postings whose reports wait for its answer, and those the operator
 * hid (issue 43: reports alone hide nothing), counted by the server in the workbench answer; answering or closing takes
 * a posting off; another shop's reports never count.
 */
let s: TestServer
beforeAll(async () => {
  s = await startServer()
})
afterAll(() => s.close())

const posting = (title: string) => ({
  title,
  category: 'retail',
  salary_min: 5000,
  salary_max: 7000,
  headcount: 1,
  hours: '09:00-18:00',
  requirements: '认真负责',
  benefits: '包午餐',
  contact_name: '测试',
  contact_phone: '13900000000',
})

describe("the workbench's Jobs badge", () => {
  it('counts postings with reports to answer and those the operator hid; an answer or a close takes one off; other shops do not count', async () => {
    const staff = await s.login(staffPhone(2))
    const other = await s.login(staffPhone(9))
    const workbench = async (token: string) => {
      const res = await s.call<WorkbenchAnswer>('GET', 'hui_shanghu.store/workbench', {}, token)
      expect(res.body.code).toBe(1)
      return res.body.data.jobs
    }
    expect(await workbench(staff.token)).toEqual({ to_answer: 0, hidden: 0 })

    const save = async (token: string, title: string) => (await s.call<{ info: StoreJob }>('POST', 'hui_shanghu.store_job/save', posting(title), token)).body.data.info.id
    const once = await save(staff.token, '一条举报')
    const thrice = await save(staff.token, '三条举报')
    const closing = await save(staff.token, '将关闭')
    const elsewhere = await save(other.token, '别家的')
    const shoppers = await Promise.all(['13700000611', '13700000612', '13700000613'].map((p) => s.login(p)))
    const report = async (id: number, n: number) => {
      for (const shopper of shoppers.slice(0, n)) expect((await s.call('POST', 'personal.job/report', { id, reason: 'fake', note: '' }, shopper.token)).body.code).toBe(1)
    }
    await report(once, 1)
    await report(thrice, 3)
    await report(closing, 2)
    await report(elsewhere, 3)
    // Three reports hid nothing; the operator hides one posting of each shop.
    expect(await workbench(staff.token)).toEqual({ to_answer: 3, hidden: 0 })
    await hideJob(s.app.q, thrice)
    await hideJob(s.app.q, elsewhere)

    expect(await workbench(staff.token)).toEqual({ to_answer: 2, hidden: 1 })
    expect(await workbench(other.token)).toEqual({ to_answer: 0, hidden: 1 })

    expect((await s.call('POST', 'hui_shanghu.store_job/answerReports', { id: once, answer: '岗位真实' }, staff.token)).body.code).toBe(1)
    expect(await workbench(staff.token)).toEqual({ to_answer: 1, hidden: 1 })
    expect((await s.call('POST', 'hui_shanghu.store_job/close', { id: closing }, staff.token)).body.code).toBe(1)
    expect(await workbench(staff.token)).toEqual({ to_answer: 0, hidden: 1 })
  })
})
