import type { Q } from '../../storage/query'
import * as repo from '../../storage/repo/operators'
import type { OperatorRecord } from '../../storage/repo/operators'
import { OPERATOR_ABSOLUTE_MS, OPERATOR_IDLE_MS, OPERATOR_SIGN_IN_LIMITS, type OperatorRole } from '../../../src/contract/consoleEndpoints'
import type { MeAnswer, OperatorRow, SignInAnswer } from '../../../src/contract/console'
import { CODE } from '../../../src/contract/envelope'
import { hashToken } from '../account'
import { refuse } from '../refusal'
import { fmt, nowMs } from '../../time'
import { dummyHash, hashPassword, newOperatorToken, newTotpSecret, otpauthUri, totpStep, verifyPassword } from './secrets'
import { recordAudit } from './audit'

/**
 * Operator accounts and sessions (issue 45; docs/operations.md "The operator's console"). An operator signs in with a
 * username, a password and the TOTP code of the moment; the session token is answered once and only its SHA-256 is kept.
 * A session ends on sign-out, after OPERATOR_IDLE_MS without a call, OPERATOR_ABSOLUTE_MS after sign-in, and when the
 * operator is disabled or given a new TOTP secret.
 */

/** The operator as the console shows it (never the password hash or the TOTP secret). */
export const operatorRowOf = (o: OperatorRecord): OperatorRow => ({
  id: o.id,
  username: o.username,
  name: o.name,
  role: o.role,
  disabled_at: o.disabled_at,
  created_at: o.created_at,
  created_at_text: fmt(o.created_at),
  created_by: o.created_by,
})

/** What the audit trail records of an operator: the console's row (no secrets). */
const audited = (o: OperatorRecord) => {
  const { created_at_text: _text, ...rest } = operatorRowOf(o)
  return rest
}

export interface NewOperator {
  username: string
  name: string
  role: OperatorRole
  password: string
}

/**
 * A new operator with a new TOTP secret, answered once with its otpauth:// URI. `by`: the administrator who creates it
 * (recorded, with an audit row in the same transaction); null from the command line or the demo seed (no audit row:
 * nobody signed in did it; created_by stays NULL).
 */
export async function createOperator(db: Q, input: NewOperator, by: number | null): Promise<{ operator: OperatorRow; totp_secret: string; otpauth_uri: string }> {
  const passwordHash = await hashPassword(input.password)
  const secret = newTotpSecret()
  const operator = await db.transaction('serializable', async (db) => {
    if (await repo.operatorByUsername(db, input.username)) throw refuse('operator_username_taken', { username: input.username })
    const id = await repo.insertOperator(db, { username: input.username, name: input.name, role: input.role, password_hash: passwordHash, totp_secret: secret, created_at: nowMs(), created_by: by })
    const row = (await repo.operatorById(db, id)) as OperatorRecord
    if (by !== null) await recordAudit(db, by, { action: 'operator.create', target_kind: 'operator', target_id: id, before: null, after: audited(row) })
    return row
  })
  return { operator: operatorRowOf(operator), totp_secret: secret, otpauth_uri: otpauthUri(operator.username, secret) }
}

export async function listOperators(db: Q, page: number, pageSize: number) {
  const total = await repo.countOperators(db)
  const rows = await repo.operatorsPage(db, pageSize, (page - 1) * pageSize)
  return { list: rows.map(operatorRowOf), total, page, page_size: pageSize }
}

const limitKeys = (username: string, address: string) => ({ user: `console.signIn user ${username}`, address: `console.signIn address ${address}` })

/**
 * Sign in. Every attempt counts against its username and its client address first (OPERATOR_SIGN_IN_LIMITS; counted in
 * the database, so every server process counts together): past either limit it is refused with the minutes left,
 * before any check. Then one refusal for every wrong part — no such operator, a disabled one, a wrong password, a wrong
 * or already used code — so an attempt learns nothing of which. A right one clears its username's count.
 */
/** Counts one attempt of a key in its window (server/http/clientLimits.ts countRequest, given by the route). */
export type AttemptCounter = (db: Q, key: string, windowMs: number, now: number) => Promise<{ current: number; ttl: number }>

