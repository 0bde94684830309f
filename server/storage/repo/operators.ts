import type { Q } from '../query'
import type { OperatorRole } from '../../../src/contract/consoleEndpoints'

/**
 * The operator's console (issue 45; server/domain/console/): operators, their sessions (the token's hash only) and the
 * audit trail. Times are ms on the server's clock.
 */
export interface OperatorRecord {
  id: number
  username: string
  name: string
  role: OperatorRole
  password_hash: string
  totp_secret: string
  totp_last_step: number
  disabled_at: number | null
  created_at: number
  created_by: number | null
}

const COLS = 'id, username, name, role, password_hash, totp_secret, totp_last_step, disabled_at, created_at, created_by'

/** PostgreSQL answers bigint columns as text: every number read here is made a number. */
const num = (v: unknown): number => Number(v)
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v))

const recordOf = (r: OperatorRecord | undefined): OperatorRecord | undefined =>
  r && { ...r, id: num(r.id), totp_last_step: num(r.totp_last_step), disabled_at: numOrNull(r.disabled_at), created_at: num(r.created_at), created_by: numOrNull(r.created_by) }

export const operatorById = async (db: Q, id: number) => recordOf(await db.get<OperatorRecord>(`SELECT ${COLS} FROM operators WHERE id = ?`, id))
export const operatorByUsername = async (db: Q, username: string) => recordOf(await db.get<OperatorRecord>(`SELECT ${COLS} FROM operators WHERE username = ?`, username))

export const insertOperator = (db: Q, o: { username: string; name: string; role: OperatorRole; password_hash: string; totp_secret: string; created_at: number; created_by: number | null }) =>
  db.insert('INSERT INTO operators (username, name, role, password_hash, totp_secret, created_at, created_by) VALUES (?, ?, ?, ?, ?, ?, ?)', o.username, o.name, o.role, o.password_hash, o.totp_secret, o.created_at, o.created_by)

export const countOperators = async (db: Q) => num(await db.value('SELECT COUNT(*) FROM operators'))

export const operatorsPage = async (db: Q, limit: number, offset: number) =>
  ((await db.all<OperatorRecord>(`SELECT ${COLS} FROM operators ORDER BY id DESC LIMIT ? OFFSET ?`, limit, offset)) as OperatorRecord[]).map((r) => recordOf(r) as OperatorRecord)

/** A TOTP step spent: true only when it is later than every step spent before (a code is accepted once). */
export const spendTotpStep = async (db: Q, id: number, step: number) =>
  (await db.run('UPDATE operators SET totp_last_step = ? WHERE id = ? AND totp_last_step < ? AND disabled_at IS NULL', step, id, step)).changes === 1

export const disableOperator = async (db: Q, id: number, at: number) => (await db.run('UPDATE operators SET disabled_at = ? WHERE id = ? AND disabled_at IS NULL', at, id)).changes === 1

export const setTotpSecret = async (db: Q, id: number, secret: string) => (await db.run('UPDATE operators SET totp_secret = ?, totp_last_step = 0 WHERE id = ?', secret, id)).changes === 1

// ——— Sessions ———

export interface OperatorSessionRow {
  session_id: number
  operator_id: number
  expires_at: number
  last_seen_at: number
  username: string
  name: string
  role: OperatorRole
  disabled_at: number | null
}

export const insertSession = (db: Q, s: { token_hash: string; operator_id: number; expires_at: number; now: number }) =>
  db.insert('INSERT INTO operator_sessions (token_hash, operator_id, expires_at, last_seen_at, created_at) VALUES (?, ?, ?, ?, ?)', s.token_hash, s.operator_id, s.expires_at, s.now, s.now)

export const sessionByHash = async (db: Q, tokenHash: string): Promise<OperatorSessionRow | undefined> => {
  const r = await db.get<OperatorSessionRow>(
    `SELECT s.id AS session_id, s.operator_id, s.expires_at, s.last_seen_at, o.username, o.name, o.role, o.disabled_at
       FROM operator_sessions s JOIN operators o ON o.id = s.operator_id WHERE s.token_hash = ?`,
    tokenHash,
  )
  return r && { ...r, session_id: num(r.session_id), operator_id: num(r.operator_id), expires_at: num(r.expires_at), last_seen_at: num(r.last_seen_at), disabled_at: numOrNull(r.disabled_at) }
}

export const touchSession = (db: Q, sessionId: number, now: number) => db.run('UPDATE operator_sessions SET last_seen_at = ? WHERE id = ?', now, sessionId)

export const deleteSession = async (db: Q, sessionId: number) => (await db.run('DELETE FROM operator_sessions WHERE id = ?', sessionId)).changes

export const deleteSessionsOf = async (db: Q, operatorId: number) => (await db.run('DELETE FROM operator_sessions WHERE operator_id = ?', operatorId)).changes

/** Housekeeping: sessions past their absolute end or idle past `idleBefore`. */
export const pruneOperatorSessions = async (db: Q, now: number, idleBefore: number) =>
  (await db.run('DELETE FROM operator_sessions WHERE expires_at <= ? OR last_seen_at <= ?', now, idleBefore)).changes

// ——— Sign-in limits (the per-client counts of server/http/clientLimits.ts) ———

/** A right sign-in clears its username's count. */
export const clearLimit = (db: Q, key: string) => db.run('DELETE FROM client_limits WHERE key = ?', key)

// ——— The audit trail ———

export interface AuditInsert {
  operator_id: number
  at: number
  action: string
  target_kind: string
  target_id: string | null
  before_json: string | null
  after_json: string | null
  reason: string | null
}

export const insertAudit = (db: Q, a: AuditInsert) =>
  db.insert(
    'INSERT INTO operator_audit (operator_id, at, action, target_kind, target_id, before_json, after_json, reason) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    a.operator_id,
    a.at,
    a.action,
    a.target_kind,
    a.target_id,
    a.before_json,
    a.after_json,
    a.reason,
  )

export interface AuditRecord extends AuditInsert {
  id: number
  operator_username: string
  operator_name: string
}

/** Newest first; by operator and by area (`<area>.` of the action). */
export async function auditPage(db: Q, filter: { operatorId?: number; area?: string }, limit: number, offset: number): Promise<{ rows: AuditRecord[]; total: number }> {
  const where: string[] = []
  const params: Array<string | number> = []
  if (filter.operatorId !== undefined) {
    where.push('a.operator_id = ?')
    params.push(filter.operatorId)
  }
  if (filter.area !== undefined) {
    where.push('a.action LIKE ?')
    params.push(`${filter.area}.%`)
  }
  const cond = where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''
  const total = num(await db.value(`SELECT COUNT(*) FROM operator_audit a ${cond}`, ...params))
  const rows = await db.all<AuditRecord>(
    `SELECT a.id, a.operator_id, a.at, a.action, a.target_kind, a.target_id, a.before_json, a.after_json, a.reason, o.username AS operator_username, o.name AS operator_name
       FROM operator_audit a JOIN operators o ON o.id = a.operator_id ${cond} ORDER BY a.id DESC LIMIT ? OFFSET ?`,
    ...params,
    limit,
    offset,
  )
  return { rows: rows.map((r) => ({ ...r, id: num(r.id), operator_id: num(r.operator_id), at: num(r.at) })), total }
}
