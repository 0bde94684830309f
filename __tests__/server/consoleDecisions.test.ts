/**
 * The console's reviews (issue 45, d45-decide; docs/api.md "Console: reviews"): a reviewer approves or rejects a shop
 * name a merchant asked for, keeps or hides a reported job posting, and names a shop's owner — through the same domain
 * functions as `npm run admin`. Each decision reaches the merchant or the shopper at once, writes its audit row with the
 * reason, and is taken once: a second decision — also two reviewers at the same moment, really in parallel — is refused.
 * Runs on PostgreSQL too (TEST_DATABASE_URL).
 */
import type { z } from 'zod'
import type { JobQueuePage, NameDecisionAnswer, NameOwnerAnswer, NameReviewPage, OwnerlessPage, ShopOwnerAnswer } from '../../src/contract/console'
import type { StoreProfileAnswer, StoreProfileSaved } from '../../src/contract/shopProfile'
import type { ShopReadAnswer } from '../../src/contract/member'
import type { Job, StoreJob } from '../../src/contract/jobs'
import { staffPhone } from '../../server/demo/seed'
import { holdServerClock, startServer, type TestServer } from './helpers'
import { operatorCalls, type Answer } from './operator'

let s: TestServer
const { consoleCall, signIn } = operatorCalls(() => s, { httpOk: true })
/** Two people who decide: a reviewer and an administrator, signed in at the same moment. */
let reviewer = ''
let admin = ''
const START = Date.UTC(2027, 6, 1, 2)
beforeAll(async () => {
  s = await startServer()
  reviewer = await signIn('reviewer', START)
  admin = await signIn('admin', START)
})
afterAll(() => s.close())
afterEach(() => jest.restoreAllMocks())
beforeEach(() => holdServerClock(START + 60_000))

const call = <T>(method: 'GET' | 'POST', path: string, payload: Record<string, unknown>, token?: string) => s.call<T>(method, path, payload, token).then((r) => r.body as Answer<T>)
const auditRows = (kind: string, id: number | string) =>
  s.rows<{ action: string; before_json: string | null; after_json: string | null; reason: string | null }>('SELECT action, before_json, after_json, reason FROM operator_audit WHERE target_kind = ? AND target_id = ? ORDER BY id', kind, String(id))
const parsed = (text: string | null): unknown => (text === null ? null : JSON.parse(text))
/** Two decisions sent at the same moment: exactly one taken, the other refused with `reason`. */
function oneTaken<T>(answers: Answer<T>[], reason: string): Answer<T> {
  expect(answers.map((a) => a.code).sort()).toEqual([0, 1])
  expect(answers.find((a) => a.code === 0)).toMatchObject({ reason })
  return answers.find((a) => a.code === 1) as Answer<T>
}

let phones = 0
const person = async () => {
  const phone = `1374545${String(++phones).padStart(4, '0')}`
  return { phone, ...(await s.quickUser(phone)) }
}
const ownerOf = async (shopId: number) => {
  const u = await person()
  await s.run("INSERT INTO store_staff (user_id, shop_id, created_at, role) VALUES (?, ?, '2026-01-01 00:00:00', 'owner')", u.userId, shopId)
  return u
}
const shopName = async (id: number) => (await call<z.output<typeof ShopReadAnswer>>('GET', 'hui_shanghu.shop/read', { id })).data.info.name

