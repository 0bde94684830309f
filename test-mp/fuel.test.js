/**
 * Fuel on weapp (issue 13), against the reference server: the stations with wx.getLocation refused (the city path)
 * and granted (nearest first), and a station paid through wx.requestPayment.
 */
const { byClass, openPage, text, texts, waitFor } = require('./harness')
const { bridge, call, login, sandboxWallet, startServer } = require('./server')

let server
let shopper
beforeAll(async () => {
  server = await startServer()
  shopper = await login(server.base, '13900000131')
}, 60000)
afterAll(async () => {
  await server?.stop()
})


async function open(query, stubs) {
  let calls = []
  const opened = await openPage('pages/payBill/oil', {
    query,
    beforeApp: (wx) => {
      calls = bridge(wx, server.base, { token: shopper.token, myUserId: shopper.userId, city: { id: 2, name: '广州' } })
      wx.getLocation = (o) => {
        const err = { errMsg: 'getLocation:fail auth deny' }
        // As WeChat does with callbacks given: the fail callback, no promise.
        if (o && o.fail) o.fail(err)
      }
      if (stubs) stubs(wx)
    },
  })
  return { ...opened, calls }
}

describe('fuel on weapp', () => {
  it('location refused: the stations of the remembered city (Guangzhou), no distances, and the way to the settings page', async () => {
    const { page } = await open({})
    await waitFor(() => texts(page, 'fuel-station__name').length === 3, 8000)
    expect(texts(page, 'fuel-station__name')).toEqual(['广州天河加油站', '中石化珠江新城站', '壳牌白云站'])
    expect(text(page, 'fuel__heading')).toBe('广州的加油站')
    expect(text(page, 'loc-bar__hint')).toBe('未开启定位')
    expect(text(page, 'loc-bar__action')).toBe('去开启')
    expect(byClass(page, 'fuel-station__distance')).toBeNull()
  })

  it('location granted (gcj02 near Shenzhen\'s Nanshan): the stations nearest first with their distances, whatever city was remembered', async () => {
    const asked = []
    const { page, calls } = await open({}, (wx) => {
      wx.getLocation = (o) => {
        asked.push(o.type)
        const res = { latitude: 22.54, longitude: 113.95, errMsg: 'getLocation:ok' }
        if (o && o.success) o.success(res)
      }
    })
    await waitFor(() => texts(page, 'fuel-station__distance').length > 0, 8000)
    expect(asked).toEqual(['gcj02'])
    expect(text(page, 'fuel__heading')).toBe('离你最近的加油站')
    expect(byClass(page, 'loc-bar')).toBeNull()
    const metres = texts(page, 'fuel-station__distance').map((d) => (d.endsWith(' km') ? parseFloat(d) * 1000 : parseFloat(d)))
    expect(metres.length).toBeGreaterThan(3)
    expect([...metres].sort((a, b) => a - b)).toEqual(metres)
    const listed = calls.filter((c) => c.includes('/api/hui_shanghu.oil_station/index'))
    expect(listed.pop()).toMatch(/lat=22\.54.*lng=113\.95|lng=113\.95.*lat=22\.54/)
  })

  it('a station: grade, pump, amount → the server\'s quote → requestPayment → the server confirms → success', async () => {
    const wallet = sandboxWallet(server.base)
    const opened = await open({ station_id: '15' }, wallet.stub)
    const { page } = opened
    wallet.watch(opened.calls)
    await waitFor(() => byClass(page, 'fuel-form__name'), 8000)
    expect(text(page, 'fuel-form__name')).toBe('中石化珠江新城站')
    page.querySelectorAll('.fuel-chip--grade')[1].dispatchEvent('tap')
    page.querySelectorAll('.fuel-chip--pump')[2].dispatchEvent('tap')
    let typed = ''
    for (const key of ['3', '0', '0']) {
      page.querySelector(`.keypad__key--${key}`).dispatchEvent('tap')
      typed += key
      await waitFor(() => text(page, 'fuel-form__amount-value') === `¥${typed}`)
    }
    await waitFor(() => byClass(page, 'fuel-form__litres'), 5000)
    const quote = opened.calls.answers.filter((a) => a.target.startsWith('/api/personal.order/preCreate')).pop().data.data
    expect(quote.oil).toEqual(expect.objectContaining({ grade: '95#', pump_no: 3 }))
    // Station 15 takes 4 % off ¥300.
    await waitFor(() => text(page, 'fuel-form__payable') === '¥288.00', 5000)
    page.querySelector('.fuel-form__pay').dispatchEvent('tap')
    await waitFor(() => wallet.redirected, 10000)
    expect(wallet.paid).toHaveLength(1)
    expect(wallet.redirected).toBe(`/pages/payBill/success?id=${wallet.createdOrderId()}`)
    const order = await call(server.base, 'GET', `/api/personal.order/read?id=${wallet.createdOrderId()}`, null, shopper.token)
    expect(order.data.data.info).toEqual(expect.objectContaining({ kind: 'oil', order_status: 10, pay_amount: 28800 }))
    expect(order.data.data.info.oil).toEqual(expect.objectContaining({ grade: '95#', pump_no: 3, litre_price: quote.oil.litre_price }))
  })
})
