import crypto from 'node:crypto'
import { z } from 'zod'
import { envText, type Env } from '../../env'

/**
 * Alipay's configuration (issue 40; docs/going-live.md "Alipay"; the choice of modes: docs/decisions/2026-12-06-alipay.md).
 *
 * Public-key mode ("公钥模式"), RSA2: the app's private key signs every request; Alipay's public key (支付宝公钥 — shown in
 * the console after the app's own public key is uploaded; not the app's) verifies Alipay's answers and notifications.
 * Certificate mode ("公钥证书模式": the app's certificate, Alipay's certificate and root certificate) is not read: nothing
 * this server asks of Alipay needs it (only payouts to accounts do).
 *
 * | variable | |
 * |---|---|
 * | ALIPAY_APP_ID | the app's id at Alipay's open platform (16 digits) |
 * | ALIPAY_PRIVATE_KEY / _FILE | the app's RSA private key, 2048 bits: PEM (PKCS#1 "RSA PRIVATE KEY" or PKCS#8 "PRIVATE KEY") or the bare base64 text Alipay's key tool writes |
 * | ALIPAY_PUBLIC_KEY / _FILE | Alipay's public key: PEM or the bare base64 text the console shows |
 * | ALIPAY_GATEWAY | default https://openapi.alipay.com/gateway.do (Alipay's sandbox: https://openapi-sandbox.dl.alipaydev.com/gateway.do); http only on this machine (the tests' double) |
 * | ALIPAY_SELLER_ID | optional: the merchant's PID (2088 + 12 digits); a notification for another seller is refused |
 * | PUBLIC_URL | the server's public https origin (shared with the rest of the server): notifications go to PUBLIC_URL/notify/alipay, the web authorisation returns to a page under it |
 */

export const ALIPAY_VARIABLES = ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY', 'ALIPAY_GATEWAY', 'ALIPAY_SELLER_ID', 'PUBLIC_URL'] as const
export const ALIPAY_SECRETS = ['ALIPAY_PRIVATE_KEY'] as const

export const ALIPAY_PRODUCTION_GATEWAY = 'https://openapi.alipay.com/gateway.do'

export interface AlipayConfig {
  appId: string
  /** The app's private key, PKCS#8 PEM (whatever form it was given in). */
  privateKey: string
  /** Alipay's public key, SPKI PEM. */
  alipayPublicKey: string
  gateway: string
  /** The merchant's PID a notification must name (ALIPAY_SELLER_ID); null: not compared. */
  sellerId: string | null
  /** The server's public origin (PUBLIC_URL), no trailing slash. */
  publicUrl: string
  /** How long one call to the gateway may take (default 10 s): a slower answer is a failure the outbox retries. */
  timeoutMs?: number
}

const present = (raw: string | undefined): raw is string => raw !== undefined && raw.trim() !== ''

// ---- keys as the consoles hand them out -------------------------------------------------------------------------------

/** "\n" written as two characters (a PEM pasted into one line of an environment file) back to line breaks. */
const unescaped = (text: string) => (text.includes('-----BEGIN') && text.includes('\\n') ? text.replace(/\\n/g, '\n') : text)
const base64Only = (text: string) => /^[A-Za-z0-9+/=\s]+$/.test(text)

/** A private key from PEM (PKCS#1 or PKCS#8) or bare base64 DER (PKCS#8, then PKCS#1); null when it is none. */
export function privateKeyOf(text: string): crypto.KeyObject | null {
  const t = unescaped(text.trim())
  try {
    if (t.includes('-----BEGIN')) return crypto.createPrivateKey(t)
  } catch {
    return null
  }
  if (!base64Only(t)) return null
  const der = Buffer.from(t.replace(/\s/g, ''), 'base64')
  for (const type of ['pkcs8', 'pkcs1'] as const) {
    try {
      return crypto.createPrivateKey({ key: der, format: 'der', type })
    } catch {
      // the other encoding
    }
  }
  return null
}

/** A public key from PEM (SPKI or PKCS#1) or bare base64 DER (SPKI, then PKCS#1); null when it is none (a certificate is none). */
export function publicKeyOf(text: string): crypto.KeyObject | null {
  const t = unescaped(text.trim())
  if (t.includes('-----BEGIN CERTIFICATE')) return null
  try {
    if (t.includes('-----BEGIN')) return crypto.createPublicKey(t)
  } catch {
    return null
  }
  if (!base64Only(t)) return null
  const der = Buffer.from(t.replace(/\s/g, ''), 'base64')
  for (const type of ['spki', 'pkcs1'] as const) {
    try {
      return crypto.createPublicKey({ key: der, format: 'der', type })
    } catch {
      // the other encoding
    }
  }
  return null
}

