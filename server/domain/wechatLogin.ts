import crypto from 'node:crypto'
import type { Q } from '../storage/query'
import { oauthStateKey } from '../storage/repo/wechat'
import { realNowMs } from '../time'

/**
 * The official account's OAuth `state` (issue 40): WeChat hands it back with the code, and the server believes the code
 * only with a state it made within the last OAUTH_STATE_MS — `<expiry, base 36>.<nonce>.<HMAC>`, keyed by a random key
 * kept in the database's settings (every process checks what any made; no row per state).
 */

export const OAUTH_STATE_MS = 10 * 60_000

const keys = new WeakMap<Q, Buffer>()

async function keyOf(db: Q): Promise<Buffer> {
  let key = keys.get(db.root)
  if (!key) {
    key = Buffer.from(await oauthStateKey(db, crypto.randomBytes(32).toString('hex')))
    keys.set(db.root, key)
  }
  return key
}

const mac = (key: Buffer, body: string) => crypto.createHmac('sha256', key).update(body).digest('base64url').slice(0, 22)

export async function makeOauthState(db: Q, now = realNowMs()): Promise<string> {
  const body = `${(now + OAUTH_STATE_MS).toString(36)}.${crypto.randomBytes(6).toString('base64url')}`
  return `${body}.${mac(await keyOf(db), body)}`
}

export async function checkOauthState(db: Q, state: string, now = realNowMs()): Promise<boolean> {
  const m = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{8})\.([A-Za-z0-9_-]{22})$/.exec(state)
  if (!m) return false
  const expected = mac(await keyOf(db), `${m[1]}.${m[2]}`)
  if (!crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(m[3]))) return false
  return parseInt(m[1], 36) > now
}
