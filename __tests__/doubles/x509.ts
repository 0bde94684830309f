import crypto from 'node:crypto'

/**
 * A self-signed X.509 certificate (RSA, SHA-256) built by hand in DER — node:crypto reads certificates but does not make
 * them, and the doubles need real ones made per run (the merchant's API certificate, WeChat Pay's platform
 * certificate). Only what a certificate needs: version 3, a serial, the signature algorithm, issuer = subject (one CN),
 * validity, the subject's public key; no extensions.
 */

const len = (n: number): Buffer => {
  if (n < 0x80) return Buffer.from([n])
  const bytes: number[] = []
  for (let v = n; v > 0; v >>= 8) bytes.unshift(v & 0xff)
  return Buffer.from([0x80 | bytes.length, ...bytes])
}
const tlv = (tag: number, body: Buffer): Buffer => Buffer.concat([Buffer.from([tag]), len(body.length), body])
const seq = (...items: Buffer[]) => tlv(0x30, Buffer.concat(items))
const set = (...items: Buffer[]) => tlv(0x31, Buffer.concat(items))
const int = (bytes: Buffer) => tlv(0x02, bytes[0] & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes)
const nul = () => Buffer.from([0x05, 0x00])
function oid(dotted: string): Buffer {
  const [a, b, ...rest] = dotted.split('.').map(Number)
  const out = [a * 40 + b]
  for (const n of rest) {
    const chunk: number[] = [n & 0x7f]
    for (let v = n >> 7; v > 0; v >>= 7) chunk.unshift((v & 0x7f) | 0x80)
    out.push(...chunk)
  }
  return tlv(0x06, Buffer.from(out))
}
const utf8 = (s: string) => tlv(0x0c, Buffer.from(s, 'utf8'))
/** GeneralizedTime (valid for any year): YYYYMMDDHHMMSSZ. */
const time = (d: Date) => tlv(0x18, Buffer.from(`${d.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`, 'ascii'))
const bitString = (b: Buffer) => tlv(0x03, Buffer.concat([Buffer.from([0]), b]))
const explicit = (n: number, inner: Buffer) => tlv(0xa0 + n, inner)

const SHA256_WITH_RSA = seq(oid('1.2.840.113549.1.1.11'), nul())

export interface MadeCertificate {
  pem: string
  /** Upper-case hex, as WeChat Pay prints serials. */
  serial: string
}

/** A certificate for `keys.publicKey`, signed with `keys.privateKey`, valid from `from` to `to`. */
export function selfSignedCertificate(keys: { publicKey: crypto.KeyObject; privateKey: crypto.KeyObject }, cn: string, opts: { serial?: string; from?: Date; to?: Date } = {}): MadeCertificate {
  const serialHex = (opts.serial ?? crypto.randomBytes(16).toString('hex')).toUpperCase().replace(/^0+/, '') || '1'
  const serialBytes = Buffer.from(serialHex.length % 2 ? `0${serialHex}` : serialHex, 'hex')
  const name = seq(set(seq(oid('2.5.4.3'), utf8(cn))))
  const from = opts.from ?? new Date(Date.now() - 24 * 3_600_000)
  const to = opts.to ?? new Date(Date.now() + 365 * 24 * 3_600_000)
  const spki = keys.publicKey.export({ type: 'spki', format: 'der' })
  const tbs = seq(explicit(0, int(Buffer.from([2]))), int(serialBytes), SHA256_WITH_RSA, name, seq(time(from), time(to)), name, spki)
  const signature = crypto.sign('sha256', tbs, keys.privateKey)
  const der = seq(tbs, SHA256_WITH_RSA, bitString(signature))
  const pem = `-----BEGIN CERTIFICATE-----\n${der.toString('base64').replace(/(.{64})/g, '$1\n').replace(/\n$/, '')}\n-----END CERTIFICATE-----\n`
  return { pem, serial: new crypto.X509Certificate(pem).serialNumber.toUpperCase() }
}
