import { ConfigError, envSource, envText, type Env } from '../../env'
import { certificateDates, certificateOf, fingerprintOf, privateKeyOf, publicKeyOf, rsaBits, samePair, type Finding } from './keys'

/**
 * WeChat Pay API v3, checked offline by its variables' names (docs/going-live.md "WeChat Pay"): what the doctor prints
 * and what stops a start when it is definitely wrong. The provider's own config (server/providers/wechatpay/config.ts
 * readWechatPayConfig) reads the same variables; these checks only look, they configure nothing.
 */

export const WECHATPAY_VARIABLES = [
  'WXPAY_SP_MODE',
  'WXPAY_MCH_ID',
  'WXPAY_MCH_SERIAL_NO',
  'WXPAY_PRIVATE_KEY',
  'WXPAY_MCH_CERT',
  'WXPAY_API_V3_KEY',
  'WXPAY_PLATFORM_CERT',
  'WXPAY_PUBLIC_KEY',
  'WXPAY_PUBLIC_KEY_ID',
  'WXPAY_APPID_MP',
  'WXPAY_APPID_OA',
] as const
export const WECHATPAY_SECRETS = ['WXPAY_PRIVATE_KEY', 'WXPAY_API_V3_KEY'] as const

/** Any of these set means the operator meant to configure WeChat Pay (WXPAY_SP_MODE alone does not). */
const MEANT = WECHATPAY_VARIABLES.filter((v) => v !== 'WXPAY_SP_MODE')

const APP_ID = /^wx[0-9a-f]{16}$/
const MCH_ID = /^\d{8,12}$/
const SERIAL = /^[0-9A-Fa-f]{8,40}$/
const PUB_KEY_ID = /^PUB_KEY_ID_\d{10,}$/

/** NAME's text, or undefined; a NAME + NAME_FILE conflict or an unreadable file becomes a failure finding. */
function read(env: Env, name: string, out: Finding[]): string | undefined {
  try {
    return envText(env, name)
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    for (const p of error.problems) out.push({ level: 'fail', variable: p.variable, message: p.problem })
    return undefined
  }
}

