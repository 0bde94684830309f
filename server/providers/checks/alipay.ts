import { ConfigError, envSource, envText, type Env } from '../../env'
import { fingerprintOf, privateKeyOf, publicKeyOf, rsaBits, samePair, spkiOf, type Finding } from './keys'

/**
 * Alipay (public-key mode, RSA2), checked offline by its variables' names (docs/going-live.md "Alipay"). The app's private
 * key signs requests; Alipay's public key (支付宝公钥, not the app's own) verifies answers and notifications. The app's
 * public key was uploaded to Alipay's console: the doctor prints it derived from the private key, to compare.
 */

export const ALIPAY_VARIABLES = ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY', 'ALIPAY_GATEWAY', 'ALIPAY_SELLER_ID'] as const
export const ALIPAY_SECRETS = ['ALIPAY_PRIVATE_KEY'] as const

/** 16 digits (production apps begin 20…, the sandbox's 90…). */
const APP_ID = /^\d{16}$/

export function checkAlipay(env: Env): Finding[] {
  const out: Finding[] = []
  const v: Partial<Record<(typeof ALIPAY_VARIABLES)[number], string>> = {}
  let meant = false
  for (const name of ALIPAY_VARIABLES) {
    try {
      if (envSource(env, name) && name !== 'ALIPAY_GATEWAY') meant = true
      v[name] = envText(env, name)
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error
      meant = true
      for (const p of error.problems) out.push({ level: 'fail', variable: p.variable, message: p.problem })
    }
  }
  if (!meant) return [{ level: 'info', message: 'not configured (no ALIPAY_* set): Alipay payments are refused' }]
  const need = (name: string, why: string) => out.push({ level: 'fail', variable: name, message: `not set, and Alipay needs it (${why})` })

  if (!v.ALIPAY_APP_ID) need('ALIPAY_APP_ID', "the app's id at Alipay's open platform")
  else if (!APP_ID.test(v.ALIPAY_APP_ID)) out.push({ level: 'fail', variable: 'ALIPAY_APP_ID', message: `"${v.ALIPAY_APP_ID}" is not an Alipay app id (16 digits)` })

  const key = v.ALIPAY_PRIVATE_KEY ? privateKeyOf(v.ALIPAY_PRIVATE_KEY) : null
  if (!v.ALIPAY_PRIVATE_KEY) need('ALIPAY_PRIVATE_KEY', "the app's private key (RSA2) that signs every request")
  else if (!key) out.push({ level: 'fail', variable: 'ALIPAY_PRIVATE_KEY', message: 'not a private key (PEM, or the base64 text of Alipay\'s key tool)' })
  else if (rsaBits(key) < 2048) out.push({ level: 'fail', variable: 'ALIPAY_PRIVATE_KEY', message: `RSA2 needs a 2048-bit RSA key (this is ${key.asymmetricKeyType} ${rsaBits(key) || ''})`.trim() })
  else {
    const spki = spkiOf(key).toString('base64')
    out.push({ level: 'ok', variable: 'ALIPAY_PRIVATE_KEY', message: `RSA ${rsaBits(key)}-bit private key; its public key — the one uploaded at Alipay's console ("应用公钥") — begins ${spki.slice(0, 24)}… and ends …${spki.slice(-16)} (fingerprint ${fingerprintOf(key)})` })
  }

  const alipayKey = v.ALIPAY_PUBLIC_KEY ? publicKeyOf(v.ALIPAY_PUBLIC_KEY) : null
  if (!v.ALIPAY_PUBLIC_KEY) need('ALIPAY_PUBLIC_KEY', "Alipay's public key (支付宝公钥) that verifies its answers and notifications")
  else if (!alipayKey) out.push({ level: 'fail', variable: 'ALIPAY_PUBLIC_KEY', message: 'not a public key (PEM, or the base64 text the console shows)' })
  else if (key && samePair(key, alipayKey)) out.push({ level: 'fail', variable: 'ALIPAY_PUBLIC_KEY', message: "is the app's own public key (it pairs with ALIPAY_PRIVATE_KEY): put Alipay's public key (支付宝公钥) here, shown in the console after the app's key is uploaded" })
  else out.push({ level: 'ok', variable: 'ALIPAY_PUBLIC_KEY', message: `Alipay's public key (fingerprint ${fingerprintOf(alipayKey)})` })

  if (v.ALIPAY_GATEWAY) {
    let ok = false
    try {
      const u = new URL(v.ALIPAY_GATEWAY)
      // http only on this machine (the tests' double of Alipay's gateway).
      ok = u.protocol === 'https:' || (u.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname))
    } catch {
      ok = false
    }
    if (!ok) out.push({ level: 'fail', variable: 'ALIPAY_GATEWAY', message: `"${v.ALIPAY_GATEWAY}" is not an https:// address` })
    else out.push({ level: 'info', variable: 'ALIPAY_GATEWAY', message: v.ALIPAY_GATEWAY.includes('sandbox') ? `${v.ALIPAY_GATEWAY} (Alipay's sandbox: no real money)` : v.ALIPAY_GATEWAY })
  } else out.push({ level: 'info', variable: 'ALIPAY_GATEWAY', message: "not set: Alipay's production gateway, https://openapi.alipay.com/gateway.do" })
  return out
}
