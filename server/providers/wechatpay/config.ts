import crypto from 'node:crypto'
import fs from 'node:fs'
import { z } from 'zod'

/**
 * WeChat Pay's configuration (API v3), read once at start (server/providers/README.md). None of its variables set: not
 * configured (null). Some set but not all it needs, or a key that does not match its certificate: an Error whose message
 * starts with the variable's name, and the start stops. Keys and certificates come from the variable or from a file
 * (`NAME_FILE`). Variables:
 * - WXPAY_MCH_ID — the merchant number (in service-provider mode, the service provider's: sp_mchid).
 * - WXPAY_MCH_SERIAL_NO — the serial number of the merchant's API certificate (hex); may be left out when
 *   WXPAY_MCH_CERT(_FILE) is given (read from it).
 * - WXPAY_PRIVATE_KEY(_FILE) — the merchant's API private key (apiclient_key.pem).
 * - WXPAY_MCH_CERT(_FILE) — optional: the merchant's API certificate (apiclient_cert.pem): the private key must match it.
 * - WXPAY_API_V3_KEY — the API v3 key (32 characters), which decrypts notifications.
 * - WXPAY_PLATFORM_CERT(_FILE) — WeChat Pay's platform certificate(s), PEM (several may follow one another), and/or
 * - WXPAY_PUBLIC_KEY(_FILE) + WXPAY_PUBLIC_KEY_ID — WeChat Pay's public key and its id (`PUB_KEY_ID_…`): the two ways WeChat
 *   Pay signs its answers and notifications; a merchant has one or both during a switch.
 * - WXPAY_APPID_MP, WXPAY_APPID_OA — the mini-program's and the official account's app ids (at least one).
 * - PUBLIC_URL (the server's, server/http/config.ts) — this server's public https origin; notifications come to
 *   /notify/wechatpay/pay and /refund: required once WeChat Pay is configured.
 * - WXPAY_SP_MODE=1 — service-provider mode (/v3/pay/partner/…): WXPAY_SP_APPID (the app id of H5 and Native payments;
 *   default the official account's), WXPAY_SUB_MCH_ID (the sub-merchant of orders no shop has one for: the platform's
 *   own sales), WXPAY_SUB_APPID (optional: the sub-merchant's own app — the payer is then its `sub_openid`).
 * - WXPAY_H5_TYPE (Wap | iOS | Android; default Wap), WXPAY_API_BASE (default https://api.mch.weixin.qq.com),
 *   WXPAY_TIMEOUT_MS (default 10000).
 */

/** The variables this reads (the start's "what is configured" and .env.example list them). */
export const WXPAY_VARIABLES = [
  'WXPAY_MCH_ID',
  'WXPAY_MCH_SERIAL_NO',
  'WXPAY_PRIVATE_KEY',
  'WXPAY_PRIVATE_KEY_FILE',
  'WXPAY_MCH_CERT',
  'WXPAY_MCH_CERT_FILE',
  'WXPAY_API_V3_KEY',
  'WXPAY_PLATFORM_CERT',
  'WXPAY_PLATFORM_CERT_FILE',
  'WXPAY_PUBLIC_KEY',
  'WXPAY_PUBLIC_KEY_FILE',
  'WXPAY_PUBLIC_KEY_ID',
  'WXPAY_APPID_MP',
  'WXPAY_APPID_OA',
  'WXPAY_SP_MODE',
  'WXPAY_SP_APPID',
  'WXPAY_SUB_MCH_ID',
  'WXPAY_SUB_APPID',
  'WXPAY_H5_TYPE',
  'WXPAY_API_BASE',
  'WXPAY_TIMEOUT_MS',
] as const

/** A platform certificate as configured: its serial (upper-case hex) and what it verifies with. */
export interface PlatformCert {
  serial: string
  key: crypto.KeyObject
  validTo: Date
}

export interface WechatPayConfig {
  mchid: string
  serialNo: string
  privateKey: crypto.KeyObject
  apiV3Key: string
  platformCerts: PlatformCert[]
  publicKey: { id: string; key: crypto.KeyObject } | null
  appIdMp: string | null
  appIdOa: string | null
  notifyUrl: string
  sp: { appId: string; subMchid: string | null; subAppId: string | null } | null
  h5Type: 'Wap' | 'iOS' | 'Android'
  apiBase: string
  timeoutMs: number
}

type Env = Record<string, string | undefined>

/** A variable's text, or its file's (`NAME_FILE`); both set is a mistake. (A private copy until server/env.ts lands.) */
function envText(env: Env, name: string): string | null {
  const direct = env[name]?.trim()
  const file = env[`${name}_FILE`]?.trim()
  if (direct && file) throw new Error(`${name}: set ${name} or ${name}_FILE, not both`)
  if (file) {
    try {
      return fs.readFileSync(file, 'utf8').trim()
    } catch (err) {
      throw new Error(`${name}_FILE: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? 'error'})`)
    }
  }
  return direct || null
}