export async function signIn(db: Q, input: { username: string; password: string; totp: string }, address: string, countRequest: AttemptCounter): Promise<SignInAnswer> {
  const now = nowMs()
  const keys = limitKeys(input.username, address)
  const { windowMs, perUsername, perAddress } = OPERATOR_SIGN_IN_LIMITS
  const byUser = await countRequest(db, keys.user, windowMs, now)
  const byAddress = await countRequest(db, keys.address, windowMs, now)
  const over = [byUser.current > perUsername ? byUser.ttl : 0, byAddress.current > perAddress ? byAddress.ttl : 0]
  const wait = Math.max(...over)
  if (wait > 0) throw refuse('operator_sign_in_locked', { minutes: Math.max(1, Math.ceil(wait / 60_000)) })

  const operator = await repo.operatorByUsername(db, input.username)
  // The same scrypt for an unknown username as for a known one.
  const passwordOk = await verifyPassword(input.password, operator?.password_hash ?? (await dummyHash()))
  if (!operator || operator.disabled_at !== null || !passwordOk) throw refuse('operator_sign_in_refused')
  const step = totpStep(operator.totp_secret, input.totp, now)
  if (step === null) throw refuse('operator_sign_in_refused')
  const token = newOperatorToken()
  const expiresAt = now + OPERATOR_ABSOLUTE_MS
  await db.transaction('serializable', async (db) => {
    // Spent once: a code already used (this step or a later one) is refused, as is a concurrent second use of it.
    if (!(await repo.spendTotpStep(db, operator.id, step))) throw refuse('operator_sign_in_refused')
    const sessionId = await repo.insertSession(db, { token_hash: hashToken(token), operator_id: operator.id, expires_at: expiresAt, now })
    await repo.clearLimit(db, keys.user)
    await recordAudit(db, operator.id, { action: 'auth.signIn', target_kind: 'operator_session', target_id: sessionId, before: null, after: { address, expires_at: expiresAt } })
  })
  return { token, operator: { id: operator.id, username: operator.username, name: operator.name, role: operator.role }, expires_at: expiresAt }
}

export interface OperatorSession {
  sessionId: number
  operator: { id: number; username: string; name: string; role: OperatorRole }
  expires_at: number
  idle_expires_at: number
}

/**
 * The session of a token: null when there is none (never was, signed out, pruned); 'expired' when it ended by idle or
 * absolute time just now (its row goes). A live one is seen now (its idle end moves).
 */
export async function operatorSessionOf(db: Q, token: string): Promise<OperatorSession | 'expired' | null> {
  const now = nowMs()
  const row = await repo.sessionByHash(db, hashToken(token))
  if (!row) return null
  if (row.disabled_at !== null || now >= row.expires_at || now - row.last_seen_at >= OPERATOR_IDLE_MS) {
    await repo.deleteSession(db, row.session_id)
    return 'expired'
  }
  await repo.touchSession(db, row.session_id, now)
  return {
    sessionId: row.session_id,
    operator: { id: row.operator_id, username: row.username, name: row.name, role: row.role },
    expires_at: row.expires_at,
    idle_expires_at: Math.min(row.expires_at, now + OPERATOR_IDLE_MS),
  }
}

export const meOf = (s: OperatorSession): MeAnswer => ({ operator: s.operator, expires_at: s.expires_at, idle_expires_at: s.idle_expires_at })

export async function signOut(db: Q, s: OperatorSession): Promise<void> {
  await db.transaction('serializable', async (db) => {
    if ((await repo.deleteSession(db, s.sessionId)) === 0) return
    await recordAudit(db, s.operator.id, { action: 'auth.signOut', target_kind: 'operator_session', target_id: s.sessionId, before: null, after: null })
  })
}

/** Disable an operator (never oneself): they can no longer sign in and their sessions end, at once. */
export async function disableOperator(db: Q, actor: number, id: number, reason: string): Promise<OperatorRow> {
  return db.transaction('serializable', async (db) => {
    if (id === actor) throw refuse('operator_cannot_disable_self')
    const before = await repo.operatorById(db, id)
    if (!before) throw refuse('operator_not_found')
    if (!(await repo.disableOperator(db, id, nowMs()))) throw refuse('operator_already_disabled')
    const ended = await repo.deleteSessionsOf(db, id)
    const after = (await repo.operatorById(db, id)) as OperatorRecord
    await recordAudit(db, actor, { action: 'operator.disable', target_kind: 'operator', target_id: id, before: audited(before), after: { ...audited(after), sessions_ended: ended }, reason })
    return operatorRowOf(after)
  })
}

/** A new TOTP secret (a lost phone), answered once; the operator's sessions end. The secrets are never in the audit trail. */
export async function resetTotp(db: Q, actor: number, id: number, reason: string | null): Promise<{ operator: OperatorRow; totp_secret: string; otpauth_uri: string }> {
  const secret = newTotpSecret()
  const operator = await db.transaction('serializable', async (db) => {
    const before = await repo.operatorById(db, id)
    if (!before) throw refuse('operator_not_found')
    await repo.setTotpSecret(db, id, secret)
    const ended = await repo.deleteSessionsOf(db, id)
    await recordAudit(db, actor, { action: 'operator.resetTotp', target_kind: 'operator', target_id: id, before: audited(before), after: { ...audited(before), totp_reset: true, sessions_ended: ended }, reason })
    return before
  })
  return { operator: operatorRowOf(operator), totp_secret: secret, otpauth_uri: otpauthUri(operator.username, secret) }
}

/** Housekeeping: sessions past their end. */
export const pruneOperatorSessions = (db: Q, now = nowMs()) => repo.pruneOperatorSessions(db, now, now - OPERATOR_IDLE_MS)

/** The refusal of a console call without a live operator session (code -1: the console shows its sign-in). */
export const operatorAuthRefusal = (sent: boolean) => refuse(sent ? 'operator_session_expired' : 'operator_login_required', {}, { code: CODE.AUTH })
