import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { selfSignedCertificate } from './x509'

/**
 * A local double of WeChat Pay API v3 (issue 40), built from its published protocol with real cryptography and keys made
 * per run — and written apart from server/providers/wechatpay (its own signing, verifying and encryption), so a mistake
 * in one is not repeated in the other.
 *
 * - The merchant: an RSA key and its API certificate (the serial WeChat Pay knows it by), an API v3 key.
 * - WeChat Pay: a platform certificate (its key signs answers and notifications, `Wechatpay-Serial` = the serial) and a
 *   "WeChat Pay public key" (`PUB_KEY_ID_…`) — the two ways WeChat Pay signs; `signWith` says which one it uses.
 * - An HTTP server on 127.0.0.1 that refuses a request whose `WECHATPAY2-SHA256-RSA2048` signature is wrong (401
 *   SIGN_ERROR), takes JSAPI / H5 / Native prepay (direct `/v3/pay/transactions/*` and partner
 *   `/v3/pay/partner/transactions/*`), query, close, refund and refund query, and can be told to time out, answer 5xx
 *   or sign its answer wrongly (`fault`).
 * - Notifications as WeChat Pay sends them (signed, the resource encrypted with AEAD_AES_256_GCM), in either mode, and
 *   the wrong ones a test needs: a signature probe, a stale timestamp, another amount, merchant or app, a bad signature.
 */

export type SignMode = 'platform' | 'public_key'
export type Fault = { kind: 'timeout' | '5xx' | 'bad_signature' | '429'; times: number; path?: RegExp }

export interface DoubleTrade {
  out_trade_no: string
  kind: 'jsapi' | 'h5' | 'native'
  partner: boolean
  appid: string
  mchid: string
  sub_mchid: string | null
  amount: number
  payer: string | null
  notify_url: string
  description: string
  time_expire: string
  payer_client_ip: string | null
  h5_type: string | null
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND'
  transaction_id: string | null
  prepay_id: string
}

export interface DoubleRefund {
  out_refund_no: string
  out_trade_no: string
  sub_mchid: string | null
  refund: number
  total: number
  status: 'PROCESSING' | 'SUCCESS' | 'ABNORMAL' | 'CLOSED'
  notify_url: string | null
}

export interface SentNotification {
  headers: Record<string, string>
  body: string
}

export interface NotificationOptions {
  /** Which of WeChat Pay's keys signs it (default: the double's signWith). */
  signWith?: SignMode
  /** A signature probe (WECHATPAY/SIGNTEST/…) instead of a signature. */
  probe?: boolean
  /** Seconds added to the timestamp (−360: 6 minutes old). */
  timestampOffsetS?: number
  /** Signed, then one character of the body changed. */
  tamper?: boolean
  amount?: number
  mchid?: string
  appid?: string
  sub_mchid?: string
  trade_state?: string
  /** Encrypted with another API v3 key. */
  wrongKey?: boolean
}

const b64 = (b: Buffer) => b.toString('base64')
const pem = (k: crypto.KeyObject, type: 'pkcs8' | 'spki') => k.export({ type, format: 'pem' }) as string

export interface WechatPayDouble {
  /** The double's base URL (WXPAY_API_BASE). */
  readonly url: string
  readonly mchid: string
  readonly appIdMp: string
  readonly appIdOa: string
  readonly spAppId: string
  readonly subMchid: string
  readonly apiV3Key: string
  readonly merchantSerial: string
  readonly platformSerial: string
  readonly publicKeyId: string
  /** The merchant's public key (a paySign verifies with it). */
  readonly merchantPublicKey: crypto.KeyObject
  /** How the double signs its answers and notifications (default: the WeChat Pay public key). */
  signWith: SignMode
  /** The next requests (matching `path`, `times` of them) fail this way. */
  fault: Fault | null
  readonly trades: Map<string, DoubleTrade>
  readonly refunds: Map<string, DoubleRefund>
  /** Every request the double took, with whether its signature verified. */
  readonly requests: Array<{ method: string; path: string; body: unknown; signed: boolean }>
  /**
   * The WXPAY_* variables that point the server at the double. `verify`: which of WeChat Pay's keys the server is given
   * (both during a switch); `sp`: service-provider mode; `notifyUrl`: the server as the double reaches it.
   */
  env(opts?: { verify?: 'platform' | 'public_key' | 'both'; sp?: boolean; notifyUrl?: string; timeoutMs?: number }): Record<string, string>
  /** The trade paid at WeChat Pay (SUCCESS, a transaction_id), and the notification it sends. */
  pay(outTradeNo: string, opts?: NotificationOptions): SentNotification
  /** A payment notification of a trade as it stands (or altered by `opts`), without paying it. */
  paymentNotification(outTradeNo: string, opts?: NotificationOptions): SentNotification
  /** The refund done (SUCCESS, or `status`) and the notification WeChat Pay sends. */
  finishRefund(outRefundNo: string, opts?: NotificationOptions & { status?: 'SUCCESS' | 'ABNORMAL' | 'CLOSED' }): SentNotification
  /** Whether a JSAPI payInfo's paySign verifies with the merchant's public key (what WeChat's client checks). */
  verifyPaySign(p: { appId: string; timeStamp: string; nonceStr: string; package: string; paySign: string }): boolean
  /** POSTs a notification to a URL (a listening server), as WeChat Pay does; its status and body. */
  send(url: string, n: SentNotification): Promise<{ status: number; body: string }>
  close(): Promise<void>
}