const fail = (name: string, why: string) => new Error(`${name}: ${why}`)

/** Every PEM certificate in a text, in order. */
const pemCertificates = (text: string) => text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []

const schema = z.object({
  WXPAY_MCH_ID: z.string().regex(/^\d{8,12}$/, 'a merchant number of 8 to 12 digits'),
  WXPAY_API_V3_KEY: z.string().refine((k) => Buffer.byteLength(k, 'utf8') === 32, 'must be 32 characters'),
  WXPAY_APPID_MP: z.string().regex(/^wx[0-9a-f]{16}$/i, 'an app id like wx0123456789abcdef').nullable(),
  WXPAY_APPID_OA: z.string().regex(/^wx[0-9a-f]{16}$/i, 'an app id like wx0123456789abcdef').nullable(),
  PUBLIC_URL: z
    .string()
    .url('an https URL: this server as WeChat Pay reaches it')
    .refine((u) => /^https:\/\/[^/?#]+\/?$/.test(u), 'an https origin without a path (https://pay.example.com)'),
  WXPAY_PUBLIC_KEY_ID: z.string().regex(/^PUB_KEY_ID_\w+$/, 'WeChat Pay public key id, PUB_KEY_ID_…').nullable(),
  WXPAY_SP_MODE: z.enum(['0', '1', 'true', 'false']).nullable(),
  WXPAY_SP_APPID: z.string().regex(/^wx[0-9a-f]{16}$/i, 'an app id like wx0123456789abcdef').nullable(),
  WXPAY_SUB_MCH_ID: z.string().regex(/^\d{8,12}$/, 'a merchant number of 8 to 12 digits').nullable(),
  WXPAY_SUB_APPID: z.string().regex(/^wx[0-9a-f]{16}$/i, 'an app id like wx0123456789abcdef').nullable(),
  WXPAY_H5_TYPE: z.enum(['Wap', 'iOS', 'Android']).nullable(),
  WXPAY_API_BASE: z.string().url('a URL').nullable(),
  WXPAY_TIMEOUT_MS: z.string().regex(/^\d+$/, 'a number of milliseconds').nullable(),
})

/** WeChat Pay's configuration from the environment; null when none of its variables is set. */
export function readWechatPayConfig(env: Env): WechatPayConfig | null {
  if (!WXPAY_VARIABLES.some((name) => env[name]?.trim())) return null
  const text = (name: string) => envText(env, name)
  const plain = (name: string) => env[name]?.trim() || null
  const parsed = schema.safeParse({
    WXPAY_MCH_ID: plain('WXPAY_MCH_ID') ?? '',
    WXPAY_API_V3_KEY: plain('WXPAY_API_V3_KEY') ?? '',
    WXPAY_APPID_MP: plain('WXPAY_APPID_MP'),
    WXPAY_APPID_OA: plain('WXPAY_APPID_OA'),
    PUBLIC_URL: plain('PUBLIC_URL') ?? '',
    WXPAY_PUBLIC_KEY_ID: plain('WXPAY_PUBLIC_KEY_ID'),
    WXPAY_SP_MODE: plain('WXPAY_SP_MODE'),
    WXPAY_SP_APPID: plain('WXPAY_SP_APPID'),
    WXPAY_SUB_MCH_ID: plain('WXPAY_SUB_MCH_ID'),
    WXPAY_SUB_APPID: plain('WXPAY_SUB_APPID'),
    WXPAY_H5_TYPE: plain('WXPAY_H5_TYPE'),
    WXPAY_API_BASE: plain('WXPAY_API_BASE'),
    WXPAY_TIMEOUT_MS: plain('WXPAY_TIMEOUT_MS'),
  })
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const name = String(issue.path[0])
    throw fail(name, plain(name) === null && issue.code !== 'custom' ? 'must be set' : issue.message)
  }
  const v = parsed.data

  const keyText = text('WXPAY_PRIVATE_KEY')
  if (!keyText) throw fail('WXPAY_PRIVATE_KEY', 'must be set (or WXPAY_PRIVATE_KEY_FILE): the merchant API private key, apiclient_key.pem')
  let privateKey: crypto.KeyObject
  try {
    privateKey = crypto.createPrivateKey(keyText)
  } catch {
    throw fail('WXPAY_PRIVATE_KEY', 'not a PEM private key')
  }
  if (privateKey.asymmetricKeyType !== 'rsa' || (privateKey.asymmetricKeyDetails?.modulusLength ?? 0) < 2048) throw fail('WXPAY_PRIVATE_KEY', 'must be an RSA key of 2048 bits or more')

  let serialNo = plain('WXPAY_MCH_SERIAL_NO')?.toUpperCase() ?? null
  const certText = text('WXPAY_MCH_CERT')
  if (certText) {
    let cert: crypto.X509Certificate
    try {
      cert = new crypto.X509Certificate(certText)
    } catch {
      throw fail('WXPAY_MCH_CERT', 'not a PEM certificate')
    }
    if (!cert.checkPrivateKey(privateKey)) throw fail('WXPAY_PRIVATE_KEY', 'does not match the merchant certificate WXPAY_MCH_CERT')
    const certSerial = cert.serialNumber.toUpperCase()
    if (serialNo && serialNo !== certSerial) throw fail('WXPAY_MCH_SERIAL_NO', `does not match the merchant certificate WXPAY_MCH_CERT (its serial is ${certSerial})`)
    serialNo = certSerial
  }
  if (!serialNo) throw fail('WXPAY_MCH_SERIAL_NO', 'must be set (or give WXPAY_MCH_CERT): the serial number of the merchant API certificate')
  if (!/^[0-9A-F]{8,40}$/.test(serialNo)) throw fail('WXPAY_MCH_SERIAL_NO', 'a certificate serial number in hex')

  const platformText = text('WXPAY_PLATFORM_CERT')
  const platformCerts: PlatformCert[] = []
  if (platformText) {
    const pems = pemCertificates(platformText)
    if (pems.length === 0) throw fail('WXPAY_PLATFORM_CERT', 'no PEM certificate in it')
    for (const pem of pems) {
      let cert: crypto.X509Certificate
      try {
        cert = new crypto.X509Certificate(pem)
      } catch {
        throw fail('WXPAY_PLATFORM_CERT', 'not a PEM certificate')
      }
      const serial = cert.serialNumber.toUpperCase()
      // The merchant's own certificate here would let a forged answer signed with the merchant's key pass.
      if (serial === serialNo) throw fail('WXPAY_PLATFORM_CERT', "holds the merchant's own certificate: give WeChat Pay's platform certificate")
      platformCerts.push({ serial, key: cert.publicKey, validTo: new Date(cert.validTo) })
    }
  }
  const publicKeyText = text('WXPAY_PUBLIC_KEY')
  let publicKey: WechatPayConfig['publicKey'] = null
  if (publicKeyText || v.WXPAY_PUBLIC_KEY_ID) {
    if (!publicKeyText) throw fail('WXPAY_PUBLIC_KEY', 'must be set (or WXPAY_PUBLIC_KEY_FILE) with WXPAY_PUBLIC_KEY_ID')
    if (!v.WXPAY_PUBLIC_KEY_ID) throw fail('WXPAY_PUBLIC_KEY_ID', 'must be set with WXPAY_PUBLIC_KEY: its PUB_KEY_ID_…')
    let key: crypto.KeyObject
    try {
      key = crypto.createPublicKey(publicKeyText)
    } catch {
      throw fail('WXPAY_PUBLIC_KEY', 'not a PEM public key')
    }
    publicKey = { id: v.WXPAY_PUBLIC_KEY_ID, key }
  }
  if (platformCerts.length === 0 && !publicKey) throw fail('WXPAY_PUBLIC_KEY', 'set WXPAY_PUBLIC_KEY and WXPAY_PUBLIC_KEY_ID, or WXPAY_PLATFORM_CERT: what verifies WeChat Pay\'s answers and notifications')
  if (!v.WXPAY_APPID_MP && !v.WXPAY_APPID_OA) throw fail('WXPAY_APPID_MP', 'set WXPAY_APPID_MP or WXPAY_APPID_OA (the mini-program\'s, the official account\'s app id)')

  const spMode = v.WXPAY_SP_MODE === '1' || v.WXPAY_SP_MODE === 'true'
  let sp: WechatPayConfig['sp'] = null
  if (spMode) {
    const appId = v.WXPAY_SP_APPID ?? v.WXPAY_APPID_OA ?? v.WXPAY_APPID_MP
    if (!appId) throw fail('WXPAY_SP_APPID', 'must be set in service-provider mode')
    if (!v.WXPAY_SUB_MCH_ID) throw fail('WXPAY_SUB_MCH_ID', "must be set in service-provider mode: the sub-merchant of the platform's own sales")
    sp = { appId, subMchid: v.WXPAY_SUB_MCH_ID, subAppId: v.WXPAY_SUB_APPID }
  }
  return {
    mchid: v.WXPAY_MCH_ID,
    serialNo,
    privateKey,
    apiV3Key: v.WXPAY_API_V3_KEY,
    platformCerts,
    publicKey,
    appIdMp: v.WXPAY_APPID_MP,
    appIdOa: v.WXPAY_APPID_OA,
    notifyUrl: v.PUBLIC_URL.replace(/\/$/, ''),
    sp,
    h5Type: v.WXPAY_H5_TYPE ?? 'Wap',
    apiBase: (v.WXPAY_API_BASE ?? 'https://api.mch.weixin.qq.com').replace(/\/$/, ''),
    timeoutMs: v.WXPAY_TIMEOUT_MS ? Number(v.WXPAY_TIMEOUT_MS) : 10_000,
  }
}
