import crypto from 'node:crypto'
import { Secret, TOTP } from 'otpauth'
import { OPERATOR_TOTP } from '../../../src/contract/consoleEndpoints'

/**
 * The operator's two factors (issue 45; docs/decisions/2026-12-06-operator-console.md "Operator accounts and second
 * factor"): the password as node:crypto scrypt with a salt of its own, compared in constant time; the TOTP code by
 * RFC 6238 through the `otpauth` library, on the server's clock (the caller passes nowMs()).
 */

/** scrypt's cost: N = 2^15, r = 8, p = 1 (32 MiB, ~50 ms a hash), a 64-byte key. Stored with the hash, so it can be raised later. */
const SCRYPT = { N: 1 << 15, r: 8, p: 1, keylen: 64, maxmem: 64 * 1024 * 1024 } as const

function scrypt(password: string, salt: Buffer, p: { N: number; r: number; p: number; keylen: number }): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    crypto.scrypt(password.normalize('NFC'), salt, p.keylen, { N: p.N, r: p.r, p: p.p, maxmem: SCRYPT.maxmem }, (err, key) => (err ? reject(err) : resolve(key))),
  )
}

/** `scrypt$N$r$p$<salt base64>$<key base64>` */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16)
  const key = await scrypt(password, salt, SCRYPT)
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64'), key.toString('base64')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, key] = stored.split('$')
  if (kind !== 'scrypt' || !salt || !key) return false
  const expected = Buffer.from(key, 'base64')
  const got = await scrypt(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p), keylen: expected.length })
  return got.length === expected.length && crypto.timingSafeEqual(got, expected)
}

let dummy: Promise<string> | null = null
/** A hash no password matches: an unknown username costs the same scrypt as a known one (no timing hint). */
export const dummyHash = (): Promise<string> => (dummy ??= hashPassword(crypto.randomBytes(24).toString('base64')))

/** A new TOTP secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32

const totpOf = (username: string, secret: string) =>
  new TOTP({ issuer: OPERATOR_TOTP.issuer, label: username, algorithm: OPERATOR_TOTP.algorithm, digits: OPERATOR_TOTP.digits, period: OPERATOR_TOTP.period, secret: Secret.fromBase32(secret) })

/** otpauth://totp/One%20Card%20Pass:<username>?secret=…&issuer=… for the authenticator app. */
export const otpauthUri = (username: string, secret: string): string => totpOf(username, secret).toString()

/**
 * The time step (30 s since the epoch) a code belongs to, within one step either side of `now`; null when it is none
 * of them. The caller spends the step (one use per step: replays refused).
 */
export function totpStep(secret: string, code: string, now: number): number | null {
  if (!new RegExp(`^\\d{${OPERATOR_TOTP.digits}}$`).test(code)) return null
  const delta = totpOf('', secret).validate({ token: code, timestamp: now, window: OPERATOR_TOTP.window })
  return delta === null ? null : Math.floor(now / 1000 / OPERATOR_TOTP.period) + delta
}

/** The code of a moment (the command line's check, the tests and the demo's sign-in helpers). */
export const totpCode = (secret: string, at: number): string => totpOf('', secret).generate({ timestamp: at })

/** A session token: `op_` and 32 random bytes (base64url). Stored only as its SHA-256. */
export const newOperatorToken = (): string => `op_${crypto.randomBytes(32).toString('base64url')}`
