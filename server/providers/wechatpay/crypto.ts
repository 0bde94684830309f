import crypto from 'node:crypto'

/**
 * WeChat Pay API v3's cryptography, with node:crypto only (docs/decisions/2026-12-06-wechat-pay-v3.md):
 * - requests signed `WECHATPAY2-SHA256-RSA2048` with the merchant's private key (RSA-SHA256 over
 *   `METHOD\nPATH?QUERY\nTIMESTAMP\nNONCE\nBODY\n`);
 * - answers and notifications verified by `Wechatpay-Signature` over `TIMESTAMP\nNONCE\nBODY\n`, with the key
 *   `Wechatpay-Serial` names: a platform certificate's serial, or the WeChat Pay public key's `PUB_KEY_ID_…`;
 *   WeChat Pay's signature probes (`WECHATPAY/SIGNTEST/…`) and timestamps more than 5 minutes away are refused;
 * - notification resources decrypted with AEAD_AES_256_GCM and the API v3 key;
 * - JSAPI's paySign: RSA-SHA256 over `appId\ntimeStamp\nnonceStr\npackage\n`.
 */

export const AUTH_SCHEMA = 'WECHATPAY2-SHA256-RSA2048'
/** How far a signed answer's or notification's timestamp may be from this server's clock, in seconds. */
export const TIMESTAMP_WINDOW_S = 300

export const rsaSign = (privateKey: crypto.KeyObject, message: string): string => crypto.sign('sha256', Buffer.from(message, 'utf8'), privateKey).toString('base64')

export const nonceStr = (): string => crypto.randomBytes(16).toString('hex').toUpperCase()

/** The Authorization header of one request. */
export function authorization(m: { mchid: string; serialNo: string; privateKey: crypto.KeyObject }, method: string, pathAndQuery: string, body: string, timestamp: number, nonce = nonceStr()): string {
  const signature = rsaSign(m.privateKey, `${method}\n${pathAndQuery}\n${timestamp}\n${nonce}\n${body}\n`)
  return `${AUTH_SCHEMA} mchid="${m.mchid}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${m.serialNo}"`
}

/** The keys WeChat Pay may sign with, by what `Wechatpay-Serial` names: platform certificate serials (upper-case hex) and the public key's id. */
export type Verifiers = ReadonlyMap<string, crypto.KeyObject>

/** Why a signed message was not believed (a short phrase for the log and the answer), or null when it was. */
export function checkSignature(verifiers: Verifiers, headers: Record<string, string | undefined>, body: string, nowS: number): string | null {
  const signature = headers['wechatpay-signature']
  const timestamp = headers['wechatpay-timestamp']
  const nonce = headers['wechatpay-nonce']
  const serial = headers['wechatpay-serial']
  if (!signature || !timestamp || !nonce || !serial) return 'signature headers missing'
  // WeChat Pay sends these to see that a merchant checks signatures: they must fail.
  if (signature.startsWith('WECHATPAY/SIGNTEST/')) return 'signature probe'
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(nowS - Number(timestamp)) > TIMESTAMP_WINDOW_S) return 'timestamp outside the 5-minute window'
  const key = verifiers.get(serial.startsWith('PUB_KEY_ID_') ? serial : serial.toUpperCase())
  if (!key) return `unknown Wechatpay-Serial`
  let ok = false
  try {
    ok = crypto.verify('sha256', Buffer.from(`${timestamp}\n${nonce}\n${body}\n`, 'utf8'), key, Buffer.from(signature, 'base64'))
  } catch {
    ok = false
  }
  return ok ? null : 'signature does not verify'
}

export interface EncryptedResource {
  algorithm: string
  ciphertext: string
  nonce: string
  associated_data?: string
}

/** A notification's resource in clear (AEAD_AES_256_GCM: the last 16 bytes of the ciphertext are the tag); throws when it does not authenticate. */
export function decryptResource(apiV3Key: string, r: EncryptedResource): string {
  if (r.algorithm !== 'AEAD_AES_256_GCM') throw new Error(`unknown algorithm ${r.algorithm}`)
  const data = Buffer.from(r.ciphertext, 'base64')
  if (data.length < 17) throw new Error('ciphertext too short')
  const decipher = crypto.createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(r.nonce, 'utf8'))
  decipher.setAuthTag(data.subarray(data.length - 16))
  if (r.associated_data) decipher.setAAD(Buffer.from(r.associated_data, 'utf8'))
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8')
}

/** JSAPI's paySign (requestPayment / getBrandWCPayRequest): RSA-SHA256 with the merchant's key, base64. */
export const jsapiPaySign = (privateKey: crypto.KeyObject, p: { appId: string; timeStamp: string; nonceStr: string; package: string }): string =>
  rsaSign(privateKey, `${p.appId}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`)
