/**
 * Issue 26 in the simulator: the workbench's Jobs screen (store sub-package) with the reference server's answers —
 * the entry, shop 3's postings (one open, one expired 31 days after it was confirmed), "still hiring" bringing the
 * expired one back with a tap, and the post form with its checks.
 */
const { allByClass, byClass, flush, text, texts, waitFor } = require('./harness')
const { login, openOn, startServer } = require('./server')

let server
let staff
beforeAll(async () => {
  server = await startServer()
  // Staff of shop 3 (美发沙龙 in the demo), bound through the same SMS flow.
  staff = await login(server.base, '19900000003')
}, 60000)
afterAll(async () => {
  await server?.stop()
})

const as = (who) => ({ token: who.token, myUserId: who.userId })

describe('store jobs (weapp, reference server)', () => {
  it('the workbench has the Jobs entry', async () => {
    const { page } = await openOn(server.base, 'pages/store/index', { storage: as(staff) })
    await waitFor(() => byClass(page, 'workbench__entry--jobs'), 8000)
    expect(text(page, 'workbench__entry--jobs')).toContain('招聘')
  })

  it('the postings with their states; "still hiring" lists the expired one again; the form says what is missing', async () => {
    const { page, calls } = await openOn(server.base, 'pages/store/jobs', { storage: as(staff) })
    await waitFor(() => texts(page, 'store-job__title').length === 2, 8000)
    expect(text(page, 'nav-bar__title')).toBe('门店招聘')
    expect(texts(page, 'store-job__title')).toEqual(expect.arrayContaining(['美发助理', '美甲师（已过期）']))
    expect(calls.some((c) => c.startsWith('GET /api/hui_shanghu.store_job/index'))).toBe(true)
    const expired = byClass(page, 'store-job--expired')
    expect(expired.textContent).toContain('美甲师（已过期）')
    // Both postings are open to actions: the expired one's "still hiring" is the button at its card's place.
    const at = allByClass(page, 'store-job').indexOf(expired)
    page.querySelectorAll('.store-job__still')[at].dispatchEvent('tap')
    await flush()
    await waitFor(() => byClass(page, 'store-job--expired') === null, 8000)
    expect(texts(page, 'store-job__state')).toEqual(['招聘中', '招聘中'])

    page.querySelector('.store-jobs__post').dispatchEvent('tap')
    await flush()
    await waitFor(() => byClass(page, 'store-job-form__save'), 5000)
    page.querySelector('.store-job-form__save').dispatchEvent('tap')
    await flush()
    await waitFor(() => allByClass(page, 'store-job-form__error').length > 0, 5000)
    expect(text(page, 'store-job-form__error--title')).toBe('请填写职位名称')
    expect(text(page, 'store-job-form__error--category')).toBe('请选择职位类别')
  })
})
