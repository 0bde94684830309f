import type { Env } from '../env'
import { ALIPAY_SECRETS, ALIPAY_VARIABLES, checkAlipay } from './checks/alipay'
import type { Finding } from './checks/keys'
import { checkSms, SMS_SECRETS, SMS_VARIABLES } from './checks/sms'
import { checkWechat, WECHAT_SECRETS, WECHAT_VARIABLES } from './checks/wechat'
import { checkWechatPay, WECHATPAY_SECRETS, WECHATPAY_VARIABLES } from './checks/wechatpay'
import { readWechatPayConfig } from './wechatpay/config'
import { check as checkAlipayConfig, readAlipayConfig } from './alipay/config'
import { readSmsConfig } from './sms/config'
import { readWechatConfig } from './wechat/config'

export type { Finding } from './checks/keys'

/**
 * The outside providers' configurations, in one list (issue 40): the server's configuration (server/http/config.ts
 * readConfig) reads each once at start, `npm run doctor` prints and checks each, and the test of .env.example reads their
 * variables from here.
 *
 * Each provider's folder (server/providers/<name>/config.ts) exports `read<Provider>Config(env): Config | null` — null when
 * not configured, an Error whose message starts with the variable's name when half configured — and may export a `check`
 * for the doctor. The offline checks by the variables' names in ./checks/ run first: a definite mistake stops the start
 * there, naming every wrong variable.
 */
export interface ProviderConfigEntry {
  /** The folder under server/providers/. */
  name: 'wechatpay' | 'alipay' | 'wechat' | 'sms'
  /** As docs/going-live.md heads its section. */
  title: string
  /** Every variable it reads (each may also come from NAME_FILE). */
  variables: readonly string[]
  /** Those never printed (the doctor says only whether they are set, and from where). */
  secrets: readonly string[]
  /** read<Provider>Config: null = not configured; throws (message starting with the variable's name) when half configured. */
  read?: (env: Env) => unknown
  /** Offline checks (key pairs, certificate dates, shapes): a 'fail' stops the start and fails `npm run doctor`. */
  check?: (env: Env) => Finding[]
}

export const PROVIDER_CONFIGS: readonly ProviderConfigEntry[] = [
  { name: 'wechatpay', title: 'WeChat Pay', variables: WECHATPAY_VARIABLES, secrets: WECHATPAY_SECRETS, read: readWechatPayConfig, check: checkWechatPay },
  // Alipay: each variable checked by its name first (./checks/alipay.ts: every wrong one named); when none fails, the
  // provider's own check of the configuration as the server reads it (the app's public key to compare, what no offline
  // check can tell).
  {
    name: 'alipay',
    title: 'Alipay',
    variables: ALIPAY_VARIABLES,
    secrets: ALIPAY_SECRETS,
    read: readAlipayConfig,
    check: (env) => {
      const findings = checkAlipay(env)
      return findings.some((f) => f.level === 'fail') ? findings : checkAlipayConfig(env)
    },
  },
  { name: 'wechat', title: "WeChat login and WeChat's server API", variables: WECHAT_VARIABLES, secrets: WECHAT_SECRETS, read: readWechatConfig, check: checkWechat },
  { name: 'sms', title: 'SMS', variables: SMS_VARIABLES, secrets: SMS_SECRETS, read: readSmsConfig, check: checkSms },
]

/** What each provider's read<Provider>Config answered (null: not configured), by name. */
export type ProviderConfigs = Readonly<Partial<Record<ProviderConfigEntry['name'], unknown>>>
