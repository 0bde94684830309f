import http from 'node:http'
import https from 'node:https'
import net from 'node:net'
import tls from 'node:tls'
import type { Client } from 'tencentcloud-sdk-nodejs-sms/tencentcloud/services/sms/v20210111/sms_client'
import { TENCENT_SMS_HOST, type TencentSmsConfig } from './config'
import type { SmsRefusal, SmsSender } from './types'

/**
 * Tencent Cloud SMS through its official SDK (tencentcloud-sdk-nodejs-sms: API 3.0 `SendSms` of 2021-01-11, signed
 * TC3-HMAC-SHA256 by the SDK; docs/decisions/2026-12-06-sms-provider.md). One number per request. The answer's
 * `SendStatusSet[0].Code` says what became of the text: `Ok`, or why not. Errors of the whole request come as
 * `Response.Error.Code` (the SDK throws them with `code`); a network failure, a timeout or a 5xx throw without one.
 *
 * - `LimitExceeded.*` (the number's 30 s / hour / day limits at Tencent): the shopper is told, never tried again.
 * - `InternalError*`, `RequestLimitExceeded` (our account's calls per second), a 5xx, the network, a timeout: tried again,
 *   `attempts` times in all, `backoffMs` apart (doubling); then the send throws. A try that timed out may still have been
 *   delivered: the shopper may get the code twice (Tencent's SendSms has no idempotency key) — the same code, so harmless.
 * - a number Tencent will not text (`InvalidParameterValue.IncorrectPhoneNumber`, a blacklisted number): `sms_phone_rejected`;
 * - anything else (signature or template not approved, keys, balance, …): `sms_send_failed`, its code in `detail` for the log.
 */

export interface TencentSenderOptions {
  /** Tries in all for a transient failure (default 3). */
  attempts?: number
  /** The wait before the second try, doubled for each further one (default 250 ms). */
  backoffMs?: number
  /** One try's time limit (default 5000 ms). */
  timeoutMs?: number
}

/** What a failed try was: tried again, or answered. */
type Failure = { transient: true; detail: string } | { transient: false; refusal: SmsRefusal; detail: string }

const PHONE_REJECTED = new Set([
  'InvalidParameterValue.IncorrectPhoneNumber',
  'FailedOperation.PhoneNumberInBlacklist',
  'FailedOperation.PhoneNumberOnBlacklist',
  'UnsupportedOperation.UnsupportedRegion',
  'UnsupportedOperation.ContainDomesticAndInternationalPhoneNumber',
])

/** A Tencent error code (of the whole request or of one number's status): what it means for the shopper. */
export function classifyTencentCode(code: string): Failure {
  if (code.startsWith('LimitExceeded.')) return { transient: false, refusal: 'sms_provider_limited', detail: code }
  if (code === 'InternalError' || code.startsWith('InternalError.') || code === 'RequestLimitExceeded') return { transient: true, detail: code }
  if (PHONE_REJECTED.has(code)) return { transient: false, refusal: 'sms_phone_rejected', detail: code }
  return { transient: false, refusal: 'sms_send_failed', detail: code }
}

/** The SDK's exception: `code` from the answer's Error, `httpCode` for a non-200 status; neither for the network. */
function classifyThrown(error: unknown): Failure {
  const e = error as { code?: unknown; httpCode?: unknown; message?: unknown }
  if (typeof e.code === 'string' && e.code) return classifyTencentCode(e.code)
  if (typeof e.httpCode === 'number') return e.httpCode >= 500 || e.httpCode === 429 ? { transient: true, detail: `HTTP ${e.httpCode}` } : { transient: false, refusal: 'sms_send_failed', detail: `HTTP ${e.httpCode}` }
  // A network failure or the time limit (node-fetch's FetchError, wrapped by the SDK): the message names no secret.
  return { transient: true, detail: String(e.message ?? 'network error').slice(0, 200) }
}

/**
 * An agent that connects every request to `target` (the tests' double on 127.0.0.1, or a forwarding proxy) while the
 * request itself — its URL, Host header and signature — stays Tencent's (sms.tencentcloudapi.com).
 */
function agentTo(target: URL): http.Agent {
  const port = Number(target.port || (target.protocol === 'https:' ? 443 : 80))
  if (target.protocol === 'https:') {
    const agent = new https.Agent({ keepAlive: true })
    agent.createConnection = () => tls.connect({ host: target.hostname, port, servername: TENCENT_SMS_HOST })
    return agent
  }
  const agent = new http.Agent({ keepAlive: true })
  agent.createConnection = () => net.connect({ host: target.hostname, port })
  return agent
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export function tencentSmsSender(config: TencentSmsConfig, options: TencentSenderOptions = {}): SmsSender {
  const attempts = Math.max(1, options.attempts ?? 3)
  const backoffMs = options.backoffMs ?? 250
  const target = config.endpoint ? new URL(config.endpoint) : null
  // The SDK is loaded on the first text, not at start (it takes ~250 ms to load; a server without a sender never does).
  let client: Promise<Client> | null = null
  const clientOf = (): Promise<Client> =>
    (client ??= import('tencentcloud-sdk-nodejs-sms/tencentcloud/services/sms/v20210111/sms_client').then(
      ({ Client: SmsClient }) =>
        new SmsClient({
          credential: { secretId: config.secretId, secretKey: config.secretKey },
          region: config.region,
          profile: {
            httpProfile: {
              endpoint: TENCENT_SMS_HOST,
              protocol: target?.protocol === 'http:' ? 'http://' : 'https://',
              reqTimeout: (options.timeoutMs ?? 5000) / 1000,
              ...(target ? { agent: agentTo(target) } : {}),
            },
          },
        }),
    ))

  async function once(phone: string, code: string, scene: string): Promise<{ sent: true } | Failure> {
    let answer: Awaited<ReturnType<Client['SendSms']>>
    try {
      answer = await (await clientOf()).SendSms({
        PhoneNumberSet: [`+86${phone}`],
        SmsSdkAppId: config.sdkAppId,
        SignName: config.signName,
        TemplateId: config.templateId,
        TemplateParamSet: [code],
        SessionContext: scene,
      })
    } catch (error) {
      return classifyThrown(error)
    }
    const status = answer.SendStatusSet?.[0]
    if (!status?.Code) return { transient: true, detail: 'no SendStatusSet in the answer' }
    return status.Code === 'Ok' ? { sent: true } : classifyTencentCode(status.Code)
  }

  return {
    name: 'tencent',
    async send(phone, code, scene) {
      let last = ''
      for (let attempt = 1; attempt <= attempts; attempt++) {
        if (attempt > 1) await wait(backoffMs * 2 ** (attempt - 2))
        const result = await once(phone, code, scene)
        if ('sent' in result) return result
        if (!result.transient) return { refused: result.refusal, detail: result.detail }
        last = result.detail
      }
      throw new Error(`Tencent SMS did not answer after ${attempts} tries: ${last}`)
    },
  }
}
