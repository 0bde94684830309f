import crypto from 'node:crypto'

/**
 * Keys and X.509 certificates made per test run with node:crypto alone (no openssl, no library): a certificate is its
 * DER written out here — version 3, a serial, an issuer and subject common name, the validity, the subject's public key —
 * signed SHA256-with-RSA by the issuer's key. Enough for node's X509Certificate to read and check, which is what the
 * configuration's offline checks (server/providers/checks/) do with the consoles' files.
 */

const len = (n: number): Buffer => {
  if (n < 0x80) return Buffer.from([n])
  const bytes: number[] = []
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v % 256)
  return Buffer.from([0x80 | bytes.length, ...bytes])
}
const tlv = (tag: number, ...parts: Buffer[]): Buffer => {
  const body = Buffer.concat(parts)
  return Buffer.concat([Buffer.from([tag]), len(body.length), body])
}
const seq = (...parts: Buffer[]) => tlv(0x30, ...parts)
const set = (...parts: Buffer[]) => tlv(0x31, ...parts)
const int = (bytes: Buffer) => tlv(0x02, bytes[0] & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes)
const oid = (dotted: string): Buffer => {
  const [a, b, ...rest] = dotted.split('.').map(Number)
  const out = [40 * a + b]
  for (const n of rest) {
    const chunk: number[] = [n & 0x7f]
    for (let v = Math.floor(n / 128); v > 0; v = Math.floor(v / 128)) chunk.unshift((v & 0x7f) | 0x80)
    out.push(...chunk)
  }
  return tlv(0x06, Buffer.from(out))
}
const utf8 = (s: string) => tlv(0x0c, Buffer.from(s, 'utf8'))
/** GeneralizedTime (YYYYMMDDHHMMSSZ): good for any year. */
const time = (ms: number) => tlv(0x18, Buffer.from(`${new Date(ms).toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`, 'ascii'))
const name = (cn: string) => seq(set(seq(oid('2.5.4.3'), utf8(cn))))
const SHA256_RSA = seq(oid('1.2.840.113549.1.1.11'), Buffer.from([0x05, 0x00]))

export interface Certificate {
  pem: string
  /** Upper-case hexadecimal, as the consoles show it. */
  serial: string
}

/**
 * A certificate serial (upper-case hex) from 20 random bytes, as a CA writes one: positive (the high bit clear) and with
 * no leading zero byte — a first byte of 0 (1 in 256) made a serial the certificate reports without it, and env.test
 * failed that once ("is not WXPAY_MCH_CERT's serial").
 */
export const serialFrom = (bytes: Buffer): string => bytes.toString('hex').toUpperCase().replace(/^[089A-F]/, '1')

/** A certificate for `subject`'s public key, signed by `issuer` (the subject itself when not given: self-signed). */
export function certificateFor(subject: crypto.KeyObject, o: { cn?: string; notBefore: number; notAfter: number; issuer?: crypto.KeyObject; serial?: string }): Certificate {
  const serial = o.serial ?? serialFrom(crypto.randomBytes(20))
  const spki = (subject.type === 'private' ? crypto.createPublicKey(subject) : subject).export({ type: 'spki', format: 'der' })
  const tbs = seq(tlv(0xa0, int(Buffer.from([2]))), int(Buffer.from(serial, 'hex')), SHA256_RSA, name(o.cn ?? 'test'), seq(time(o.notBefore), time(o.notAfter)), name(o.cn ?? 'test'), spki)
  const signer = o.issuer ?? subject
  const signature = crypto.sign('sha256', tbs, signer)
  const der = seq(tbs, SHA256_RSA, tlv(0x03, Buffer.from([0]), signature))
  const body = der.toString('base64').replace(/(.{64})/g, '$1\n').trim()
  return { pem: `-----BEGIN CERTIFICATE-----\n${body}\n-----END CERTIFICATE-----\n`, serial }
}

/** A 2048-bit RSA key pair, PEM (PKCS#8 private, SPKI public). */
export function rsaKeys(): { privateKey: crypto.KeyObject; privatePem: string; publicPem: string } {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
  return { privateKey, privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString() }
}
