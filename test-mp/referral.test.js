/**
 * The referral contest on weapp (issue 26), against the reference server: the compiled page renders the contest,
 * the referrer's standing with a friend pending (bound through the share, no paid order yet), the board and rules;
 * signed out, the board and a login button.
 */
const { byClass, text, texts, waitFor } = require('./harness')
const { call, login, openOn, startServer } = require('./server')

let server
let referrer
beforeAll(async () => {
  server = await startServer()
  referrer = await login(server.base, '13700260101')
  // The friend binds with the referrer's share id (what the app adds to every payload after opening a share).
  const phone = '13700260102'
  await call(server.base, 'POST', '/api/Captcha/sendSmsCaptcha', { phone })
  const outbox = await call(server.base, 'GET', `/api/sandbox/smsOutbox?phone=${phone}`)
  const bound = await call(server.base, 'POST', '/api/wechat/bind', { phone, code: outbox.data.data.list[0].code, share_user_user_id: String(referrer.userId) })
  expect(bound.data.code).toBe(1)
}, 60000)
afterAll(async () => {
  await server?.stop()
})

describe('referral contest on weapp', () => {
  it('signed in: the contest, my standing with one friend pending, the board and the rules', async () => {
    const { page } = await openOn(server.base, 'pages/activity/competition', { storage: { token: referrer.token, myUserId: referrer.userId } })
    await waitFor(() => text(page, 'referral__title') === '邀请好友排位赛', 8000)
    expect(text(page, 'referral__state')).toBe('进行中')
    expect(texts(page, 'referral__prize-rank')).toEqual(['第 1 名', '第 2–3 名', '第 4–10 名'])
    expect(text(page, 'referral__my-rank')).toBe('未上榜')
    expect(text(page, 'referral__my-pending')).toBe('1')
    expect(texts(page, 'referral__pending-row').join('')).toContain('会**2')
    expect(text(page, 'referral__board-empty-title')).toBe('还没有人上榜')
    // The rules in the contest's own terms (issue 43): a kept purchase of ¥20.00 or more.
    expect(texts(page, 'referral__rule')).toHaveLength(9)
    expect(texts(page, 'referral__rule')[0]).toContain('实付满 ¥20.00 的订单')
    expect(byClass(page, 'referral__share-btn')).not.toBeNull()
  })

  it('signed out: the contest and a login button, no standing', async () => {
    const { page } = await openOn(server.base, 'pages/activity/competition')
    await waitFor(() => text(page, 'referral__title') === '邀请好友排位赛', 8000)
    expect(text(page, 'referral__login')).toBe('登录查看我的排名')
    expect(byClass(page, 'referral__my-rank')).toBeNull()
  })
})