const rsaBits = (key: crypto.KeyObject): number => (key.asymmetricKeyType === 'rsa' ? (key.asymmetricKeyDetails?.modulusLength ?? 0) : 0)
const spkiOf = (key: crypto.KeyObject): Buffer => (key.type === 'private' ? crypto.createPublicKey(key) : key).export({ type: 'spki', format: 'der' })
/** SHA-256 of the public key's SPKI, first 16 hex: to compare with another copy of the key. */
export const fingerprintOf = (key: crypto.KeyObject): string => crypto.createHash('sha256').update(spkiOf(key)).digest('hex').slice(0, 16)

/** Whether the private key makes an RSA2 (RSA-SHA256) signature its own public half verifies. */
function signsRsa2(key: crypto.KeyObject): boolean {
  try {
    const probe = Buffer.from('alipay-config-probe')
    const signature = crypto.sign('RSA-SHA256', probe, key)
    return crypto.verify('RSA-SHA256', probe, crypto.createPublicKey(key), signature)
  } catch {
    return false
  }
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]'])
/** https, or http on this machine only (a test's double): Alipay's gateway and the server's public address. */
function webUrl(text: string): URL | null {
  try {
    const u = new URL(text)
    return u.protocol === 'https:' || (u.protocol === 'http:' && LOOPBACK.has(u.hostname)) ? u : null
  } catch {
    return null
  }
}

// ---- the schema ----------------------------------------------------------------------------------------------------

const need = (why: string) => `not set, and Alipay needs it (${why})`

/** Each variable's text (undefined = unset), checked; a message names what is wrong, never a key's value. */
const AlipayEnv = z
  .object({
    ALIPAY_APP_ID: z.string({ required_error: need("the app's id at Alipay's open platform") }).regex(/^\d{16}$/, 'not an Alipay app id (16 digits)'),
    ALIPAY_PRIVATE_KEY: z
      .string({ required_error: need("the app's RSA private key that signs every request") })
      .transform((text, ctx) => {
        const key = privateKeyOf(text)
        if (!key) ctx.addIssue({ code: 'custom', message: "not a private key (PEM, or the base64 text of Alipay's key tool)" })
        else if (rsaBits(key) < 2048) ctx.addIssue({ code: 'custom', message: `RSA2 needs an RSA key of 2048 bits or more (this is ${key.asymmetricKeyType ?? 'unknown'}${rsaBits(key) ? ` ${rsaBits(key)}-bit` : ''})` })
        else if (!signsRsa2(key)) ctx.addIssue({ code: 'custom', message: 'cannot make an RSA2 signature with it' })
        else return key
        return z.NEVER
      }),
    ALIPAY_PUBLIC_KEY: z
      .string({ required_error: need("Alipay's public key that verifies its answers and notifications") })
      .transform((text, ctx) => {
        const key = publicKeyOf(text)
        if (!key) ctx.addIssue({ code: 'custom', message: 'not a public key (PEM, or the base64 text the console shows; certificate mode is not supported)' })
        else if (rsaBits(key) < 2048) ctx.addIssue({ code: 'custom', message: `not an RSA key of 2048 bits or more (this is ${key.asymmetricKeyType ?? 'unknown'})` })
        else return key
        return z.NEVER
      }),
    ALIPAY_GATEWAY: z
      .string()
      .optional()
      .transform((text, ctx) => {
        if (text === undefined) return ALIPAY_PRODUCTION_GATEWAY
        if (webUrl(text)) return text
        ctx.addIssue({ code: 'custom', message: `"${text.slice(0, 60)}" is not an https:// address` })
        return z.NEVER
      }),
    ALIPAY_SELLER_ID: z.string().regex(/^2088\d{12}$/, "not a merchant's PID (2088 and 12 digits)").optional(),
    PUBLIC_URL: z
      .string({ required_error: need('notifications go to PUBLIC_URL/notify/alipay; the web authorisation returns to a page under it') })
      .transform((text, ctx) => {
        const u = webUrl(text)
        if (u && (u.pathname === '/' || u.pathname === '') && !u.search) return `${u.protocol}//${u.host}`
        ctx.addIssue({ code: 'custom', message: `"${text.slice(0, 60)}" is not an https:// origin (scheme and host, nothing after)` })
        return z.NEVER
      }),
  })
  .superRefine((v, ctx) => {
    // The app's own public key where Alipay's belongs: every answer would fail to verify.
    if (v.ALIPAY_PRIVATE_KEY instanceof crypto.KeyObject && v.ALIPAY_PUBLIC_KEY instanceof crypto.KeyObject && spkiOf(v.ALIPAY_PRIVATE_KEY).equals(spkiOf(v.ALIPAY_PUBLIC_KEY))) {
      ctx.addIssue({ code: 'custom', path: ['ALIPAY_PUBLIC_KEY'], message: "is the app's own public key (it pairs with ALIPAY_PRIVATE_KEY): put Alipay's public key here (the console shows it after the app's public key is uploaded)" })
    }
  })

