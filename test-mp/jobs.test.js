/**
 * Jobs on weapp (issue 26), against the reference server: the list (the remembered city's postings), a posting with its
 * shop, and its contact — a login first when signed out, the phone when signed in.
 */
const { byClass, text, texts, waitFor } = require('./harness')
const { login, openOn, startServer } = require('./server')

let server
let shopper
beforeAll(async () => {
  server = await startServer()
  shopper = await login(server.base, '13900000261')
}, 60000)
afterAll(async () => {
  await server?.stop()
})

describe('jobs on weapp', () => {
  it('the list: the remembered city\'s postings (Guangzhou) with pay and shop', async () => {
    const { page, calls } = await openOn(server.base, 'pages/recruit/index', { storage: { city: { id: 2, name: '广州' } } })
    await waitFor(() => texts(page, 'job-card__title').length > 0, 8000)
    expect(texts(page, 'job-card__title').sort()).toEqual(['便利店店长', '加油站收银员'].sort())
    expect(texts(page, 'job-card__shop')).toEqual(expect.arrayContaining(['广州天河加油站']))
    expect(texts(page, 'job-card__pay')).toEqual(expect.arrayContaining(['8000-12000 元/月']))
    expect(calls.some((c) => c.includes('/api/hui_public.job/index') && /city_id=2/.test(c))).toBe(true)
  })

  it('a posting signed out: its shop and a contact button that asks for a login', async () => {
    const { page } = await openOn(server.base, 'pages/recruit/detail', { query: { id: '1' } })
    await waitFor(() => byClass(page, 'job__title') !== null, 8000)
    expect(text(page, 'job__title')).toBe('川菜厨师')
    expect(text(page, 'job__shop')).toBe('川味小馆')
    expect(text(page, 'job__btn')).toBe('登录后查看联系方式')
  })

  it('signed in: the contact button shows the phone to call', async () => {
    const { page } = await openOn(server.base, 'pages/recruit/detail', { query: { id: '1' }, storage: { token: shopper.token, myUserId: shopper.userId } })
    await waitFor(() => text(page, 'job__btn') === '查看联系方式', 8000)
    page.querySelector('.job__btn').dispatchEvent('tap')
    await waitFor(() => text(page, 'job__btn') === '拨打 13800000101', 8000)
    expect(byClass(page, 'job__copy')).not.toBeNull()
  })
})
