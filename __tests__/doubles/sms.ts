import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A local double of Tencent Cloud SMS (API 3.0, `SendSms` of 2021-01-11) on 127.0.0.1, built from Tencent Cloud's published
 * protocol (issue 40): a POST of JSON to `/` with X-TC-Action / X-TC-Version / X-TC-Timestamp / X-TC-Region and an
 * `Authorization: TC3-HMAC-SHA256 Credential=<SecretId>/<date>/<service>/tc3_request, SignedHeaders=…, Signature=…` header.
 * The double recomputes the signature with the SecretKey it was made with (keys are made per run: `smsKeys()`) and
 * refuses a wrong one (`AuthFailure.SignatureFailure`), another SecretId (`AuthFailure.SecretIdNotFound`), a timestamp
 * more than 5 minutes off (`AuthFailure.SignatureExpire`), a service or host that is not SMS's.
 *
 * Each request takes the next behaviour queued with `next(…)` (then `ok`): `ok` (SendStatusSet[0].Code "Ok", the text kept
 * in `texts`), a status code for the number (`LimitExceeded.PhoneNumberDailyLimit`, `InternalError.Timeout` …), an error of
 * the whole request (`{ error: 'InternalError' }`), `timeout` (never answers), or `5xx` (a 502 page). `GET /__texts?phone=`
 * answers the texts kept (for a browser journey in another process).
 */

export const SMS_HOST = 'sms.tencentcloudapi.com'

export type SmsBehaviour = 'ok' | 'timeout' | '5xx' | { status: string } | { error: string }

export interface SmsText {
  phone: string
  params: string[]
  sign: string
  template: string
  session: string
  at: number
}

export interface SmsDouble {
  url: string
  secretId: string
  secretKey: string
  sdkAppId: string
  signName: string
  templateId: string
  /** Texts sent, oldest first. */
  texts: SmsText[]
  /** Requests that reached the double (signed or not). */
  requests: number
  /** Signatures refused. */
  refusedSignatures: number
  /** The behaviours of the next requests, in order. */
  next(...behaviours: SmsBehaviour[]): void
  /** The environment that points the server's sender here. */
  env(): Record<string, string>
  close(): Promise<void>
}

export function smsKeys(): { secretId: string; secretKey: string } {
  return { secretId: `AKID${crypto.randomBytes(12).toString('hex')}`, secretKey: crypto.randomBytes(16).toString('hex') }
}

const sha256hex = (text: string | Buffer) => crypto.createHash('sha256').update(text).digest('hex')
const hmac = (key: Buffer | string, text: string) => crypto.createHmac('sha256', key).update(text).digest()

/** TC3-HMAC-SHA256 as Tencent Cloud documents it, from what arrived: the expected signature, or why it cannot be checked. */
function expectedSignature(req: http.IncomingMessage, body: Buffer, secretKey: string, auth: { date: string; service: string; signedHeaders: string[] }, timestamp: string): string {
  const headers = auth.signedHeaders.map((name) => `${name}:${String(req.headers[name] ?? '').trim().toLowerCase()}\n`).join('')
  const url = new URL(req.url ?? '/', 'http://x')
  const canonical = [req.method ?? 'POST', url.pathname, url.search.slice(1), headers, auth.signedHeaders.join(';'), sha256hex(body)].join('\n')
  const toSign = ['TC3-HMAC-SHA256', timestamp, `${auth.date}/${auth.service}/tc3_request`, sha256hex(canonical)].join('\n')
  const kDate = hmac(`TC3${secretKey}`, auth.date)
  const kService = hmac(kDate, auth.service)
  const kSigning = hmac(kService, 'tc3_request')
  return crypto.createHmac('sha256', kSigning).update(toSign).digest('hex')
}

