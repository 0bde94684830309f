/**
 * The reference server for the simulator tier (started as `npm start` does, on a free loopback port, fresh
 * database), and a `wx` storage + request bridge so compiled pages get real answers.
 */
const http = require('node:http')
const { startTestServer } = require('../scripts/test-server.cjs')

/** Each started server's sandbox key (read from its banner), sent with calls to its sandbox helpers. */
const sandboxKeys = new Map()

function call(base, method, urlPath, body, token = '') {
  return new Promise((resolve, reject) => {
    const url = new URL(urlPath, base)
    const payload = method === 'GET' ? null : JSON.stringify(body ?? {})
    const headers = { 'content-type': 'application/json', 'access-token': token, 'access-origin': '' }
    if (url.pathname.startsWith('/api/sandbox/')) headers['x-sandbox-key'] = sandboxKeys.get(base) || ''
    const req = http.request(url, { method, headers }, (res) => {
      let text = ''
      res.on('data', (d) => (text += d))
      res.on('end', () => {
        let data = text
        try {
          data = JSON.parse(text)
        } catch {
          // not JSON
        }
        // Response headers as wx.request gives them (X-Server-Time: the app counts down on the server's clock).
        resolve({ statusCode: res.statusCode, data, header: res.headers })
      })
    })
    req.on('error', reject)
    req.setTimeout(10000, () => req.destroy(new Error('timeout')))
    if (payload) req.write(payload)
    req.end()
  })
}

/** `env`: more server settings for one test file (e.g. TAKEOUT_TEMPLATE_*). */
const startServer = async (env) => {
  const server = await startTestServer({ label: 'mp', env })
  sandboxKeys.set(server.base, server.sandboxKey)
  return server
}

/** A shopper bound through the real SMS + bind endpoints. */
async function login(base, phone) {
  await call(base, 'POST', '/api/Captcha/sendSmsCaptcha', { phone })
  const outbox = await call(base, 'GET', `/api/sandbox/smsOutbox?phone=${phone}`)
  const bound = await call(base, 'POST', '/api/wechat/bind', { phone, code: outbox.data.data.list[0].code })
  return { token: bound.data.data.token, userId: bound.data.data.user.id }
}

/**
 * Give the simulator's `wx` an in-memory storage and a `request` that reaches the test server (the build
 * points at TARO_APP_API_BASE_WEAPP; only the origin is swapped). Returns the list of calls made.
 */
function bridge(wx, base, storage = {}) {
  const calls = []
  calls.answers = []
  wx.getStorageSync = (key) => (key in storage ? storage[key] : '')
  wx.setStorageSync = (key, value) => {
    storage[key] = value
  }
  wx.removeStorageSync = (key) => {
    delete storage[key]
  }
  wx.request = (opts) => {
    const url = new URL(opts.url)
    let target = `${url.pathname}${url.search}`
    const method = (opts.method || 'GET').toUpperCase()
    if (method === 'GET' && opts.data && Object.keys(opts.data).length) {
      const qs = new URLSearchParams(Object.entries(opts.data).filter(([, v]) => v !== undefined && v !== null).map(([k, v]) => [k, String(v)])).toString()
      if (qs) target += `${target.includes('?') ? '&' : '?'}${qs}`
    }
    calls.push(`${method} ${target}`)
    call(base, method, target, method === 'GET' ? null : opts.data, (opts.header || {})['Access-Token'] || '')
      .then((res) => {
        calls.answers.push({ target, data: res.data })
        if (opts.success) opts.success({ ...res, errMsg: 'request:ok' })
        if (opts.complete) opts.complete(res)
      })
      .catch((err) => {
        if (opts.fail) opts.fail({ errMsg: `request:fail ${err.message}` })
        if (opts.complete) opts.complete({})
      })
    return { abort() {} }
  }
  return calls
}

/**
 * The weapp pay sheet answered as a wallet would: wx.requestPayment lets the sandbox provider confirm the order
 * the page just created (the same signed path as a real payment), then the sheet closes; wx.redirectTo is recorded.
 * `stub(wx)` before the app starts, `watch(calls)` with the bridge's calls once the page is open.
 */
function sandboxWallet(base) {
  const wallet = {
    paid: [],
    redirected: '',
    calls: { answers: [] },
    createdOrderId() {
      const created = wallet.calls.answers.filter((a) => a.target.startsWith('/api/personal.order/create')).pop()
      return created ? created.data.data.order_info.id : 0
    },
    stub(wx) {
      // Taro 4 calls wx.requestPayment promise-style (no callbacks), as current base libraries allow.
      wx.requestPayment = (opts) => {
        wallet.paid.push(opts)
        return call(base, 'POST', '/api/sandbox/confirmPay', { id: wallet.createdOrderId(), result: 'success' }).then(() => ({ errMsg: 'requestPayment:ok' }))
      }
      wx.redirectTo = (opts) => {
        wallet.redirected = opts.url
      }
    },
    watch(calls) {
      wallet.calls = calls
    },
  }
  return wallet
}

/**
 * Open a compiled page against the server at `base`: the bridge in place before the app starts (with `storage`),
 * then `stubs(wx)` (a wallet, a dialog's answer). Returns the page and the list of calls it made.
 */
async function openOn(base, route, { query = {}, storage = {}, stubs } = {}) {
  // Required here, not at the top: the harness is loaded by the tests that need it.
  const { openPage } = require('./harness')
  let calls = []
  const opened = await openPage(route, {
    query,
    beforeApp: (wx) => {
      calls = bridge(wx, base, storage)
      if (stubs) stubs(wx)
    },
  })
  return { ...opened, calls }
}

/**
 * A picture uploaded by the token's user as the app uploads it (index/uploadPic, multipart field `file`): its
 * `/uploads/<id>.<ext>` address. A small image drawn by sharp (the server re-encodes what it stores).
 */
async function uploadPicture(base, token, ext = 'jpg') {
  const sharp = require('sharp')
  const image = sharp({ create: { width: 64, height: 48, channels: 3, background: ext === 'png' ? '#8b4513' : '#d8c9a0' } })
  const bytes = await (ext === 'png' ? image.png() : image.jpeg()).toBuffer()
  const boundary = `----ocp${Date.now().toString(16)}`
  const mime = ext === 'png' ? 'image/png' : 'image/jpeg'
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.${ext}"\r\nContent-Type: ${mime}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  const json = await new Promise((resolve, reject) => {
    const headers = { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': body.length, 'access-token': token, 'access-origin': '' }
    const req = http.request(new URL('/api/index/uploadPic', base), { method: 'POST', headers }, (res) => {
      let text = ''
      res.on('data', (d) => (text += d))
      res.on('end', () => resolve(JSON.parse(text)))
    })
    req.on('error', reject)
    req.setTimeout(10000, () => req.destroy(new Error('timeout')))
    req.end(body)
  })
  if (json.code !== 1) throw new Error(`upload: ${json.msg}`)
  return json.data.url
}

module.exports = { startServer, login, bridge, call, sandboxWallet, openOn, uploadPicture }
