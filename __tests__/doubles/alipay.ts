import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A local double of Alipay's OpenAPI gateway (issue 40), built from Alipay's published protocol (OpenAPI 2.0, RSA2),
 * on 127.0.0.1 with keys made for this run:
 *
 * - `POST /gateway.do`: the common parameters (app_id, method, charset, sign_type, timestamp, version, sign, and
 *   notify_url …) in the query string and/or the form body, `biz_content` JSON. The request's signature is checked with
 *   the APP's public key over every parameter but `sign`, non-empty, sorted, `name=value` joined by `&`; a request that
 *   does not verify is refused (`isv.invalid-signature`, as Alipay answers it) and counted in `refused`. The answer is
 *   `{"<method with _>_response":{…},"sign":"…"}`, signed with the double's own RSA2 key — the key the tests configure as
 *   "Alipay's public key".
 * - `GET /gateway.do?…`: a page method (`alipay.trade.wap.pay`): verified the same way; opening it creates the trade,
 *   as Alipay's cashier does.
 * - `GET /oauth2/publicAppAuthorize.htm`: the web authorisation (`auth_base`): back to `redirect_uri` with `auth_code`.
 * - Trades in memory: trade.create, trade.query, trade.close, trade.refund, trade.fastpay.refund.query, and
 *   system.oauth.token; `pay()` marks a trade paid and POSTs the signed asynchronous notification to its notify_url
 *   (or another address); `fail()` makes the next calls time out, answer a 5xx, or answer a business error.
 */

export type TradeStatus = 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED' | 'TRADE_FINISHED'

export interface DoubleTrade {
  out_trade_no: string
  /** Alipay's number: 28 digits. */
  trade_no: string
  /** fen */
  amount: number
  subject: string
  product_code: string
  status: TradeStatus
  buyer_open_id?: string
  buyer_id?: string
  notify_url?: string
  return_url?: string
  time_expire?: string
  send_pay_date?: string
  refunds: Map<string, { amount: number; at: string }>
  /** fen refunded so far */
  refunded: number
}

export type Fault = { kind: 'timeout' } | { kind: 'status'; status: number } | { kind: 'business'; code?: string; sub_code: string; sub_msg?: string }

export interface GatewayRequest {
  method: string
  params: Record<string, string>
  /** Why the double refused it (a signature, an app id …), when it did. */
  refused?: string
}

export interface AlipayDouble {
  /** http://127.0.0.1:port */
  url: string
  /** url/gateway.do: ALIPAY_GATEWAY */
  gateway: string
  appId: string
  sellerId: string
  /** The app's key pair as the tests configure the server with it (PKCS#1 PEM, as Alipay's key tool's non-Java form). */
  appPrivateKey: string
  appPublicKey: string
  /** The double's own public key: what the server is configured with as ALIPAY_PUBLIC_KEY. */
  alipayPublicKey: string
  /** The environment of a server paying through this double (publicUrl: PUBLIC_URL). */
  env(publicUrl: string, extra?: Record<string, string>): Record<string, string>
  trades: Map<string, DoubleTrade>
  /** Every call and page request the gateway took, newest last. */
  requests: GatewayRequest[]
  /** How many requests were refused for a bad signature. */
  readonly refused: number
  /** The next `times` calls of `method` ('*': any) fail so. */
  fail(method: string, fault: Fault, times?: number): void
  /** An auth code the authorisation page would hand out for this buyer (single use, as Alipay's). */
  authCode(buyer: { open_id: string } | { user_id: string }): string
  /** The buyer the authorisation page hands out next. */
  nextBuyer: { open_id: string } | { user_id: string }
  /** GET a page URL (the WAP pay_url) as the shopper's browser does: its status and, if it opened one, the trade. */
  open(pageUrl: string): Promise<{ status: number; trade: DoubleTrade | null; text: string }>
  /**
   * Where notifications addressed to PUBLIC_URL actually arrive, as the TLS terminator in front of a server forwards them:
   * `{ 'https://shop.example.com': 'http://127.0.0.1:4000' }` posts a trade's `https://shop.example.com/notify/alipay` to
   * `http://127.0.0.1:4000/notify/alipay` (a browser journey's server in another process; the cashier's pay button).
   */
  forward: Record<string, string>
  /** The buyer pays: the trade becomes TRADE_SUCCESS; its notification is sent (to `notifyTo`, else its notify_url); the answer's text. */
  pay(outTradeNo: string, opts?: { notifyTo?: string; buyer_open_id?: string }): Promise<string>
  /** The notification of a trade as Alipay would send it now (a form body), with fields changed or added; signed after (or with another key). */
  notification(outTradeNo: string, overrides?: Record<string, string | null>, opts?: { signWith?: crypto.KeyObject }): string
  /** POSTs a notification body as Alipay does; the status and text answered. */
  send(url: string, body: string): Promise<{ status: number; text: string }>
  close(): Promise<void>
}

