/**
 * The member card's till code (issue 12), one algorithm for the phone and the till: a rotating, time-based
 * code derived from a per-card secret that the server issues to the card's owner only (personal.card/index
 * `till_secret`), so the phone shows it with no signal, and the server checks it at the till
 * (hui_shanghu.store_card/check) with a small clock tolerance.
 *
 * Code: "9" + the card id (8 digits) + a 6-digit TOTP (RFC 6238: HMAC-SHA1, 30 s steps) of the card's
 * secret — 15 digits, for the QR code and the barcode alike. Accepted one step either side (±30 s). Without
 * the secret no one can make a card's code, whatever they know of card numbers or user and order ids.
 *
 * Pure JavaScript (no node:crypto, no Web Crypto, no BigInt: ES2019), so the weapp, H5 and the server run
 * the same code; a small SHA-1 and HMAC are written out below (checked against node:crypto and the RFC's
 * test vectors in __tests__/server/tillCode.test.ts).
 */

export const TILL_STEP_SECONDS = 30
/** Steps accepted either side of the till's (the phone's and the server's clocks may differ a little). */
export const TILL_DRIFT_STEPS = 1
const DIGITS = 6
const ID_DIGITS = 8

const rotl = (x: number, n: number) => (x << n) | (x >>> (32 - n))

/** SHA-1 (FIPS 180-4) of bytes. */
export function sha1(msg: Uint8Array): Uint8Array {
  const bitLen = msg.length * 8
  const padded = new Uint8Array((((msg.length + 8) >> 6) + 1) * 64)
  padded.set(msg)
  padded[msg.length] = 0x80
  const view = new DataView(padded.buffer)
  view.setUint32(padded.length - 8, Math.floor(bitLen / 0x100000000))
  view.setUint32(padded.length - 4, bitLen >>> 0)
  let h0 = 0x67452301
  let h1 = 0xefcdab89
  let h2 = 0x98badcfe
  let h3 = 0x10325476
  let h4 = 0xc3d2e1f0
  const w = new Int32Array(80)
  for (let off = 0; off < padded.length; off += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getInt32(off + i * 4)
    for (let i = 16; i < 80; i++) w[i] = rotl(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1)
    let a = h0
    let b = h1
    let c = h2
    let d = h3
    let e = h4
    for (let i = 0; i < 80; i++) {
      const f = i < 20 ? (b & c) | (~b & d) : i < 40 ? b ^ c ^ d : i < 60 ? (b & c) | (b & d) | (c & d) : b ^ c ^ d
      const k = i < 20 ? 0x5a827999 : i < 40 ? 0x6ed9eba1 : i < 60 ? 0x8f1bbcdc : 0xca62c1d6
      const t = (rotl(a, 5) + f + e + k + w[i]) | 0
      e = d
      d = c
      c = rotl(b, 30)
      b = a
      a = t
    }
    h0 = (h0 + a) | 0
    h1 = (h1 + b) | 0
    h2 = (h2 + c) | 0
    h3 = (h3 + d) | 0
    h4 = (h4 + e) | 0
  }
  const out = new Uint8Array(20)
  const ov = new DataView(out.buffer)
  ;[h0, h1, h2, h3, h4].forEach((h, i) => ov.setInt32(i * 4, h))
  return out
}

/** HMAC-SHA1 (RFC 2104). */
export function hmacSha1(key: Uint8Array, msg: Uint8Array): Uint8Array {
  const block = new Uint8Array(64)
  block.set(key.length > 64 ? sha1(key) : key)
  const inner = new Uint8Array(64 + msg.length)
  const outer = new Uint8Array(64 + 20)
  for (let i = 0; i < 64; i++) {
    inner[i] = block[i] ^ 0x36
    outer[i] = block[i] ^ 0x5c
  }
  inner.set(msg, 64)
  outer.set(sha1(inner), 64)
  return sha1(outer)
}

/** Hex text (the secret as the server issues it) to bytes; null when it is not hex of whole bytes. */
export function hexBytes(hex: string): Uint8Array | null {
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(hex)) return null
  const out = new Uint8Array(hex.length / 2)
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16)
  return out
}

/** HOTP (RFC 4226) of a counter, `digits` long. */
export function hotp(key: Uint8Array, counter: number, digits = DIGITS): string {
  const msg = new Uint8Array(8)
  const view = new DataView(msg.buffer)
  view.setUint32(0, Math.floor(counter / 0x100000000))
  view.setUint32(4, counter >>> 0)
  const mac = hmacSha1(key, msg)
  const off = mac[19] & 0x0f
  const bin = ((mac[off] & 0x7f) << 24) | (mac[off + 1] << 16) | (mac[off + 2] << 8) | mac[off + 3]
  return String(bin % Math.pow(10, digits)).padStart(digits, '0')
}

/** The time step of an instant (epoch ms). */
export const tillStep = (nowMs: number) => Math.floor(nowMs / 1000 / TILL_STEP_SECONDS)

/** The code the card's owner shows at `nowMs` (use the server's clock: src/core/clock serverNow). '' for a bad secret. */
export function tillCode(cardId: number, secretHex: string, nowMs: number): string {
  const key = hexBytes(secretHex)
  if (!key || !Number.isInteger(cardId) || cardId <= 0 || String(cardId).length > ID_DIGITS) return ''
  return `9${String(cardId).padStart(ID_DIGITS, '0')}${hotp(key, tillStep(nowMs))}`
}

/** A scanned code's parts; null when it is not of this form. */
export function parseTillCode(code: string): { cardId: number; otp: string } | null {
  const m = /^9(\d{8})(\d{6})$/.exec(code.replace(/\s+/g, ''))
  if (!m) return null
  const cardId = Number(m[1])
  return cardId > 0 ? { cardId, otp: m[2] } : null
}

/** Whether `otp` is the card's code within ±TILL_DRIFT_STEPS of `nowMs` (compared without early exit). */
export function tillOtpMatches(otp: string, secretHex: string, nowMs: number): boolean {
  const key = hexBytes(secretHex)
  if (!key || otp.length !== DIGITS) return false
  const step = tillStep(nowMs)
  let ok = false
  for (let d = -TILL_DRIFT_STEPS; d <= TILL_DRIFT_STEPS; d++) {
    const want = hotp(key, step + d)
    let diff = 0
    for (let i = 0; i < DIGITS; i++) diff |= want.charCodeAt(i) ^ otp.charCodeAt(i)
    ok = ok || diff === 0
  }
  return ok
}