describe('shop name changes', () => {
  it('the queue shows who asked for what; an approval renames the shop for shoppers at once, once, with its audit row — two reviewers at once: one takes it', async () => {
    const owner = await ownerOf(4)
    const before = await shopName(4)
    const asked = await call<StoreProfileSaved>('POST', 'hui_shanghu.store_profile/rename', { name: '湘味小厨·新店' }, owner.token)
    expect(asked.code).toBe(1)
    const id = asked.data.name_review?.id as number

    const queue = await consoleCall<NameReviewPage>('console.review/names', { page: 1, page_size: 10 }, reviewer)
    expect(queue.code).toBe(1)
    expect(queue.data.waiting_total).toBe(1)
    expect(queue.data.list[0]).toMatchObject({ id, shop_id: 4, shop_name: before, name: '湘味小厨·新店', status: 'pending', requested_by: { user_id: owner.userId, phone_masked: `${owner.phone.slice(0, 3)}****${owner.phone.slice(-4)}` }, decided_at_text: null })

    const answers = await Promise.all([
      consoleCall<NameDecisionAnswer>('console.review/nameApprove', { id, reason: '与营业执照一致' }, reviewer),
      consoleCall<NameDecisionAnswer>('console.review/nameApprove', { id }, admin),
    ])
    expect(oneTaken(answers, 'shop_name_review_decided').data.review).toMatchObject({ id, status: 'approved', shop_name: '湘味小厨·新店' })
    expect(await shopName(4)).toBe('湘味小厨·新店')
    expect((await call<StoreProfileAnswer>('GET', 'hui_shanghu.store_profile/read', {}, owner.token)).data).toMatchObject({ shop: { name: '湘味小厨·新店' }, name_review: { status: 'approved' } })
    // Decided: a rejection now is refused too, and the name stays.
    expect(await consoleCall('console.review/nameReject', { id, reason: '晚了' }, reviewer)).toMatchObject({ code: 0, reason: 'shop_name_review_decided' })
    expect(await shopName(4)).toBe('湘味小厨·新店')

    const audit = await auditRows('shop_name_review', id)
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ action: 'review.nameApprove' })
    expect(parsed(audit[0].before_json)).toMatchObject({ shop_name: before, name: '湘味小厨·新店', status: 'pending' })
    expect(parsed(audit[0].after_json)).toMatchObject({ shop_name: '湘味小厨·新店', status: 'approved' })
  })

  it('a rejection keeps the name and the merchant reads the reason; waiting requests come first', async () => {
    const owner = await ownerOf(5)
    const before = await shopName(5)
    const id = (await call<StoreProfileSaved>('POST', 'hui_shanghu.store_profile/rename', { name: '无证山寨店' }, owner.token)).data.name_review?.id as number
    const rejected = await consoleCall<NameDecisionAnswer>('console.review/nameReject', { id, reason: '名称与营业执照不符' }, reviewer)
    expect(rejected).toMatchObject({ code: 1, data: { review: { status: 'rejected', reason: '名称与营业执照不符', shop_name: before } } })
    expect(await shopName(5)).toBe(before)
    expect((await call<StoreProfileAnswer>('GET', 'hui_shanghu.store_profile/read', {}, owner.token)).data.name_review).toMatchObject({ status: 'rejected', reason: '名称与营业执照不符' })
    // A rejection needs its words.
    const again = (await call<StoreProfileSaved>('POST', 'hui_shanghu.store_profile/rename', { name: '湖畔小馆' }, owner.token)).data.name_review?.id as number
    expect(await consoleCall('console.review/nameReject', { id: again, reason: '  ' }, reviewer)).toMatchObject({ code: 0, reason: 'operator_reason_required' })
    const queue = await consoleCall<NameReviewPage>('console.review/names', { page: 1, page_size: 10 }, reviewer)
    expect(queue.data.list[0]).toMatchObject({ id: again, status: 'pending' })
    expect(queue.data.list.map((r) => r.status).slice(1)).not.toContain('pending')
    expect(await auditRows('shop_name_review', id)).toMatchObject([{ action: 'review.nameReject', reason: '名称与营业执照不符' }])
  })
})