export async function startSmsDouble(o: { sdkAppId?: string; signName?: string; templateId?: string } = {}): Promise<SmsDouble> {
  const { secretId, secretKey } = smsKeys()
  const sdkAppId = o.sdkAppId ?? '1400123456'
  const signName = o.signName ?? '一卡通'
  const templateId = o.templateId ?? '123456'
  const queue: SmsBehaviour[] = []
  const held = new Set<http.ServerResponse>()
  const texts: SmsText[] = []

  const server = http.createServer((req, res) => {
    // One request per connection: a kept-alive socket this server closes while a slow client reuses it is a reset
    // (ECONNRESET) that says nothing about the provider's protocol.
    res.setHeader('connection', 'close')
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      if (req.method === 'GET' && req.url?.startsWith('/__texts')) {
        const phone = new URL(req.url, 'http://x').searchParams.get('phone')
        res.setHeader('Content-Type', 'application/json')
        return res.end(JSON.stringify(texts.filter((t) => !phone || t.phone === phone)))
      }
      double.requests++
      const requestId = crypto.randomUUID()
      const answer = (response: Record<string, unknown>) => {
        res.setHeader('Content-Type', 'application/json')
        res.end(JSON.stringify({ Response: { ...response, RequestId: requestId } }))
      }
      const refuse = (code: string, message: string) => answer({ Error: { Code: code, Message: message } })

      // The signature first: nothing is believed of a request that is not Tencent-signed with our key.
      const m = /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([^/]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(String(req.headers.authorization ?? ''))
      const timestamp = String(req.headers['x-tc-timestamp'] ?? '')
      if (!m) return refuse('AuthFailure.SignatureFailure', 'The Authorization header is not TC3-HMAC-SHA256.')
      const [, id, date, service, signed, signature] = m
      const signedHeaders = signed.split(';')
      if (id !== secretId) {
        double.refusedSignatures++
        return refuse('AuthFailure.SecretIdNotFound', 'The SecretId is not found.')
      }
      if (service !== 'sms' || String(req.headers.host ?? '') !== SMS_HOST || !signedHeaders.includes('host') || !signedHeaders.includes('content-type')) {
        double.refusedSignatures++
        return refuse('AuthFailure.SignatureFailure', 'The service, host or signed headers are not SMS’s.')
      }
      const seconds = Number(timestamp)
      if (!/^\d+$/.test(timestamp) || Math.abs(Date.now() / 1000 - seconds) > 300 || new Date(seconds * 1000).toISOString().slice(0, 10) !== date) {
        double.refusedSignatures++
        return refuse('AuthFailure.SignatureExpire', 'The signature expired (or its timestamp is not its date).')
      }
      const expected = expectedSignature(req, body, secretKey, { date, service, signedHeaders }, timestamp)
      if (!crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(signature))) {
        double.refusedSignatures++
        return refuse('AuthFailure.SignatureFailure', 'The signature is wrong.')
      }
      if (req.headers['x-tc-action'] !== 'SendSms' || req.headers['x-tc-version'] !== '2021-01-11') return refuse('InvalidAction', 'Only SendSms of 2021-01-11.')

      let p: { PhoneNumberSet?: string[]; SmsSdkAppId?: string; SignName?: string; TemplateId?: string; TemplateParamSet?: string[]; SessionContext?: string }
      try {
        p = JSON.parse(body.toString('utf8')) as typeof p
      } catch {
        return refuse('InvalidParameter', 'The body is not JSON.')
      }
      if (p.SmsSdkAppId !== sdkAppId) return refuse('FailedOperation.SmsSdkAppIdVerifyFail', 'SdkAppId not found.')
      if (p.SignName !== signName) return refuse('FailedOperation.SignatureIncorrectOrUnapproved', 'Signature incorrect or unapproved.')
      if (p.TemplateId !== templateId) return refuse('FailedOperation.TemplateIncorrectOrUnapproved', 'Template incorrect or unapproved.')
      const phone = p.PhoneNumberSet?.[0] ?? ''
      if (!/^\+861\d{10}$/.test(phone) || p.PhoneNumberSet?.length !== 1) return refuse('InvalidParameterValue.IncorrectPhoneNumber', 'Incorrect phone number.')

      const behaviour = queue.shift() ?? 'ok'
      if (behaviour === 'timeout') {
        held.add(res)
        res.on('close', () => held.delete(res))
        return
      }
      if (behaviour === '5xx') {
        res.statusCode = 502
        res.setHeader('Content-Type', 'text/html')
        return res.end('<html><body>502 Bad Gateway</body></html>')
      }
      if (typeof behaviour === 'object' && 'error' in behaviour) return refuse(behaviour.error, 'As the test asked.')
      const code = behaviour === 'ok' ? 'Ok' : behaviour.status
      if (code === 'Ok') texts.push({ phone: phone.slice(3), params: p.TemplateParamSet ?? [], sign: p.SignName, template: p.TemplateId, session: p.SessionContext ?? '', at: Date.now() })
      answer({
        SendStatusSet: [{ SerialNo: crypto.randomUUID(), PhoneNumber: phone, Fee: code === 'Ok' ? 1 : 0, SessionContext: p.SessionContext ?? '', Code: code, Message: code === 'Ok' ? 'send success' : 'as the test asked', IsoCode: 'CN' }],
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const double: SmsDouble = {
    url,
    secretId,
    secretKey,
    sdkAppId,
    signName,
    templateId,
    texts,
    requests: 0,
    refusedSignatures: 0,
    next: (...b) => void queue.push(...b),
    env: () => ({
      SMS_PROVIDER: 'tencent',
      TENCENT_SMS_SECRET_ID: secretId,
      TENCENT_SMS_SECRET_KEY: secretKey,
      TENCENT_SMS_SDK_APP_ID: sdkAppId,
      TENCENT_SMS_SIGN_NAME: signName,
      TENCENT_SMS_TEMPLATE_ID: templateId,
      TENCENT_SMS_ENDPOINT: url,
    }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held) res.destroy()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  return double
}