export function checkWechatPay(env: Env): Finding[] {
  const out: Finding[] = []
  const set = MEANT.filter((name) => {
    try {
      return envSource(env, name) !== null
    } catch {
      return true
    }
  })
  if (set.length === 0) return [{ level: 'info', message: 'not configured (no WXPAY_* set): WeChat Pay payments are refused' }]

  const v = Object.fromEntries(WECHATPAY_VARIABLES.map((name) => [name, read(env, name, out)])) as Record<(typeof WECHATPAY_VARIABLES)[number], string | undefined>
  const need = (name: string, why: string) => out.push({ level: 'fail', variable: name, message: `not set, and WeChat Pay needs it (${why}; set: ${set.join(', ')})` })

  const sp = v.WXPAY_SP_MODE === undefined ? false : ['1', 'true', 'yes', 'on'].includes(v.WXPAY_SP_MODE.toLowerCase())
  if (v.WXPAY_SP_MODE !== undefined && !sp && !['0', 'false', 'no', 'off'].includes(v.WXPAY_SP_MODE.toLowerCase())) out.push({ level: 'fail', variable: 'WXPAY_SP_MODE', message: `"${v.WXPAY_SP_MODE}" is not 1 or 0` })
  out.push({ level: 'info', message: sp ? 'service-provider mode (WXPAY_SP_MODE=1): WXPAY_MCH_ID is the service provider; each shop needs its sub-merchant id (npm run admin -- shop-sub-mchid)' : 'direct mode: WXPAY_MCH_ID is the merchant that is paid' })

  if (!v.WXPAY_MCH_ID) need('WXPAY_MCH_ID', 'the merchant id')
  else if (!MCH_ID.test(v.WXPAY_MCH_ID)) out.push({ level: 'fail', variable: 'WXPAY_MCH_ID', message: `"${v.WXPAY_MCH_ID}" is not a merchant id (8 to 12 digits)` })

  if (!v.WXPAY_MCH_SERIAL_NO) need('WXPAY_MCH_SERIAL_NO', "the serial number of the merchant's API certificate")
  else if (!SERIAL.test(v.WXPAY_MCH_SERIAL_NO)) out.push({ level: 'fail', variable: 'WXPAY_MCH_SERIAL_NO', message: `"${v.WXPAY_MCH_SERIAL_NO}" is not a certificate serial number (hexadecimal)` })

  if (!v.WXPAY_API_V3_KEY) need('WXPAY_API_V3_KEY', 'the API v3 key that decrypts notifications')
  else if (v.WXPAY_API_V3_KEY.length !== 32) out.push({ level: 'fail', variable: 'WXPAY_API_V3_KEY', message: `must be 32 characters (it has ${v.WXPAY_API_V3_KEY.length})` })

  const key = v.WXPAY_PRIVATE_KEY ? privateKeyOf(v.WXPAY_PRIVATE_KEY) : null
  if (!v.WXPAY_PRIVATE_KEY) need('WXPAY_PRIVATE_KEY', "the merchant's API private key, apiclient_key.pem")
  else if (!key) out.push({ level: 'fail', variable: 'WXPAY_PRIVATE_KEY', message: 'not a private key (a PEM "BEGIN PRIVATE KEY" block: apiclient_key.pem)' })
  else if (rsaBits(key) < 2048) out.push({ level: 'fail', variable: 'WXPAY_PRIVATE_KEY', message: `not a 2048-bit RSA key (${key.asymmetricKeyType} ${rsaBits(key) || ''})`.trim() })
  else out.push({ level: 'ok', variable: 'WXPAY_PRIVATE_KEY', message: `RSA ${rsaBits(key)}-bit private key (public key fingerprint ${fingerprintOf(key)})` })

  // The merchant's own certificate (optional): the private key must be its pair and its serial WXPAY_MCH_SERIAL_NO.
  if (v.WXPAY_MCH_CERT) {
    const cert = certificateOf(v.WXPAY_MCH_CERT)
    if (!cert) out.push({ level: 'fail', variable: 'WXPAY_MCH_CERT', message: 'not an X.509 certificate (a PEM "BEGIN CERTIFICATE" block: apiclient_cert.pem)' })
    else {
      out.push(certificateDates(cert, 'WXPAY_MCH_CERT'))
      if (key && !cert.checkPrivateKey(key)) out.push({ level: 'fail', variable: 'WXPAY_PRIVATE_KEY', message: 'does not match WXPAY_MCH_CERT (the key and the certificate are not one pair: download both again from the merchant platform)' })
      else if (key) out.push({ level: 'ok', variable: 'WXPAY_PRIVATE_KEY', message: 'matches WXPAY_MCH_CERT' })
      if (v.WXPAY_MCH_SERIAL_NO && SERIAL.test(v.WXPAY_MCH_SERIAL_NO) && cert.serialNumber.toUpperCase() !== v.WXPAY_MCH_SERIAL_NO.toUpperCase()) {
        out.push({ level: 'fail', variable: 'WXPAY_MCH_SERIAL_NO', message: `is not WXPAY_MCH_CERT's serial (${cert.serialNumber})` })
      }
    }
  } else if (key) {
    out.push({ level: 'info', variable: 'WXPAY_MCH_CERT', message: 'not set: the private key cannot be checked against its certificate (set WXPAY_MCH_CERT_FILE to apiclient_cert.pem to check it)' })
  }

  // How notifications and answers are verified: WeChat Pay's platform certificate, or its public key with the key's id.
  const platform = v.WXPAY_PLATFORM_CERT ? certificateOf(v.WXPAY_PLATFORM_CERT) : null
  const publicKey = v.WXPAY_PUBLIC_KEY ? publicKeyOf(v.WXPAY_PUBLIC_KEY) : null
  if (!v.WXPAY_PLATFORM_CERT && !v.WXPAY_PUBLIC_KEY) need('WXPAY_PUBLIC_KEY', "WeChat Pay's public key (with WXPAY_PUBLIC_KEY_ID) or its platform certificate (WXPAY_PLATFORM_CERT) verifies what WeChat Pay sends")
  if (v.WXPAY_PLATFORM_CERT) {
    if (!platform) out.push({ level: 'fail', variable: 'WXPAY_PLATFORM_CERT', message: 'not an X.509 certificate (a PEM "BEGIN CERTIFICATE" block)' })
    else {
      out.push(certificateDates(platform, 'WXPAY_PLATFORM_CERT'))
      if (key && platform.checkPrivateKey(key)) out.push({ level: 'fail', variable: 'WXPAY_PLATFORM_CERT', message: "is the merchant's own certificate: put WeChat Pay's platform certificate here (downloaded with the certificate API)" })
    }
  }
  if (v.WXPAY_PUBLIC_KEY) {
    if (!publicKey) out.push({ level: 'fail', variable: 'WXPAY_PUBLIC_KEY', message: 'not a public key (a PEM "BEGIN PUBLIC KEY" block: pub_key.pem)' })
    else if (key && samePair(key, publicKey)) out.push({ level: 'fail', variable: 'WXPAY_PUBLIC_KEY', message: "is the merchant's own public key: put WeChat Pay's public key here (merchant platform → API security → WeChat Pay public key)" })
    else out.push({ level: 'ok', variable: 'WXPAY_PUBLIC_KEY', message: `public key (fingerprint ${fingerprintOf(publicKey)})` })
    if (!v.WXPAY_PUBLIC_KEY_ID) need('WXPAY_PUBLIC_KEY_ID', 'the id of the WeChat Pay public key, PUB_KEY_ID_…')
  }
  if (v.WXPAY_PUBLIC_KEY_ID && !PUB_KEY_ID.test(v.WXPAY_PUBLIC_KEY_ID)) out.push({ level: 'fail', variable: 'WXPAY_PUBLIC_KEY_ID', message: `"${v.WXPAY_PUBLIC_KEY_ID}" is not a public key id (PUB_KEY_ID_ and digits)` })
  if (v.WXPAY_PUBLIC_KEY_ID && !v.WXPAY_PUBLIC_KEY) need('WXPAY_PUBLIC_KEY', 'WXPAY_PUBLIC_KEY_ID names a key that is not given')

  if (!v.WXPAY_APPID_MP && !v.WXPAY_APPID_OA) need('WXPAY_APPID_MP', 'the app id payments are made in: the mini-program (WXPAY_APPID_MP) and/or the official account (WXPAY_APPID_OA)')
  for (const name of ['WXPAY_APPID_MP', 'WXPAY_APPID_OA'] as const) {
    const id = v[name]
    if (id && !APP_ID.test(id)) out.push({ level: 'fail', variable: name, message: `"${id}" is not a WeChat app id (wx and 16 hexadecimal characters)` })
  }
  return out
}