export async function startWechatPayDouble(opts: { signWith?: SignMode } = {}): Promise<WechatPayDouble> {
  const merchantKeys = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
  const platformKeys = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
  const wechatpayKeys = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
  const merchantCert = selfSignedCertificate(merchantKeys, '1900009191 merchant API certificate')
  const platformCert = selfSignedCertificate(platformKeys, 'Tenpay.com Root CA (double)')
  // As WeChat Pay writes them: PUB_KEY_ID_ and digits (the merchant number, the date, a sequence).
  const publicKeyId = `PUB_KEY_ID_0119000091912026${Array.from({ length: 16 }, () => crypto.randomInt(10)).join('')}`
  const apiV3Key = crypto.randomBytes(16).toString('hex')
  const mchid = '1900009191'
  const subMchid = '1900009201'
  const appIdMp = `wx${crypto.randomBytes(8).toString('hex')}`
  const appIdOa = `wx${crypto.randomBytes(8).toString('hex')}`
  const spAppId = appIdOa
  const trades = new Map<string, DoubleTrade>()
  const refunds = new Map<string, DoubleRefund>()
  const requests: WechatPayDouble['requests'] = []
  const held = new Set<http.ServerResponse>()
  let n = 0

  const signer = (mode: SignMode) => (mode === 'platform' ? { serial: platformCert.serial, key: platformKeys.privateKey } : { serial: publicKeyId, key: wechatpayKeys.privateKey })
  /** WeChat Pay's signature headers over a body. */
  function signed(body: string, mode: SignMode, o: { probe?: boolean; timestampOffsetS?: number; wrong?: boolean } = {}): Record<string, string> {
    const { serial, key } = signer(mode)
    const timestamp = String(Math.floor(Date.now() / 1000) + (o.timestampOffsetS ?? 0))
    const nonce = crypto.randomBytes(16).toString('hex')
    const signature = o.probe
      ? `WECHATPAY/SIGNTEST/${b64(crypto.randomBytes(64))}`
      : b64(crypto.sign('sha256', Buffer.from(`${timestamp}\n${nonce}\n${body}${o.wrong ? ' ' : ''}\n`), key))
    return { 'Wechatpay-Timestamp': timestamp, 'Wechatpay-Nonce': nonce, 'Wechatpay-Serial': serial, 'Wechatpay-Signature': signature, 'Wechatpay-Signature-Type': 'WECHATPAY2-SHA256-RSA2048' }
  }

  /** The merchant's Authorization header checked as WeChat Pay checks it. */
  function checkAuthorization(method: string, pathAndQuery: string, body: string, header: string | undefined): string | null {
    if (!header?.startsWith('WECHATPAY2-SHA256-RSA2048 ')) return 'no WECHATPAY2-SHA256-RSA2048 Authorization'
    const fields = Object.fromEntries([...header.slice(26).matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]))
    if (fields.mchid !== mchid) return 'mchid'
    if (fields.serial_no?.toUpperCase() !== merchantCert.serial) return 'serial_no'
    if (!fields.timestamp || Math.abs(Date.now() / 1000 - Number(fields.timestamp)) > 300) return 'timestamp'
    const message = `${method}\n${pathAndQuery}\n${fields.timestamp}\n${fields.nonce_str}\n${body}\n`
    const ok = crypto.verify('sha256', Buffer.from(message), merchantKeys.publicKey, Buffer.from(fields.signature ?? '', 'base64'))
    return ok ? null : 'signature'
  }

  const double: WechatPayDouble = {
    url: '',
    mchid,
    appIdMp,
    appIdOa,
    spAppId,
    subMchid,
    apiV3Key,
    merchantSerial: merchantCert.serial,
    platformSerial: platformCert.serial,
    publicKeyId,
    merchantPublicKey: merchantKeys.publicKey,
    signWith: opts.signWith ?? 'public_key',
    fault: null,
    trades,
    refunds,
    requests,
    env(o = {}) {
      const verify = o.verify ?? (double.signWith === 'platform' ? 'platform' : 'public_key')
      return {
        WXPAY_MCH_ID: mchid,
        WXPAY_MCH_SERIAL_NO: merchantCert.serial,
        WXPAY_PRIVATE_KEY: pem(merchantKeys.privateKey, 'pkcs8'),
        WXPAY_MCH_CERT: merchantCert.pem,
        WXPAY_API_V3_KEY: apiV3Key,
        ...(verify !== 'public_key' ? { WXPAY_PLATFORM_CERT: platformCert.pem } : {}),
        ...(verify !== 'platform' ? { WXPAY_PUBLIC_KEY: pem(wechatpayKeys.publicKey, 'spki'), WXPAY_PUBLIC_KEY_ID: publicKeyId } : {}),
        WXPAY_APPID_MP: appIdMp,
        WXPAY_APPID_OA: appIdOa,
        PUBLIC_URL: o.notifyUrl ?? 'https://pay.example.com',
        WXPAY_API_BASE: double.url,
        WXPAY_TIMEOUT_MS: String(o.timeoutMs ?? 2000),
        ...(o.sp ? { WXPAY_SP_MODE: '1', WXPAY_SP_APPID: spAppId, WXPAY_SUB_MCH_ID: subMchid } : {}),
      }
    },
    pay(outTradeNo, o = {}) {
      const t = trades.get(outTradeNo)
      if (!t) throw new Error(`the double has no trade ${outTradeNo}`)
      t.state = 'SUCCESS'
      t.transaction_id ??= `42000${String(++n).padStart(5, '0')}${Date.now()}`.slice(0, 28).padEnd(28, '0')
      return double.paymentNotification(outTradeNo, o)
    },
    paymentNotification(outTradeNo, o = {}) {
      const t = trades.get(outTradeNo)
      if (!t) throw new Error(`the double has no trade ${outTradeNo}`)
      const ids = t.partner
        ? { sp_appid: o.appid ?? t.appid, sp_mchid: o.mchid ?? t.mchid, sub_mchid: o.sub_mchid ?? t.sub_mchid }
        : { appid: o.appid ?? t.appid, mchid: o.mchid ?? t.mchid }
      const resource = {
        ...ids,
        out_trade_no: t.out_trade_no,
        transaction_id: t.transaction_id ?? '',
        trade_type: t.kind === 'jsapi' ? 'JSAPI' : t.kind === 'h5' ? 'MWEB' : 'NATIVE',
        trade_state: o.trade_state ?? t.state,
        trade_state_desc: '支付成功',
        bank_type: 'OTHERS',
        success_time: new Date().toISOString().replace(/\.\d+Z$/, '+00:00'),
        payer: t.partner ? { sp_openid: t.payer ?? 'o-h5-payer' } : { openid: t.payer ?? 'o-h5-payer' },
        amount: { total: o.amount ?? t.amount, payer_total: o.amount ?? t.amount, currency: 'CNY', payer_currency: 'CNY' },
      }
      return notification('TRANSACTION.SUCCESS', 'transaction', '支付成功', resource, o)
    },
    finishRefund(outRefundNo, o = {}) {
      const r = refunds.get(outRefundNo)
      if (!r) throw new Error(`the double has no refund ${outRefundNo}`)
      r.status = o.status ?? 'SUCCESS'
      const t = trades.get(r.out_trade_no)
      if (t && r.status === 'SUCCESS') t.state = 'REFUND'
      const ids = t?.partner ? { sp_mchid: o.mchid ?? mchid, sub_mchid: o.sub_mchid ?? r.sub_mchid } : { mchid: o.mchid ?? mchid }
      const resource = {
        ...ids,
        out_trade_no: r.out_trade_no,
        transaction_id: t?.transaction_id ?? '',
        out_refund_no: r.out_refund_no,
        refund_id: `50000${String(++n).padStart(10, '0')}`,
        refund_status: r.status,
        success_time: new Date().toISOString().replace(/\.\d+Z$/, '+00:00'),
        user_received_account: '支付用户零钱',
        amount: { total: r.total, refund: o.amount ?? r.refund, payer_total: r.total, payer_refund: o.amount ?? r.refund },
      }
      return notification(`REFUND.${r.status}`, 'refund', '退款成功', resource, o)
    },
    verifyPaySign(p) {
      return crypto.verify('sha256', Buffer.from(`${p.appId}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`), merchantKeys.publicKey, Buffer.from(p.paySign, 'base64'))
    },
    async send(url, sent) {
      const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...sent.headers }, body: sent.body })
      return { status: res.status, body: await res.text() }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held) res.destroy()
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }

  /** A notification: the resource encrypted with the API v3 key (AEAD_AES_256_GCM), the body signed. */
  function notification(eventType: string, originalType: string, summary: string, resource: Record<string, unknown>, o: NotificationOptions): SentNotification {
    const nonce = crypto.randomBytes(6).toString('hex')
    const associated = originalType
    const key = o.wrongKey ? crypto.randomBytes(16).toString('hex') : apiV3Key
    const cipher = crypto.createCipheriv('aes-256-gcm', Buffer.from(key, 'utf8'), Buffer.from(nonce, 'utf8'))
    cipher.setAAD(Buffer.from(associated, 'utf8'))
    const ciphertext = b64(Buffer.concat([cipher.update(JSON.stringify(resource), 'utf8'), cipher.final(), cipher.getAuthTag()]))
    let body = JSON.stringify({
      id: crypto.randomUUID(),
      create_time: new Date().toISOString().replace(/\.\d+Z$/, '+08:00'),
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary,
      resource: { original_type: originalType, algorithm: 'AEAD_AES_256_GCM', ciphertext, associated_data: associated, nonce },
    })
    const headers = signed(body, o.signWith ?? double.signWith, { probe: o.probe, timestampOffsetS: o.timestampOffsetS })
    if (o.tamper) body = body.replace('"summary":"', '"summary":"!')
    return { headers, body }
  }

  const server = http.createServer((req, res) => {
    // One request per connection: a kept-alive socket this server closes while a slow client reuses it is a reset
    // (ECONNRESET) that says nothing about the provider's protocol.
    res.setHeader('connection', 'close')
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')))
  })

  function answer(res: http.ServerResponse, status: number, data: unknown, wrong = false): void {
    const body = data === null ? '' : JSON.stringify(data)
    const headers = signed(body, double.signWith, { wrong })
    res.writeHead(status, { ...headers, ...(body ? { 'Content-Type': 'application/json' } : {}), 'Request-ID': crypto.randomUUID() })
    res.end(body)
  }

  /**
   * The double's own controls for a test in another process (the simulator's, the browser tier's; not WeChat Pay's API,
   * not signed): POST /__double/pay { out_trade_no, deliver_to } pays a trade and sends its notification to
   * `${deliver_to}/notify/wechatpay/pay`; POST /__double/refund { out_refund_no, deliver_to } finishes a refund likewise;
   * GET /__double/trade?out_trade_no= answers a trade as the double holds it.
   */
  function control(method: string, url: URL, body: Record<string, unknown>, res: http.ServerResponse): void {
    const reply = (status: number, data: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify(data))
    }
    if (method === 'GET' && url.pathname === '/__double/trade') return reply(200, trades.get(url.searchParams.get('out_trade_no') ?? '') ?? null)
    const deliverTo = typeof body.deliver_to === 'string' ? body.deliver_to.replace(/\/$/, '') : ''
    try {
      if (method === 'POST' && url.pathname === '/__double/pay') {
        const sent = double.pay(String(body.out_trade_no))
        void double.send(`${deliverTo}/notify/wechatpay/pay`, sent).then((r) => reply(200, r), (e: Error) => reply(502, { error: e.message }))
        return
      }
      if (method === 'POST' && url.pathname === '/__double/refund') {
        const sent = double.finishRefund(String(body.out_refund_no))
        void double.send(`${deliverTo}/notify/wechatpay/refund`, sent).then((r) => reply(200, r), (e: Error) => reply(502, { error: e.message }))
        return
      }
    } catch (e) {
      return reply(404, { error: (e as Error).message })
    }
    return reply(404, { error: 'no such control' })
  }

  function handle(req: http.IncomingMessage, res: http.ServerResponse, raw: string): void {
    const method = req.method ?? 'GET'
    const pathAndQuery = req.url ?? '/'
    const url = new URL(pathAndQuery, 'http://double')
    if (url.pathname.startsWith('/__double/')) {
      let body: Record<string, unknown> = {}
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {}
      } catch {
        // an empty body
      }
      return control(method, url, body, res)
    }
    const bad = checkAuthorization(method, pathAndQuery, raw, req.headers.authorization)
    let body: Record<string, unknown> = {}
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {}
    } catch {
      // left empty: refused below as PARAM_ERROR
    }
    requests.push({ method, path: url.pathname, body, signed: bad === null })
    const f = double.fault
    if (f && f.times > 0 && (!f.path || f.path.test(url.pathname))) {
      f.times--
      if (f.kind === 'timeout') {
        held.add(res)
        return
      }
      if (f.kind === '5xx') return answer(res, 500, { code: 'SYSTEM_ERROR', message: '系统错误' })
      if (f.kind === '429') return answer(res, 429, { code: 'FREQUENCY_LIMITED', message: '频率超限' })
      return route(method, url, body, res, true)
    }
    if (bad) return answer(res, 401, { code: 'SIGN_ERROR', message: `签名错误 (${bad})` })
    return route(method, url, body, res, false)
  }

  function route(method: string, url: URL, body: Record<string, unknown>, res: http.ServerResponse, wrong: boolean): void {
    const send = (status: number, data: unknown) => answer(res, status, data, wrong)
    const paramError = (what: string) => send(400, { code: 'PARAM_ERROR', message: `参数错误: ${what}` })
    const prepay = /^\/v3\/pay\/(partner\/)?transactions\/(jsapi|h5|native)$/.exec(url.pathname)
    if (method === 'POST' && prepay) {
      const partner = !!prepay[1]
      const kind = prepay[2] as DoubleTrade['kind']
      const appid = String(partner ? body.sp_appid : body.appid)
      const mch = String(partner ? body.sp_mchid : body.mchid)
      if (mch !== mchid) return send(400, { code: 'MCH_NOT_EXISTS', message: '商户号不存在' })
      if (![appIdMp, appIdOa, spAppId].includes(appid)) return send(400, { code: 'APPID_MCHID_NOT_MATCH', message: 'appid和mch_id不匹配' })
      if (partner && typeof body.sub_mchid !== 'string') return paramError('sub_mchid')
      const amount = (body.amount as { total?: unknown } | undefined)?.total
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1) return paramError('amount.total')
      if (typeof body.out_trade_no !== 'string' || !/^[A-Za-z0-9_\-|*]{6,32}$/.test(body.out_trade_no)) return paramError('out_trade_no')
      if (typeof body.description !== 'string' || Buffer.byteLength(body.description) > 127) return paramError('description')
      if (typeof body.notify_url !== 'string' || !body.notify_url.startsWith('https://')) return paramError('notify_url')
      if (typeof body.time_expire === 'string' && !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/.test(body.time_expire)) return paramError('time_expire')
      const payer = body.payer as { openid?: string; sp_openid?: string; sub_openid?: string } | undefined
      const payerId = payer?.openid ?? payer?.sp_openid ?? payer?.sub_openid ?? null
      if (kind === 'jsapi' && !payerId) return paramError('payer')
      if (kind === 'jsapi' && partner && payer?.openid) return paramError('payer.openid (partner mode takes sp_openid or sub_openid)')
      const scene = body.scene_info as { payer_client_ip?: string; h5_info?: { type?: string } } | undefined
      if (kind === 'h5' && (!scene?.payer_client_ip || !scene.h5_info?.type)) return paramError('scene_info.payer_client_ip, scene_info.h5_info.type')
      const known = trades.get(body.out_trade_no)
      if (known && (known.amount !== amount || known.kind !== kind)) return send(400, { code: 'INVALID_REQUEST', message: '201 商户订单号重复' })
      if (known?.state === 'SUCCESS') return send(400, { code: 'ORDERPAID', message: '该订单已支付' })
      const trade: DoubleTrade = known ?? {
        out_trade_no: body.out_trade_no,
        kind,
        partner,
        appid,
        mchid: mch,
        sub_mchid: partner ? String(body.sub_mchid) : null,
        amount,
        payer: payerId,
        notify_url: body.notify_url,
        description: body.description,
        time_expire: String(body.time_expire ?? ''),
        payer_client_ip: scene?.payer_client_ip ?? null,
        h5_type: scene?.h5_info?.type ?? null,
        state: 'NOTPAY',
        transaction_id: null,
        prepay_id: `wx${Date.now()}${crypto.randomBytes(6).toString('hex')}`,
      }
      trades.set(trade.out_trade_no, trade)
      if (kind === 'jsapi') return send(200, { prepay_id: trade.prepay_id })
      if (kind === 'h5') return send(200, { h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=${trade.prepay_id}&package=${crypto.randomInt(1e9)}` })
      return send(200, { code_url: `weixin://wxpay/bizpayurl?pr=${trade.prepay_id.slice(-10)}` })
    }
    const byNo = /^\/v3\/pay\/(partner\/)?transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(url.pathname)
    if (byNo) {
      const partner = !!byNo[1]
      const t = trades.get(decodeURIComponent(byNo[2]))
      const mch = partner ? (byNo[3] ? body.sp_mchid : url.searchParams.get('sp_mchid')) : byNo[3] ? body.mchid : url.searchParams.get('mchid')
      if (mch !== mchid) return paramError('mchid')
      if (!t || t.partner !== partner) return send(404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' })
      if (partner && (byNo[3] ? body.sub_mchid : url.searchParams.get('sub_mchid')) !== t.sub_mchid) return send(404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' })
      if (byNo[3] && method === 'POST') {
        if (t.state === 'SUCCESS' || t.state === 'REFUND') return send(400, { code: 'ORDERPAID', message: '该订单已支付' })
        t.state = 'CLOSED'
        return send(204, null)
      }
      if (method !== 'GET') return send(405, { code: 'METHOD_NOT_ALLOWED', message: 'method' })
      const ids = t.partner ? { sp_appid: t.appid, sp_mchid: t.mchid, sub_mchid: t.sub_mchid } : { appid: t.appid, mchid: t.mchid }
      return send(200, {
        ...ids,
        out_trade_no: t.out_trade_no,
        trade_state: t.state,
        trade_state_desc: t.state,
        ...(t.transaction_id ? { transaction_id: t.transaction_id, success_time: new Date().toISOString().replace(/\.\d+Z$/, '+00:00') } : {}),
        amount: { total: t.amount, currency: 'CNY', ...(t.state === 'SUCCESS' ? { payer_total: t.amount } : {}) },
      })
    }
    if (method === 'POST' && url.pathname === '/v3/refund/domestic/refunds') {
      const t = trades.get(String(body.out_trade_no))
      const a = body.amount as { refund?: number; total?: number } | undefined
      if (!t) return send(404, { code: 'RESOURCE_NOT_EXISTS', message: '订单不存在' })
      if (t.partner && body.sub_mchid !== t.sub_mchid) return paramError('sub_mchid')
      if (t.state !== 'SUCCESS' && t.state !== 'REFUND') return send(403, { code: 'TRADE_ERROR', message: '订单未支付' })
      if (!a || a.total !== t.amount || typeof a.refund !== 'number' || a.refund < 1 || a.refund > t.amount) return paramError('amount')
      const no = String(body.out_refund_no)
      const r: DoubleRefund = refunds.get(no) ?? { out_refund_no: no, out_trade_no: t.out_trade_no, sub_mchid: t.sub_mchid, refund: a.refund, total: a.total, status: 'PROCESSING', notify_url: typeof body.notify_url === 'string' ? body.notify_url : null }
      refunds.set(no, r)
      return send(200, { refund_id: `50300${no.slice(-10)}`, out_refund_no: no, out_trade_no: t.out_trade_no, status: r.status, amount: { refund: r.refund, total: r.total, currency: 'CNY' } })
    }
    const refundNo = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(url.pathname)
    if (method === 'GET' && refundNo) {
      const r = refunds.get(decodeURIComponent(refundNo[1]))
      if (!r) return send(404, { code: 'RESOURCE_NOT_EXISTS', message: '退款单不存在' })
      return send(200, { out_refund_no: r.out_refund_no, out_trade_no: r.out_trade_no, status: r.status, amount: { refund: r.refund, total: r.total, currency: 'CNY' } })
    }
    return send(404, { code: 'NOT_FOUND', message: `no such API in the double: ${method} ${url.pathname}` })
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  ;(double as { url: string }).url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return double
}
