import type { Q } from '../../storage/query'
import * as repo from '../../storage/repo/operators'
import type { AuditRow, ConsoleAuditAction } from '../../../src/contract/console'
import type { ConsoleArea } from '../../../src/contract/consoleEndpoints'
import { fmt, nowMs } from '../../time'

/**
 * The audit trail of the operator's console (issue 45): one row per write — who, when, what (kind and id), the row
 * before and after as JSON, the operator's reason. Written with the Q of the write's own transaction, so a write and
 * its row commit or roll back together (refused outside a transaction).
 */
export interface AuditEntry {
  action: ConsoleAuditAction
  target_kind: string
  target_id: number | string | null
  before: unknown
  after: unknown
  reason?: string | null
}

export async function recordAudit(db: Q, operatorId: number, e: AuditEntry): Promise<void> {
  if (!db.inTransaction) throw new Error('recordAudit: only inside the transaction of the write it records')
  await repo.insertAudit(db, {
    operator_id: operatorId,
    at: nowMs(),
    action: e.action,
    target_kind: e.target_kind,
    target_id: e.target_id === null ? null : String(e.target_id),
    before_json: e.before === null || e.before === undefined ? null : JSON.stringify(e.before),
    after_json: e.after === null || e.after === undefined ? null : JSON.stringify(e.after),
    reason: e.reason ?? null,
  })
}

const parsed = (text: string | null): unknown => (text === null ? null : (JSON.parse(text) as unknown))

export async function auditList(db: Q, q: { page: number; page_size: number; operator_id?: number; area?: ConsoleArea }) {
  const { rows, total } = await repo.auditPage(db, { operatorId: q.operator_id, area: q.area }, q.page_size, (q.page - 1) * q.page_size)
  const list: AuditRow[] = rows.map((r) => ({
    id: r.id,
    operator_id: r.operator_id,
    operator_username: r.operator_username,
    operator_name: r.operator_name,
    at: r.at,
    at_text: fmt(r.at),
    action: r.action as ConsoleAuditAction,
    target_kind: r.target_kind,
    target_id: r.target_id,
    before: parsed(r.before_json),
    after: parsed(r.after_json),
    reason: r.reason,
  }))
  return { list, total, page: q.page, page_size: q.page_size }
}
