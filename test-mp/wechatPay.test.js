/**
 * The mini-program paying with WeChat Pay API v3 (issue 40): a server started as `npm start` does, its WeChat Pay pointed
 * at the double (scripts/wechatpay-double.ts: WeChat Pay's protocol, keys made for this run). wx.requestPayment receives
 * a payInfo whose paySign (RSA-SHA256 over appId, timeStamp, nonceStr and package) verifies with the merchant's public
 * key for the mini-program's app id; WeChat Pay's signed notification then pays the order, and the success page says so.
 */
const { spawn } = require('node:child_process')
const crypto = require('node:crypto')
const http = require('node:http')
const path = require('node:path')
const { byClass, text, waitFor } = require('./harness')
const { call, openOn, startServer } = require('./server')

const root = path.resolve(__dirname, '..')
let double
let server
let shopper

/** The double as a process of its own: its first line of output says where it is and how to configure the server. */
function startDouble() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), path.join(root, 'scripts', 'wechatpay-double.ts')], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    child.stderr.on('data', (d) => (err += d))
    child.stdout.on('data', (d) => {
      out += d
      const line = out.split('\n')[0]
      if (out.includes('\n')) resolve({ ...JSON.parse(line), stop: () => new Promise((r) => (child.once('exit', r), child.kill('SIGTERM'))) })
    })
    child.once('exit', (code) => reject(new Error(`the WeChat Pay double stopped (${code}): ${err}`)))
  })
}

/** POST to the double's controls (node:http: jsdom has no fetch). */
function control(pathname, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(pathname, double.url), { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      let t = ''
      res.on('data', (d) => (t += d))
      res.on('end', () => resolve(JSON.parse(t)))
    })
    req.on('error', reject)
    req.end(JSON.stringify(body))
  })
}

beforeAll(async () => {
  double = await startDouble()
  server = await startServer(double.env)
  // Bound in the mini-program (a wx.login code): the server keeps its openid, the JSAPI payer.
  await call(server.base, 'POST', '/api/Captcha/sendSmsCaptcha', { phone: '13900004001' })
  const outbox = await call(server.base, 'GET', '/api/sandbox/smsOutbox?phone=13900004001')
  const bound = await call(server.base, 'POST', '/api/wechat/bind', { phone: '13900004001', code: outbox.data.data.list[0].code, wx_code: 'sim-login-code' })
  shopper = { token: bound.data.data.token, userId: bound.data.data.user.id }
}, 120000)
afterAll(async () => {
  await server?.stop()
  await double?.stop()
})

describe('WeChat Pay in the mini-program', () => {
  it("requestPayment gets a payInfo signed RSA with the merchant's key for the mini-program's app id; WeChat Pay's notification pays the order", async () => {
    const paid = []
    let redirected = ''
    let tradeNo = ''
    let opened = null
    const payparams = () => opened.calls.answers.filter((a) => a.target.startsWith('/api/personal.order/payparam'))
    opened = await openOn(server.base, 'pages/payBill/index', {
      query: { shop_id: '1' },
      storage: { token: shopper.token, myUserId: shopper.userId },
      stubs: (wx) => {
        wx.requestPayment = async (opts) => {
          paid.push(opts)
          tradeNo = payparams().pop().data.data.expend.pay_info
          // The shopper pays in WeChat's sheet; WeChat Pay notifies the server (signed, encrypted) before it answers ok.
          const sent = await control('/__double/pay', { out_trade_no: tradeNo, deliver_to: server.base })
          if (sent.status !== 204) throw new Error(`notification answered ${sent.status} ${sent.body}`)
          return { errMsg: 'requestPayment:ok' }
        }
        wx.redirectTo = (opts) => {
          redirected = opts.url
        }
      },
    })
    const { page, calls } = opened
    await waitFor(() => byClass(page, 'bill__shop-name'), 10000)
    let typed = ''
    for (const key of ['1', '0', '0']) {
      page.querySelector(`.keypad__key--${key}`).dispatchEvent('tap')
      typed += key
      await waitFor(() => text(page, 'bill__amount') === `¥${typed}`)
    }
    await waitFor(() => text(page, 'bill__payable') === '¥88.00', 10000)
    page.querySelector('.bill__pay').dispatchEvent('tap')
    await waitFor(() => redirected, 15000)

    expect(payparams()).toHaveLength(1)
    expect(paid).toHaveLength(1)
    const p = paid[0]
    expect(p).toEqual(expect.objectContaining({ signType: 'RSA', package: expect.stringMatching(/^prepay_id=wx/), nonceStr: expect.any(String), timeStamp: expect.stringMatching(/^\d{10}$/) }))
    const message = `${double.env.WXPAY_APPID_MP}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`
    expect(crypto.verify('sha256', Buffer.from(message), double.merchant_public_key, Buffer.from(p.paySign, 'base64'))).toBe(true)
    // Not for another app, nor another prepay.
    expect(crypto.verify('sha256', Buffer.from(message.replace(double.env.WXPAY_APPID_MP, double.env.WXPAY_APPID_OA)), double.merchant_public_key, Buffer.from(p.paySign, 'base64'))).toBe(false)
    const trade = await new Promise((resolve) => http.get(new URL(`/__double/trade?out_trade_no=${tradeNo}`, double.url), (res) => {
      let t = ''
      res.on('data', (d) => (t += d))
      res.on('end', () => resolve(JSON.parse(t)))
    }))
    expect(trade).toEqual(expect.objectContaining({ kind: 'jsapi', appid: double.env.WXPAY_APPID_MP, amount: 8800, state: 'SUCCESS', payer: expect.stringMatching(/^wx-/) }))
    expect(p.package).toBe(`prepay_id=${trade.prepay_id}`)

    const orderId = calls.answers.filter((a) => a.target.startsWith('/api/personal.order/create')).pop().data.data.order_info.id
    expect(redirected).toBe(`/pages/payBill/success?id=${orderId}`)
    const order = await call(server.base, 'GET', `/api/personal.order/read?id=${orderId}`, null, shopper.token)
    expect(order.data.data.info).toEqual(expect.objectContaining({ order_status: 10, pay_amount: 8800 }))
  })
})