/** Whether any of Alipay's own variables is set (ALIPAY_GATEWAY alone, or PUBLIC_URL, means nothing of Alipay). */
const meant = (env: Env) => ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY', 'ALIPAY_SELLER_ID'].some((name) => present(env[name]) || present(env[`${name}_FILE`]))

/**
 * Alipay's configuration from the environment: null when none of its variables is set (Alipay is not offered); an Error
 * whose message starts with the variable's name when it is half set, or a key cannot be read or is not a key.
 */
export function readAlipayConfig(env: Env): AlipayConfig | null {
  if (!meant(env)) return null
  const texts = Object.fromEntries(ALIPAY_VARIABLES.map((name) => [name, envText(env, name)]))
  const parsed = AlipayEnv.safeParse(texts)
  if (!parsed.success) {
    const first = parsed.error.issues[0]
    throw new Error(`${String(first?.path[0] ?? 'ALIPAY_APP_ID')}: ${first?.message ?? 'invalid'}`)
  }
  const v = parsed.data
  return {
    appId: v.ALIPAY_APP_ID,
    privateKey: v.ALIPAY_PRIVATE_KEY.export({ type: 'pkcs8', format: 'pem' }).toString().trim(),
    alipayPublicKey: v.ALIPAY_PUBLIC_KEY.export({ type: 'spki', format: 'pem' }).toString().trim(),
    gateway: v.ALIPAY_GATEWAY,
    sellerId: v.ALIPAY_SELLER_ID ?? null,
    publicUrl: v.PUBLIC_URL,
  }
}

/** One finding of the doctor's offline check (the shape of server/providers/configs.ts's Finding). */
export interface Finding {
  level: 'ok' | 'warn' | 'fail' | 'info'
  variable?: string
  message: string
}

/** What no offline check can tell: the doctor prints it as it is (docs/going-live.md "Alipay"). */
export const ALIPAY_NOT_CHECKED_OFFLINE = [
  "that the app's public key uploaded at Alipay's console is the one printed above, and that ALIPAY_PUBLIC_KEY is the key the console shows now (only a signed call to the gateway proves both)",
  'that the app is online and has its products signed: the mobile-website payment (WAP page) and JSAPI payment (inside Alipay)',
  "the authorisation redirect address declared in the app's console: PUBLIC_URL's host",
  'that Alipay reaches PUBLIC_URL/notify/alipay from the internet',
]

/**
 * `npm run doctor`'s offline check of Alipay: the configuration reads (else the variable and why), the private key makes
 * an RSA2 signature, Alipay's public key is an RSA key and not the app's own; then what cannot be checked offline.
 */
export function check(env: Env): Finding[] {
  if (!meant(env)) return [{ level: 'info', message: 'not configured (no ALIPAY_* set): Alipay is not offered' }]
  let config: AlipayConfig
  try {
    const read = readAlipayConfig(env)
    if (!read) return [{ level: 'info', message: 'not configured' }]
    config = read
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    const named = /^([A-Z][A-Z0-9_]+): (.*)$/s.exec(message)
    return [named ? { level: 'fail', variable: named[1], message: named[2] } : { level: 'fail', message }]
  }
  const key = crypto.createPrivateKey(config.privateKey)
  const spki = spkiOf(key).toString('base64')
  const alipayKey = crypto.createPublicKey(config.alipayPublicKey)
  return [
    { level: 'ok', variable: 'ALIPAY_APP_ID', message: config.appId },
    {
      level: 'ok',
      variable: 'ALIPAY_PRIVATE_KEY',
      message: `RSA ${rsaBits(key)}-bit private key, signs RSA2; its public key — the one to upload as the app's public key at Alipay's console — begins ${spki.slice(0, 24)}… and ends …${spki.slice(-16)} (fingerprint ${fingerprintOf(key)})`,
    },
    { level: 'ok', variable: 'ALIPAY_PUBLIC_KEY', message: `Alipay's public key: RSA ${rsaBits(alipayKey)}-bit (fingerprint ${fingerprintOf(alipayKey)})` },
    {
      level: config.gateway === ALIPAY_PRODUCTION_GATEWAY ? 'ok' : 'warn',
      variable: 'ALIPAY_GATEWAY',
      message: config.gateway === ALIPAY_PRODUCTION_GATEWAY ? config.gateway : `${config.gateway} — not Alipay's production gateway${config.gateway.includes('alipaydev') ? " (Alipay's sandbox: no real money)" : ''}`,
    },
    { level: config.sellerId ? 'ok' : 'info', variable: 'ALIPAY_SELLER_ID', message: config.sellerId ?? 'not set: a notification\'s seller_id is not compared' },
    { level: 'ok', variable: 'PUBLIC_URL', message: `notifications to ${config.publicUrl}/notify/alipay; authorisation returns to ${config.publicUrl}` },
    ...ALIPAY_NOT_CHECKED_OFFLINE.map((what): Finding => ({ level: 'info', message: `not checked offline: ${what}` })),
  ]
}
