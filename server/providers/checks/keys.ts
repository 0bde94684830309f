import crypto from 'node:crypto'
import { nowMs } from '../../time'

/**
 * Keys and certificates as the consoles hand them out, read offline (the doctor, and the start's checks of a
 * half-configured provider): PEM files, PEM pasted into one environment variable with its line breaks written as "\n",
 * or — Alipay's key tool — bare base64 without the PEM lines. Nothing here leaves the machine.
 */

/** One finding of an offline check: `fail` stops the start (and the doctor's exit code), `warn` is printed. */
export interface Finding {
  level: 'ok' | 'warn' | 'fail' | 'info'
  /** The variable it is about, when one. */
  variable?: string
  message: string
}

/** "\n" written as two characters (a PEM pasted into one line of an environment file) back to line breaks. */
const unescaped = (text: string) => (text.includes('-----BEGIN') && text.includes('\\n') ? text.replace(/\\n/g, '\n') : text)

const base64Only = (text: string) => /^[A-Za-z0-9+/=\s]+$/.test(text)

/** A private key from PEM (PKCS#1 or PKCS#8) or bare base64 DER (PKCS#8, then PKCS#1); null when it is none. */
export function privateKeyOf(text: string): crypto.KeyObject | null {
  const t = unescaped(text.trim())
  try {
    if (t.includes('-----BEGIN')) return crypto.createPrivateKey(t)
    if (!base64Only(t)) return null
    const der = Buffer.from(t.replace(/\s/g, ''), 'base64')
    for (const type of ['pkcs8', 'pkcs1'] as const) {
      try {
        return crypto.createPrivateKey({ key: der, format: 'der', type })
      } catch {
        // the other encoding
      }
    }
  } catch {
    return null
  }
  return null
}

/** A public key from PEM (SPKI or PKCS#1) or bare base64 DER (SPKI, then PKCS#1); null when it is none. */
export function publicKeyOf(text: string): crypto.KeyObject | null {
  const t = unescaped(text.trim())
  try {
    if (t.includes('-----BEGIN CERTIFICATE')) return null
    if (t.includes('-----BEGIN')) return crypto.createPublicKey(t)
    if (!base64Only(t)) return null
    const der = Buffer.from(t.replace(/\s/g, ''), 'base64')
    for (const type of ['spki', 'pkcs1'] as const) {
      try {
        return crypto.createPublicKey({ key: der, format: 'der', type })
      } catch {
        // the other encoding
      }
    }
  } catch {
    return null
  }
  return null
}

/** An X.509 certificate from PEM (or bare base64 DER); null when it is none. */
export function certificateOf(text: string): crypto.X509Certificate | null {
  const t = unescaped(text.trim())
  try {
    if (t.includes('-----BEGIN CERTIFICATE')) return new crypto.X509Certificate(t)
    if (!base64Only(t)) return null
    return new crypto.X509Certificate(Buffer.from(t.replace(/\s/g, ''), 'base64'))
  } catch {
    return null
  }
}

/** The SPKI DER of a key (a private key's public half), for comparing two keys. */
export const spkiOf = (key: crypto.KeyObject): Buffer => (key.type === 'private' ? crypto.createPublicKey(key) : key).export({ type: 'spki', format: 'der' })

/** Whether two keys (either may be the private half) are one pair. */
export const samePair = (a: crypto.KeyObject, b: crypto.KeyObject): boolean => spkiOf(a).equals(spkiOf(b))

/** A short fingerprint of a public key (SHA-256 of its SPKI, first 16 hex), to compare with what a console shows. */
export const fingerprintOf = (key: crypto.KeyObject): string => crypto.createHash('sha256').update(spkiOf(key)).digest('hex').slice(0, 16)

/** RSA key size in bits (0 for another kind). */
export const rsaBits = (key: crypto.KeyObject): number => (key.asymmetricKeyType === 'rsa' ? (key.asymmetricKeyDetails?.modulusLength ?? 0) : 0)

const DAY = 86_400_000
/** A certificate ending within this many days is a warning. */
export const EXPIRY_WARNING_DAYS = 30

/** A certificate's dates against the server's clock: not yet valid or expired is a failure, ending soon a warning. */
export function certificateDates(cert: crypto.X509Certificate, variable: string, now = nowMs()): Finding {
  const from = Date.parse(cert.validFrom)
  const to = Date.parse(cert.validTo)
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)
  if (Number.isFinite(from) && now < from) return { level: 'fail', variable, message: `certificate not valid before ${day(from)}` }
  if (Number.isFinite(to) && now >= to) return { level: 'fail', variable, message: `certificate expired on ${day(to)}` }
  if (Number.isFinite(to) && to - now < EXPIRY_WARNING_DAYS * DAY) return { level: 'warn', variable, message: `certificate expires on ${day(to)}, in ${Math.ceil((to - now) / DAY)} days` }
  return { level: 'ok', variable, message: `certificate valid until ${day(to)} (serial ${cert.serialNumber})` }
}
