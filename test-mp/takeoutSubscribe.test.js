/**
 * Takeout subscription messages on weapp (issue 25 "Live status"), the compiled mini-program against a reference
 * server started with template ids (TAKEOUT_TEMPLATE_*): the pay tap on Confirm calls wx.requestSubscribeMessage
 * first and synchronously — before the order is created — then pays; the shopper's answers reach the server with the
 * order's id, and the store's acceptance records one message in the sandbox outbox (nothing is sent).
 */
const { text, waitFor } = require('./harness')
const { call, login, openOn, sandboxWallet, startServer } = require('./server')

const ORDER_TPL = 'mpOrderStatus_01'
const REFUSED_TPL = 'mpOrderRefused_02'
/** 茶见奶茶, round the clock (server/demo/seedTakeout.ts). */
const SHOP = 19

let server
let shopper
beforeAll(async () => {
  server = await startServer({ TAKEOUT_TEMPLATE_ACCEPTED: ORDER_TPL, TAKEOUT_TEMPLATE_DELIVERING: ORDER_TPL, TAKEOUT_TEMPLATE_REFUSED: REFUSED_TPL })
  shopper = await login(server.base, '13900000271')
}, 60000)
afterAll(async () => {
  await server?.stop()
})

it('the pay tap asks WeChat first, in the tap itself; the accepted template gives one message when the store accepts', async () => {
  const menu = (await call(server.base, 'GET', `/api/hui_public.takeout_shop/menu?shop_id=${SHOP}`)).data.data
  const plain = menu.dishes.find((d) => d.option_groups.length === 0 && !d.sold_out)
  await call(server.base, 'POST', '/api/personal.address/save', { name: '李雷', mobile: '13600002222', province: '广东省', city: '深圳市', district: '福田区', detail: '福华三路 88 号', is_default: true }, shopper.token)

  const wallet = sandboxWallet(server.base)
  const asked = []
  let inTap = 0
  let calls = []
  const opened = await openOn(server.base, 'pages/takeout/confirmOrder', {
    query: { shop_id: String(SHOP) },
    storage: { token: shopper.token, myUserId: shopper.userId, city: { id: 1, name: '深圳' }, takeoutCarts: { [SHOP]: [{ dish_id: plain.id, option_ids: [], quantity: 1 }] } },
    stubs: (wx) => {
      wallet.stub(wx)
      // WeChat's rule, as the simulator cannot enforce it: note whether a call happens inside a tap's own handler
      // (Taro's page event handler `eh`, running synchronously), not after an await.
      const page = global.Page
      global.Page = (options) => {
        const eh = options.eh
        if (typeof eh === 'function') {
          options.eh = function (event, ...rest) {
            if (event && event.type === 'tap') inTap++
            try {
              return eh.call(this, event, ...rest)
            } finally {
              if (event && event.type === 'tap') inTap--
            }
          }
        }
        return page(options)
      }
      wx.requestSubscribeMessage = (opts) => {
        // What had been sent when WeChat was asked: the order must not exist yet.
        asked.push({ tmplIds: opts.tmplIds, before: calls.slice(), inTap: inTap > 0 })
        const res = { errMsg: 'requestSubscribeMessage:ok', [ORDER_TPL]: 'accept', [REFUSED_TPL]: 'reject' }
        setTimeout(() => {
          if (opts.success) opts.success(res)
          if (opts.complete) opts.complete(res)
        }, 0)
        return Promise.resolve(res)
      }
    },
  })
  const { page } = opened
  calls = opened.calls
  wallet.watch(calls)
  await waitFor(() => /¥/.test(text(page, 'to-pay__amount') || ''), 10000)
  await waitFor(() => calls.some((c) => c.includes('hui_public.takeout/subscribeTemplates')), 10000)

  page.querySelector('.to-pay__btn').dispatchEvent('tap')
  // The simulator delivers the tap on its next turn: asked inside the tap's handler itself, before any create.
  await waitFor(() => asked.length > 0 || wallet.paid.length > 0, 10000)
  expect(asked).toHaveLength(1)
  expect(asked[0].inTap).toBe(true)
  expect(asked[0].tmplIds).toEqual([ORDER_TPL, REFUSED_TPL])
  expect(asked[0].before.some((c) => c.includes('personal.order/create'))).toBe(false)

  await waitFor(() => wallet.paid.length === 1, 10000)
  const granted = await waitFor(() => calls.answers.find((a) => a.target.startsWith('/api/personal.takeout/subscribe')), 10000)
  const id = wallet.createdOrderId()
  expect(granted.data.data.granted).toEqual([ORDER_TPL])

  const staff = await login(server.base, '19900000019')
  expect((await call(server.base, 'POST', '/api/hui_shanghu.store_takeout/accept', { id }, staff.token)).data.code).toBe(1)
  const outbox = (await call(server.base, 'GET', `/api/sandbox/messages?order_id=${id}`)).data.data.list
  expect(outbox.map((m) => [m.template_id, m.event, m.data.phrase3.value])).toEqual([[ORDER_TPL, 'accepted', '商家已接单']])
}, 60000)