describe('reported job postings', () => {
  let staffToken = ''
  const post = async (title: string) => {
    staffToken ||= (await s.login(staffPhone(8))).token
    const made = await call<{ info: StoreJob }>(
      'POST',
      'hui_shanghu.store_job/save',
      { title, category: 'retail', salary_min: 5000, salary_max: 7000, headcount: 1, hours: '09:00-18:00', requirements: '认真负责', benefits: '包午餐', contact_name: '王', contact_phone: '13900000000' },
      staffToken,
    )
    expect(made.code).toBe(1)
    return made.data.info.id
  }
  const report = async (id: number, note: string) => {
    const shopper = await person()
    expect((await call('POST', 'personal.job/report', { id, reason: 'fee', note }, shopper.token)).code).toBe(1)
    return shopper
  }
  const listed = async (id: number) => (await call<{ list: Job[] }>('GET', 'hui_public.job/index', { page_size: 50 })).data.list.some((j) => j.id === id)

  it('the queue shows the posting, its reports (phones masked) and the shop’s answer; hiding takes it off the list once — two reviewers at once: one hides it', async () => {
    const id = await post('高薪日结（收押金）')
    const reporter = await report(id, '面试要交 200 元押金')
    expect((await call('POST', 'hui_shanghu.store_job/answerReports', { id, answer: '不收任何费用' }, staffToken)).code).toBe(1)

    const queue = await consoleCall<JobQueuePage>('console.review/jobs', { page: 1, page_size: 10 }, reviewer)
    expect(queue.code).toBe(1)
    expect(queue.data.list.find((j) => j.job_id === id)).toMatchObject({
      title: '高薪日结（收押金）',
      shop_id: 8,
      state: 'open',
      reports: [{ reason: 'fee', note: '面试要交 200 元押金', reporter_phone: `${reporter.phone.slice(0, 3)}****${reporter.phone.slice(-4)}`, answer: '不收任何费用' }],
    })
    expect(JSON.stringify(queue.data)).not.toContain(reporter.phone)
    expect(await listed(id)).toBe(true)

    const answers = await Promise.all([consoleCall('console.review/jobHide', { id, reason: '收取押金' }, reviewer), consoleCall('console.review/jobHide', { id, reason: '违规收费' }, admin)])
    expect(oneTaken(answers, 'job_already_hidden').data).toEqual({ job_id: id, decided: 1, hidden: true })
    expect(await listed(id)).toBe(false)
    expect((await call('GET', 'hui_public.job/read', { id })).reason).toBe('job_not_found')
    expect((await consoleCall<JobQueuePage>('console.review/jobs', {}, reviewer)).data.list.map((j) => j.job_id)).not.toContain(id)
    // Decided: keeping it now is refused (the queue showed nothing to keep).
    expect(await consoleCall('console.review/jobKeep', { id, reason: '误判' }, reviewer)).toMatchObject({ code: 0, reason: 'job_not_queued' })
    expect(await listed(id)).toBe(false)

    const audit = await auditRows('job', id)
    expect(audit).toHaveLength(1)
    expect(parsed(audit[0].before_json)).toEqual({ hidden: false, undecided_reports: 1 })
    expect(parsed(audit[0].after_json)).toEqual({ hidden: true, undecided_reports: 0, decided: 1 })
  })

  it('keeping it leaves it listed and off the queue; keep and hide at once: one is taken, the other refused', async () => {
    const id = await post('店员（被误报）')
    await report(id, '假的')
    const answers = await Promise.all([consoleCall('console.review/jobKeep', { id, reason: '岗位真实' }, reviewer), consoleCall('console.review/jobHide', { id, reason: '虚假' }, admin)])
    expect(answers.map((a) => a.code).sort()).toEqual([0, 1])
    const taken = answers.findIndex((a) => a.code === 1)
    // Whichever came first stands; the other is told nothing is waiting.
    expect(answers[1 - taken]).toMatchObject({ reason: 'job_not_queued' })
    expect(await listed(id)).toBe(taken === 0)
    expect(await auditRows('job', id)).toMatchObject([{ action: taken === 0 ? 'review.jobKeep' : 'review.jobHide', reason: taken === 0 ? '岗位真实' : '虚假' }])
    expect((await consoleCall<JobQueuePage>('console.review/jobs', {}, reviewer)).data.list.map((j) => j.job_id)).not.toContain(id)
    expect(await consoleCall('console.review/jobKeep', { id, reason: '再看一次' }, reviewer)).toMatchObject({ code: 0, reason: 'job_not_queued' })
  })
})