const pem = (key: crypto.KeyObject, type: 'pkcs1' | 'pkcs8' | 'spki') => key.export({ type, format: 'pem' } as crypto.KeyExportOptions<'pem'>).toString()

/** "yyyy-MM-dd HH:mm:ss", Beijing time. */
const beijing = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ')
const yuan = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`
const fen = (text: unknown): number | null => {
  const m = typeof text === 'string' ? /^(0|[1-9]\d{0,9})(?:\.(\d{1,2}))?$/.exec(text) : null
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : null
}

/** The string Alipay signs a request over: every parameter but sign, non-empty, sorted by name, name=value joined by &. */
export const requestSignContent = (params: Record<string, string>) =>
  Object.keys(params)
    .filter((k) => k !== 'sign' && params[k] !== '' && params[k] !== undefined)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&')

/** The string a notification is signed over: every field but sign and sign_type, sorted by name, name=value joined by &. */
export const notificationSignContent = (fields: Record<string, string>) =>
  Object.keys(fields)
    .filter((k) => k !== 'sign' && k !== 'sign_type')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&')

export async function startAlipayDouble(opts: { appId?: string; sellerId?: string } = {}): Promise<AlipayDouble> {
  const appId = opts.appId ?? '2021000000000001'
  const sellerId = opts.sellerId ?? '2088000000000001'
  // Alipay's key pair (the double signs with it) and the app's (the tests' server signs with it), made for this run.
  const alipayKeys = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
  const appKeys = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
  const trades = new Map<string, DoubleTrade>()
  const requests: GatewayRequest[] = []
  const faults: Array<{ method: string; fault: Fault }> = []
  const codes = new Map<string, { open_id: string } | { user_id: string }>()
  const hung = new Set<http.ServerResponse>()
  let refused = 0
  let tradeSeq = 0

  const sign = (text: string, key: crypto.KeyObject = alipayKeys.privateKey) => crypto.sign('RSA-SHA256', Buffer.from(text, 'utf8'), key).toString('base64')
  const newTradeNo = () => `${beijing(Date.now()).replace(/\D/g, '').slice(0, 8)}22001${String(++tradeSeq).padStart(15, '0')}`

  /** The signed answer of a method: `{"<key>":<json>,"sign":"…"}`, the signature over <json> as written. */
  const answer = (res: http.ServerResponse, method: string, body: Record<string, unknown>) => {
    const json = JSON.stringify(body)
    res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' })
    res.end(`{"${method.replace(/\./g, '_')}_response":${json},"sign":"${sign(json)}"}`)
  }
  const bizError = (res: http.ServerResponse, method: string, sub_code: string, sub_msg = sub_code, code = '40004') =>
    answer(res, method, { code, msg: code === '40004' ? 'Business Failed' : code === '20000' ? 'Service Currently Unavailable' : 'Invalid Arguments', sub_code, sub_msg })

  /** Why a request is refused before its method runs (its signature, app id, common parameters), or null. */
  const checkRequest = (params: Record<string, string>): string | null => {
    if (params.app_id !== appId) return 'isv.invalid-app-id'
    if ((params.charset ?? 'utf-8').toLowerCase() !== 'utf-8') return 'isv.invalid-charset'
    if (params.sign_type !== 'RSA2') return 'isv.invalid-signature-type'
    if (params.version !== '1.0') return 'isv.invalid-parameter'
    // Beijing time, within 15 minutes of the double's clock.
    const at = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(params.timestamp ?? '') ? Date.parse(`${params.timestamp.replace(' ', 'T')}+08:00`) : NaN
    if (!Number.isFinite(at) || Math.abs(at - Date.now()) > 15 * 60_000) return 'isv.invalid-timestamp'
    if (!params.sign) return 'isv.missing-signature'
    let ok = false
    try {
      ok = crypto.verify('RSA-SHA256', Buffer.from(requestSignContent(params), 'utf8'), appKeys.publicKey, Buffer.from(params.sign, 'base64'))
    } catch {
      ok = false
    }
    return ok ? null : 'isv.invalid-signature'
  }

  const bizOf = (params: Record<string, string>): Record<string, unknown> => {
    try {
      const parsed = JSON.parse(params.biz_content ?? '{}') as unknown
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {}
    } catch {
      return {}
    }
  }
  const str = (v: unknown) => (typeof v === 'string' ? v : '')

  /** trade.create / trade.wap.pay: a new trade, the same one again (same amount and buyer), or why not. */
  const openTrade = (params: Record<string, string>, productCode: string): DoubleTrade | string => {
    const biz = bizOf(params)
    const outTradeNo = str(biz.out_trade_no)
    const amount = fen(biz.total_amount)
    if (!/^[A-Za-z0-9_]{1,64}$/.test(outTradeNo) || amount === null || amount < 1 || !str(biz.subject)) return 'ACQ.INVALID_PARAMETER'
    if (str(biz.product_code) !== productCode) return 'ACQ.PRODUCT_CODE_ERROR'
    if (biz.time_expire !== undefined && !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(str(biz.time_expire))) return 'ACQ.INVALID_PARAMETER'
    const buyerOpenId = str(biz.buyer_open_id) || undefined
    const buyerId = str(biz.buyer_id) || undefined
    if (productCode === 'JSAPI_PAY' && !buyerOpenId && !buyerId) return 'ACQ.BUYER_NOT_EXIST'
    const existing = trades.get(outTradeNo)
    if (existing) {
      if (existing.status === 'TRADE_SUCCESS' || existing.status === 'TRADE_FINISHED') return 'ACQ.TRADE_HAS_SUCCESS'
      if (existing.status === 'TRADE_CLOSED') return 'ACQ.TRADE_HAS_CLOSE'
      if (existing.amount !== amount || existing.buyer_open_id !== buyerOpenId || existing.buyer_id !== buyerId) return 'ACQ.CONTEXT_INCONSISTENT'
      return existing
    }
    const trade: DoubleTrade = {
      out_trade_no: outTradeNo,
      trade_no: newTradeNo(),
      amount,
      subject: str(biz.subject),
      product_code: productCode,
      status: 'WAIT_BUYER_PAY',
      buyer_open_id: buyerOpenId,
      buyer_id: buyerId,
      notify_url: params.notify_url || undefined,
      return_url: params.return_url || undefined,
      time_expire: str(biz.time_expire) || undefined,
      refunds: new Map(),
      refunded: 0,
    }
    trades.set(outTradeNo, trade)
    return trade
  }

  const tradeOf = (biz: Record<string, unknown>) => trades.get(str(biz.out_trade_no)) ?? [...trades.values()].find((t) => t.trade_no === str(biz.trade_no))

  const methods: Record<string, (res: http.ServerResponse, params: Record<string, string>) => void> = {
    'alipay.trade.create'(res, params) {
      const m = 'alipay.trade.create'
      const t = openTrade(params, 'JSAPI_PAY')
      if (typeof t === 'string') return bizError(res, m, t)
      answer(res, m, { code: '10000', msg: 'Success', out_trade_no: t.out_trade_no, trade_no: t.trade_no })
    },
    'alipay.trade.query'(res, params) {
      const m = 'alipay.trade.query'
      const t = tradeOf(bizOf(params))
      if (!t) return bizError(res, m, 'ACQ.TRADE_NOT_EXIST', '交易不存在')
      answer(res, m, {
        code: '10000',
        msg: 'Success',
        trade_no: t.trade_no,
        out_trade_no: t.out_trade_no,
        trade_status: t.status,
        total_amount: yuan(t.amount),
        ...(t.buyer_open_id ? { buyer_open_id: t.buyer_open_id } : {}),
        ...(t.buyer_id ? { buyer_user_id: t.buyer_id } : {}),
        ...(t.send_pay_date ? { send_pay_date: t.send_pay_date, receipt_amount: yuan(t.amount) } : {}),
      })
    },
    'alipay.trade.close'(res, params) {
      const m = 'alipay.trade.close'
      const t = tradeOf(bizOf(params))
      if (!t) return bizError(res, m, 'ACQ.TRADE_NOT_EXIST', '交易不存在')
      if (t.status !== 'WAIT_BUYER_PAY') return bizError(res, m, 'ACQ.TRADE_STATUS_ERROR', '交易状态不合法')
      t.status = 'TRADE_CLOSED'
      answer(res, m, { code: '10000', msg: 'Success', trade_no: t.trade_no, out_trade_no: t.out_trade_no })
    },
    'alipay.trade.refund'(res, params) {
      const m = 'alipay.trade.refund'
      const biz = bizOf(params)
      const t = tradeOf(biz)
      const amount = fen(biz.refund_amount)
      const requestNo = str(biz.out_request_no) || t?.out_trade_no || ''
      if (!t) return bizError(res, m, 'ACQ.TRADE_NOT_EXIST', '交易不存在')
      if (amount === null || amount < 1) return bizError(res, m, 'ACQ.INVALID_PARAMETER')
      const earlier = t.refunds.get(requestNo)
      const base = { code: '10000', msg: 'Success', trade_no: t.trade_no, out_trade_no: t.out_trade_no, buyer_logon_id: 'buy***@example.com' }
      if (earlier) {
        // The same out_request_no again: nothing moves this time.
        if (earlier.amount !== amount) return bizError(res, m, 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额与原请求不一致')
        return answer(res, m, { ...base, fund_change: 'N', refund_fee: yuan(t.refunded) })
      }
      if (t.status !== 'TRADE_SUCCESS') return bizError(res, m, 'ACQ.TRADE_STATUS_ERROR', '交易状态不合法')
      if (t.refunded + amount > t.amount) return bizError(res, m, 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限')
      const at = beijing(Date.now())
      t.refunds.set(requestNo, { amount, at })
      t.refunded += amount
      if (t.refunded === t.amount) t.status = 'TRADE_CLOSED'
      answer(res, m, { ...base, fund_change: 'Y', refund_fee: yuan(t.refunded), gmt_refund_pay: at })
    },
    'alipay.trade.fastpay.refund.query'(res, params) {
      const m = 'alipay.trade.fastpay.refund.query'
      const biz = bizOf(params)
      const t = tradeOf(biz)
      if (!t) return bizError(res, m, 'ACQ.TRADE_NOT_EXIST', '交易不存在')
      const requestNo = str(biz.out_request_no)
      const refund = t.refunds.get(requestNo)
      const base = { code: '10000', msg: 'Success', trade_no: t.trade_no, out_trade_no: t.out_trade_no, out_request_no: requestNo }
      // Not received (or not done): no refund_status.
      if (!refund) return answer(res, m, base)
      const options = Array.isArray(biz.query_options) ? (biz.query_options as unknown[]) : []
      answer(res, m, { ...base, refund_status: 'REFUND_SUCCESS', total_amount: yuan(t.amount), refund_amount: yuan(refund.amount), ...(options.includes('gmt_refund_pay') ? { gmt_refund_pay: refund.at } : {}) })
    },
    'alipay.system.oauth.token'(res, params) {
      const m = 'alipay.system.oauth.token'
      const buyer = params.grant_type === 'authorization_code' ? codes.get(params.code ?? '') : undefined
      if (!buyer) {
        // Alipay answers a bad code with an error_response (here unsigned).
        res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' })
        res.end(JSON.stringify({ error_response: { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.code-invalid', sub_msg: '授权码code无效' } }))
        return
      }
      codes.delete(params.code ?? '')
      answer(res, m, { ...buyer, access_token: `authbse${crypto.randomBytes(16).toString('hex')}`, expires_in: 1296000, refresh_token: `authbse${crypto.randomBytes(16).toString('hex')}`, re_expires_in: 2592000, auth_start: beijing(Date.now()) })
    },
  }

  const readBody = (req: http.IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
      req.on('error', reject)
    })

  const takeFault = (method: string): Fault | null => {
    const i = faults.findIndex((f) => f.method === method || f.method === '*')
    return i < 0 ? null : faults.splice(i, 1)[0].fault
  }

  const issueCode = (buyer: { open_id: string } | { user_id: string }) => {
    const code = `${crypto.randomBytes(16).toString('hex')}`
    codes.set(code, buyer)
    return code
  }

  const double: AlipayDouble = {
    url: '',
    gateway: '',
    appId,
    sellerId,
    appPrivateKey: pem(appKeys.privateKey, 'pkcs1'),
    appPublicKey: pem(appKeys.publicKey, 'spki'),
    alipayPublicKey: pem(alipayKeys.publicKey, 'spki'),
    trades,
    requests,
    get refused() {
      return refused
    },
    nextBuyer: { open_id: `0${crypto.randomBytes(20).toString('hex')}` },
    forward: {},
    env: (publicUrl, extra = {}) => ({
      ALIPAY_APP_ID: appId,
      ALIPAY_PRIVATE_KEY: double.appPrivateKey,
      ALIPAY_PUBLIC_KEY: double.alipayPublicKey,
      ALIPAY_GATEWAY: double.gateway,
      ALIPAY_SELLER_ID: sellerId,
      PUBLIC_URL: publicUrl,
      ...extra,
    }),
    fail(method, fault, times = 1) {
      for (let i = 0; i < times; i++) faults.push({ method, fault })
    },
    authCode: issueCode,
    async open(pageUrl) {
      const res = await fetch(pageUrl, { redirect: 'manual' })
      const text = await res.text()
      const outTradeNo = (() => {
        try {
          return String((JSON.parse(new URL(pageUrl).searchParams.get('biz_content') ?? '{}') as { out_trade_no?: unknown }).out_trade_no ?? '')
        } catch {
          return ''
        }
      })()
      return { status: res.status, trade: res.status === 200 ? (trades.get(outTradeNo) ?? null) : null, text }
    },
    async pay(outTradeNo, o = {}) {
      const t = trades.get(outTradeNo)
      if (!t) throw new Error(`no trade ${outTradeNo} at the double`)
      if (t.status !== 'WAIT_BUYER_PAY') throw new Error(`trade ${outTradeNo} is ${t.status}`)
      t.status = 'TRADE_SUCCESS'
      t.send_pay_date = beijing(Date.now())
      if (!t.buyer_open_id && !t.buyer_id) t.buyer_open_id = o.buyer_open_id ?? `0${crypto.randomBytes(20).toString('hex')}`
      const forwarded = (url: string) => {
        const { origin } = new URL(url)
        const via = double.forward[origin]
        return via ? `${via}${url.slice(origin.length)}` : url
      }
      const to = o.notifyTo ?? (t.notify_url ? forwarded(t.notify_url) : undefined)
      if (!to) return ''
      return (await double.send(to, double.notification(outTradeNo))).text
    },
    notification(outTradeNo, overrides = {}, o = {}) {
      const t = trades.get(outTradeNo)
      if (!t) throw new Error(`no trade ${outTradeNo} at the double`)
      const now = beijing(Date.now())
      const fields: Record<string, string> = {
        notify_time: now,
        notify_type: 'trade_status_sync',
        notify_id: crypto.randomBytes(16).toString('hex'),
        app_id: appId,
        charset: 'utf-8',
        version: '1.0',
        sign_type: 'RSA2',
        trade_no: t.trade_no,
        out_trade_no: t.out_trade_no,
        ...(t.buyer_open_id ? { buyer_open_id: t.buyer_open_id } : {}),
        ...(t.buyer_id ? { buyer_id: t.buyer_id } : {}),
        buyer_logon_id: 'buy***@example.com',
        seller_id: sellerId,
        trade_status: t.status,
        total_amount: yuan(t.amount),
        receipt_amount: yuan(t.amount),
        buyer_pay_amount: yuan(t.amount),
        subject: t.subject,
        gmt_create: now,
        ...(t.send_pay_date ? { gmt_payment: t.send_pay_date } : {}),
        fund_bill_list: JSON.stringify([{ amount: yuan(t.amount), fundChannel: 'ALIPAYACCOUNT' }]),
      }
      for (const [k, v] of Object.entries(overrides)) {
        if (v === null) delete fields[k]
        else fields[k] = v
      }
      fields.sign = sign(notificationSignContent(fields), o.signWith ?? alipayKeys.privateKey)
      return new URLSearchParams(fields).toString()
    },
    async send(url, body) {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }, body })
      return { status: res.status, text: await res.text() }
    },
    async close() {
      for (const res of hung) res.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }

  const server = http.createServer((req, res) => {
    // One request per connection: a kept-alive socket this server closes while a slow client reuses it is a reset
    // (ECONNRESET) that says nothing about the provider's protocol.
    res.setHeader('connection', 'close')
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1')
      if (url.pathname === '/oauth2/publicAppAuthorize.htm' && req.method === 'GET') {
        const redirect = url.searchParams.get('redirect_uri') ?? ''
        if (url.searchParams.get('app_id') !== appId || url.searchParams.get('scope') !== 'auth_base' || !/^https?:\/\//.test(redirect)) {
          res.writeHead(400, { 'content-type': 'text/plain;charset=utf-8' }).end('invalid authorisation request')
          return
        }
        const back = new URL(redirect)
        back.searchParams.set('app_id', appId)
        back.searchParams.set('source', 'alipay_wallet')
        back.searchParams.set('scope', 'auth_base')
        back.searchParams.set('auth_code', issueCode(double.nextBuyer))
        const state = url.searchParams.get('state')
        if (state) back.searchParams.set('state', state)
        res.writeHead(302, { location: back.toString() }).end()
        return
      }
      if (url.pathname === '/__double/pay' && req.method === 'POST') {
        const outTradeNo = new URLSearchParams(await readBody(req)).get('out_trade_no') ?? ''
        const t = trades.get(outTradeNo)
        if (!t || t.status !== 'WAIT_BUYER_PAY') {
          res.writeHead(409, { 'content-type': 'text/plain;charset=utf-8' }).end('not payable')
          return
        }
        await double.pay(outTradeNo)
        // Back to the shop as Alipay sends the shopper back: return_url with out_trade_no, trade_no, total_amount (signed).
        const back = new URL(t.return_url ?? '/', double.url)
        const fields: Record<string, string> = { app_id: appId, charset: 'utf-8', method: 'alipay.trade.wap.pay.return', out_trade_no: t.out_trade_no, seller_id: sellerId, timestamp: beijing(Date.now()), total_amount: yuan(t.amount), trade_no: t.trade_no, version: '1.0' }
        for (const [k, v] of Object.entries(fields)) back.searchParams.set(k, v)
        back.searchParams.set('sign', sign(notificationSignContent(fields)))
        back.searchParams.set('sign_type', 'RSA2')
        res.writeHead(302, { location: back.toString() }).end()
        return
      }
      if (url.pathname !== '/gateway.do') {
        res.writeHead(404).end()
        return
      }
      const params: Record<string, string> = Object.fromEntries(url.searchParams)
      if (req.method === 'POST') {
        if (!/^application\/x-www-form-urlencoded/i.test(req.headers['content-type'] ?? '')) {
          res.writeHead(400).end()
          return
        }
        for (const [k, v] of new URLSearchParams(await readBody(req))) params[k] = v
      }
      const method = params.method ?? ''
      const fault = takeFault(method)
      if (fault?.kind === 'timeout') {
        // Never answered: the caller's timeout ends it (or close()).
        hung.add(res)
        res.on('close', () => hung.delete(res))
        return
      }
      if (fault?.kind === 'status') {
        res.writeHead(fault.status, { 'content-type': 'text/html' }).end('<html><body>Service Unavailable</body></html>')
        return
      }
      const entry: GatewayRequest = { method, params }
      requests.push(entry)
      const why = checkRequest(params)
      if (why) {
        entry.refused = why
        if (why === 'isv.invalid-signature') refused++
        if (req.method === 'GET') {
          res.writeHead(400, { 'content-type': 'text/plain;charset=utf-8' }).end(`支付宝 double: ${why}`)
          return
        }
        return bizError(res, method, why, why, '40002')
      }
      if (fault?.kind === 'business') return bizError(res, method, fault.sub_code, fault.sub_msg ?? fault.sub_code, fault.code ?? '40004')
      if (req.method === 'GET') {
        if (method !== 'alipay.trade.wap.pay') {
          res.writeHead(400).end('not a page method')
          return
        }
        const t = openTrade(params, 'QUICK_WAP_WAY')
        if (typeof t === 'string') {
          res.writeHead(400, { 'content-type': 'text/plain;charset=utf-8' }).end(`支付宝 double: ${t}`)
          return
        }
        // The cashier as a shopper meets it: confirming pays, notifies and goes back to return_url (a browser journey's step).
        const esc = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
        res.writeHead(200, { 'content-type': 'text/html;charset=utf-8' }).end(
          `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>支付宝 double</title>` +
            `<main><h1>${esc(t.subject)}</h1><p id="amount">¥${yuan(t.amount)}</p><form method="post" action="/__double/pay"><input type="hidden" name="out_trade_no" value="${esc(t.out_trade_no)}">` +
            `<button id="pay" type="submit">确认付款 Pay</button></form></main></html>`,
        )
        return
      }
      const run = methods[method]
      if (!run) {
        res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' })
        res.end(JSON.stringify({ error_response: { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-method', sub_msg: '不存在的方法名' } }))
        return
      }
      run(res, params)
    })().catch((error: unknown) => {
      res.writeHead(500).end(String(error))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const { port } = server.address() as AddressInfo
  double.url = `http://127.0.0.1:${port}`
  double.gateway = `${double.url}/gateway.do`
  return double
}
