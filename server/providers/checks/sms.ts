import { ConfigError, envText, type Env } from '../../env'
import type { Finding } from './keys'

/**
 * The SMS sender (login and sign-up codes), checked offline by name (docs/going-live.md "SMS"). SMS_PROVIDER names the
 * sender; Tencent Cloud SMS takes a SecretId/SecretKey, the SMS application's SdkAppId, an approved signature and an
 * approved template (one parameter: the code). Without a sender a production server refuses to text ("sms_not_configured").
 */

import { SMS_SECRETS, SMS_VARIABLES } from '../sms/config'

export { SMS_SECRETS, SMS_VARIABLES }

const SHAPES: Partial<Record<(typeof SMS_VARIABLES)[number], readonly [RegExp, string]>> = {
  TENCENT_SMS_SECRET_ID: [/^AKID[0-9A-Za-z]{16,}$/, 'a SecretId (AKID…)'],
  TENCENT_SMS_SDK_APP_ID: [/^14\d{8}$/, 'an SMS SdkAppId (10 digits, 14…)'],
  TENCENT_SMS_TEMPLATE_ID: [/^\d{4,10}$/, 'a template id (digits)'],
  TENCENT_SMS_REGION: [/^[a-z]{2}-[a-z]+$/, 'a region (ap-guangzhou, ap-beijing, ap-nanjing)'],
}
const REQUIRED = ['TENCENT_SMS_SECRET_ID', 'TENCENT_SMS_SECRET_KEY', 'TENCENT_SMS_SDK_APP_ID', 'TENCENT_SMS_SIGN_NAME', 'TENCENT_SMS_TEMPLATE_ID'] as const

export function checkSms(env: Env): Finding[] {
  const out: Finding[] = []
  const v: Partial<Record<(typeof SMS_VARIABLES)[number], string>> = {}
  for (const name of SMS_VARIABLES) {
    try {
      v[name] = envText(env, name)
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error
      for (const p of error.problems) out.push({ level: 'fail', variable: p.variable, message: p.problem })
    }
  }
  const tencent = SMS_VARIABLES.filter((n) => n.startsWith('TENCENT_') && v[n] !== undefined)
  if (!v.SMS_PROVIDER) {
    if (tencent.length > 0) out.push({ level: 'warn', variable: 'SMS_PROVIDER', message: `not set, so no SMS is sent, though ${tencent.join(', ')} ${tencent.length > 1 ? 'are' : 'is'} set (SMS_PROVIDER=tencent sends with them)` })
    else out.push({ level: 'info', message: 'not configured (SMS_PROVIDER unset): login codes are refused with "sms_not_configured" outside the sandbox' })
    return out
  }
  if (v.SMS_PROVIDER !== 'tencent') {
    out.push({ level: 'info', variable: 'SMS_PROVIDER', message: `"${v.SMS_PROVIDER}": checked by its own provider module only` })
    return out
  }
  for (const name of REQUIRED) if (!v[name]) out.push({ level: 'fail', variable: name, message: 'not set, and SMS_PROVIDER=tencent needs it' })
  for (const [name, shape] of Object.entries(SHAPES) as Array<[keyof typeof SHAPES, readonly [RegExp, string]]>) {
    const value = v[name]
    if (value && !shape[0].test(value)) out.push({ level: 'fail', variable: name, message: `${name === 'TENCENT_SMS_SECRET_ID' ? 'this value' : `"${value}"`} is not ${shape[1]}` })
  }
  if (v.TENCENT_SMS_SIGN_NAME) out.push({ level: 'info', variable: 'TENCENT_SMS_SIGN_NAME', message: `texts are signed 【${v.TENCENT_SMS_SIGN_NAME}】 (must be the approved signature, character for character)` })
  return out
}
