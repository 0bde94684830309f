/**
 * Discount day on weapp (issue 26), against the reference server with its clock held on a demo discount day (the
 * next one it names: 3 days after the seeding day, then weekly): the calendar with the month's days marked, the shops taking part nearest first (wx.getLocation
 * granted) with their extra discount, in Chinese and in English.
 */
const { allByClass, byClass, openPage, text, texts, waitFor } = require('./harness')
const { bridge, call, login, startServer } = require('./server')

let server
let shopper
let day
let days
const serverClock = async (body) => (await call(server.base, 'POST', '/api/sandbox/clock', body)).data.data
beforeAll(async () => {
  server = await startServer()
  day = (await call(server.base, 'GET', '/api/hui_shanghu.discount_day/index')).data.data.next.day
  const held = await serverClock({ at: `${day} 12:00:00` })
  if (!held.now.startsWith(day)) throw new Error(`the server's clock did not move to ${day}: ${JSON.stringify(held)}`)
  days = (await call(server.base, 'GET', '/api/hui_shanghu.discount_day/index')).data.data.days
  shopper = await login(server.base, '13900002601')
}, 60000)
afterAll(async () => {
  if (server) await serverClock({ reset: true })
  await server?.stop()
})

async function open(lang) {
  return openPage('pages/discountsDay/index', {
    beforeApp: (wx) => {
      bridge(wx, server.base, { token: shopper.token, myUserId: shopper.userId, city: { id: 1, name: '深圳' }, ...(lang ? { lang } : {}) })
      wx.getLocation = (o) => {
        const res = { latitude: 22.54, longitude: 113.94, errMsg: 'getLocation:ok' }
        if (o && o.success) o.success(res)
      }
    },
  })
}

describe('discount day on weapp', () => {
  it.each([
    ['zh', '今天是优惠日', '优惠日再享 9.5 折', '优惠日额外折扣为一卡通会员专享'],
    ['en', 'Today is a discount day', 'Discount day: a further 5% off', 'The discount-day extra discount is for card members'],
  ])('%s: today marked among the month\'s days, the next counted down, the shops nearest first with their extra discount', async (lang, title, extra, members) => {
    const { page } = await open(lang === 'en' ? 'en' : undefined)
    await waitFor(() => texts(page, 'dday-shop__extra').length === 4, 8000)
    expect(text(page, 'dday-head__title')).toBe(title)
    expect(texts(page, 'dday-shop__extra')[0]).toBe(extra)
    expect(texts(page, 'shop-row__name')[0]).toBe('川味小馆')
    expect(texts(page, 'shop-row__distance').length).toBe(4)
    // This shopper holds no card: the extra discount is said to be for members.
    expect(text(page, 'dday-head__members-text')).toBe(members)
    const marked = allByClass(page, 'dday-cal__cell--on').map((c) => parseInt(c.textContent, 10))
    expect(marked).toEqual(days.map((d) => Number(d.slice(8))))
    expect(text(page, 'dday-head__time')).toMatch(/^6 (天|days) 1[12]:\d\d:\d\d$/)
    expect(byClass(page, 'soon__title')).toBeNull()
  })
})