describe('a shop without an owner', () => {
  it('named by phone: they can invite staff, the shop leaves the list; two reviewers naming at once: one is taken; refusals by reason', async () => {
    const shopId = 6
    const list = await consoleCall<OwnerlessPage>('console.review/ownerless', { page: 1, page_size: 50 }, reviewer)
    expect(list.code).toBe(1)
    expect(list.data.list.find((r) => r.id === shopId)).toMatchObject({ staff: 1 })
    expect(await consoleCall<ShopOwnerAnswer>('console.review/shop', { id: shopId }, reviewer)).toMatchObject({ code: 1, data: { shop: { id: shopId }, owner: null, staff: 1 } })
    const [first, second] = [await person(), await person()]
    expect(await call('POST', 'hui_shanghu.store_staff/invite', {}, first.token)).toMatchObject({ code: 0, reason: 'no_permission' })

    const answers = await Promise.all([
      consoleCall<NameOwnerAnswer>('console.review/nameOwner', { shop_id: shopId, phone: first.phone, owner_before: null, reason: '营业执照法人' }, reviewer),
      consoleCall<NameOwnerAnswer>('console.review/nameOwner', { shop_id: shopId, phone: second.phone, owner_before: null, reason: '店长' }, admin),
    ])
    const named = oneTaken(answers, 'console_owner_changed').data
    const winner = named.owner?.user_id === first.userId ? first : second
    expect(named).toMatchObject({ shop: { id: shopId }, owner: { user_id: winner.userId }, staff: 2, previous: [] })
    // The named owner runs the shop: invites staff.
    expect(await call('POST', 'hui_shanghu.store_staff/invite', {}, winner.token)).toMatchObject({ code: 1 })
    expect((await consoleCall<OwnerlessPage>('console.review/ownerless', { page: 1, page_size: 50 }, reviewer)).data.list.map((r) => r.id)).not.toContain(shopId)
    expect(await auditRows('shop', shopId)).toMatchObject([{ action: 'review.nameOwner', reason: winner === first ? '营业执照法人' : '店长' }])
    expect(parsed((await auditRows('shop', shopId))[0].after_json)).toMatchObject({ owner_user_id: winner.userId, previous_owners_now_staff: [] })

    // Refusals, each by its reason: an unknown phone, staff of another store, an unknown shop.
    const other = await person()
    expect(await consoleCall('console.review/nameOwner', { shop_id: 7, phone: '13999990000', owner_before: null, reason: 'x' }, reviewer)).toMatchObject({ code: 0, reason: 'user_not_found' })
    expect(await consoleCall('console.review/nameOwner', { shop_id: 7, phone: staffPhone(9), owner_before: null, reason: 'x' }, reviewer)).toMatchObject({ code: 0, reason: 'staff_already_staff' })
    expect(await consoleCall('console.review/nameOwner', { shop_id: 999999, phone: other.phone, owner_before: null, reason: 'x' }, reviewer)).toMatchObject({ code: 0, reason: 'shop_not_found' })
    expect(await auditRows('shop', 7)).toEqual([])
  })

  it('handed to another person: the owner before stays as staff and can no longer invite; a hand-over on a stale view is refused', async () => {
    const shopId = 10
    const first = await ownerOf(shopId)
    const next = await person()
    // Seen as ownerless (stale): refused, nothing changes.
    expect(await consoleCall('console.review/nameOwner', { shop_id: shopId, phone: next.phone, owner_before: null, reason: '转让' }, reviewer)).toMatchObject({ code: 0, reason: 'console_owner_changed' })
    const handed = await consoleCall<NameOwnerAnswer>('console.review/nameOwner', { shop_id: shopId, phone: next.phone, owner_before: first.userId, reason: '店铺转让，见转让协议' }, reviewer)
    expect(handed).toMatchObject({ code: 1, data: { owner: { user_id: next.userId }, previous: [first.userId] } })
    expect(await s.rows('SELECT user_id, role FROM store_staff WHERE shop_id = ? AND user_id IN (?, ?) ORDER BY role', shopId, first.userId, next.userId)).toEqual([
      { user_id: next.userId, role: 'owner' },
      { user_id: first.userId, role: 'staff' },
    ])
    expect(await call('POST', 'hui_shanghu.store_staff/invite', {}, first.token)).toMatchObject({ code: 0, reason: 'staff_owner_only' })
    expect(await call('POST', 'hui_shanghu.store_staff/invite', {}, next.token)).toMatchObject({ code: 1 })
  })

  it('a content operator is refused every review call', async () => {
    const content = await signIn('content', START + 120_000)
    expect(await consoleCall('console.review/names', {}, content)).toMatchObject({ code: 0, reason: 'operator_role_refused' })
    expect(await consoleCall('console.review/nameOwner', { shop_id: 11, phone: '13700000000', owner_before: null, reason: 'x' }, content)).toMatchObject({ code: 0, reason: 'operator_role_refused' })
  })
})
