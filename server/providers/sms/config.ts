import { z } from 'zod'
import { configError, envText, type Env } from '../../env'

/**
 * The SMS sender's configuration (issue 40; docs/decisions/2026-12-06-sms-provider.md). SMS_PROVIDER names the sender —
 * `tencent` (Tencent Cloud SMS) is the one there is; unset: no sender (a production server refuses codes with
 * sms_not_configured; the sandbox keeps its own). With SMS_PROVIDER=tencent every TENCENT_SMS_* below but the region and
 * the endpoint must be set; the secret key may come from a file (TENCENT_SMS_SECRET_KEY_FILE).
 */

export const SMS_VARIABLES = [
  'SMS_PROVIDER',
  'TENCENT_SMS_SECRET_ID',
  'TENCENT_SMS_SECRET_KEY',
  'TENCENT_SMS_SDK_APP_ID',
  'TENCENT_SMS_SIGN_NAME',
  'TENCENT_SMS_TEMPLATE_ID',
  'TENCENT_SMS_REGION',
  'TENCENT_SMS_ENDPOINT',
] as const
export const SMS_SECRETS = ['TENCENT_SMS_SECRET_ID', 'TENCENT_SMS_SECRET_KEY'] as const

/** Tencent Cloud's SMS host: the host every request is signed for. */
export const TENCENT_SMS_HOST = 'sms.tencentcloudapi.com'

export interface TencentSmsConfig {
  provider: 'tencent'
  secretId: string
  secretKey: string
  /** The SMS application's SdkAppId (10 digits, 14…). */
  sdkAppId: string
  /** The approved signature, character for character (without 【】). */
  signName: string
  /** The approved template; its one parameter is the code. */
  templateId: string
  region: string
  /**
   * Where requests go: null = https://sms.tencentcloudapi.com. A URL (http://127.0.0.1:port — the tests' double, or a
   * forwarding proxy): requests are sent to that address, still signed for sms.tencentcloudapi.com.
   */
  endpoint: string | null
}

export type SmsConfig = TencentSmsConfig

const Tencent = z.object({
  TENCENT_SMS_SECRET_ID: z.string({ required_error: 'not set, and SMS_PROVIDER=tencent needs it' }).regex(/^AKID[0-9A-Za-z]{16,}$/, 'this value is not a SecretId (AKID…)'),
  TENCENT_SMS_SECRET_KEY: z.string({ required_error: 'not set, and SMS_PROVIDER=tencent needs it' }).min(16, 'too short for a SecretKey'),
  TENCENT_SMS_SDK_APP_ID: z.string({ required_error: 'not set, and SMS_PROVIDER=tencent needs it' }).regex(/^14\d{8}$/, 'is not an SMS SdkAppId (10 digits, 14…)'),
  TENCENT_SMS_SIGN_NAME: z.string({ required_error: 'not set, and SMS_PROVIDER=tencent needs it' }).max(20, 'is longer than a signature (20 characters)'),
  TENCENT_SMS_TEMPLATE_ID: z.string({ required_error: 'not set, and SMS_PROVIDER=tencent needs it' }).regex(/^\d{4,10}$/, 'is not a template id (digits)'),
  TENCENT_SMS_REGION: z.string().regex(/^[a-z]{2}-[a-z]+$/, 'is not a region (ap-guangzhou, ap-beijing, ap-nanjing)').default('ap-guangzhou'),
  TENCENT_SMS_ENDPOINT: z
    .string()
    .regex(/^(https:\/\/[A-Za-z0-9.-]+|http:\/\/(127\.0\.0\.1|localhost))(:\d{1,5})?\/?$/, 'is not an https address (https://host[:port]; http only on 127.0.0.1)')
    .optional(),
})

/** The sender's configuration; null when SMS_PROVIDER is unset; an Error naming the variable when half configured. */
export function readSmsConfig(env: Env): SmsConfig | null {
  const provider = envText(env, 'SMS_PROVIDER')
  if (!provider) return null
  if (provider !== 'tencent') throw configError('SMS_PROVIDER', `"${provider}" is not a sender this server has (tencent)`)
  const values = Object.fromEntries(SMS_VARIABLES.filter((n) => n.startsWith('TENCENT_')).map((n) => [n, envText(env, n)]).filter(([, v]) => v !== undefined))
  const parsed = Tencent.safeParse(values)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw configError(String(issue.path[0]), issue.message)
  }
  const v = parsed.data
  return {
    provider: 'tencent',
    secretId: v.TENCENT_SMS_SECRET_ID,
    secretKey: v.TENCENT_SMS_SECRET_KEY,
    sdkAppId: v.TENCENT_SMS_SDK_APP_ID,
    signName: v.TENCENT_SMS_SIGN_NAME,
    templateId: v.TENCENT_SMS_TEMPLATE_ID,
    region: v.TENCENT_SMS_REGION,
    endpoint: v.TENCENT_SMS_ENDPOINT ? v.TENCENT_SMS_ENDPOINT.replace(/\/$/, '') : null,
  }
}
