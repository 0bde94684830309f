import type { FastifyInstance } from 'fastify'
import type { Q } from '../../storage/query'
import type { PayProviders } from '../../domain/pay/providers'
import { defineConsoleRoute } from './console'
import { recordAudit } from '../../domain/console/audit'
import { moneyByDay, moneyByShop, moneyExport, moneyOfDay } from '../../domain/console/money'
import { approveRefundIn, maskPhone, rejectRefund } from '../../domain/store/store'
import { runCall } from '../../domain/pay/outbox'
import * as money from '../../storage/repo/consoleMoney'
import * as users from '../../storage/repo/users'
import { refuse } from '../../domain/refusal'
import { fmt, nowMs } from '../../time'

const HOUR_MS = 3_600_000

/**
 * The console's money views and decisions (issue 45; src/contract/consoleEndpoints.ts, docs/api.md "Console: money and
 * decisions"): finance's ledger by day and by shop with the day's CSV; refund requests the stores did not answer,
 * approved or refused in the store's place through the store's own functions; a shopper's sessions ended. Each decision
 * writes its audit row (before, after, the reason) in the transaction of the write. `answerWindowHours`: the refund
 * timer's (REFUND_AUTO_APPROVE_HOURS): a request waiting longer is past the store's answer window.
 */
export function consoleFinanceRoutes(app: FastifyInstance, db: Q, providers: PayProviders, answerWindowHours: number): void {
  // ——— Money (admin, finance) ———
  defineConsoleRoute(app, db, 'console.money/days', async ({ input }) => moneyByDay(db, input.from, input.to))
  defineConsoleRoute(app, db, 'console.money/shops', async ({ input }) => moneyByShop(db, input.from, input.to))
  defineConsoleRoute(app, db, 'console.money/day', async ({ input }) => moneyOfDay(db, input.day, input.kind, input.page, input.page_size))
  defineConsoleRoute(app, db, 'console.money/export', async ({ input }) => moneyExport(db, input.day, input.lang ?? 'zh'))

  // ——— Refund requests the stores did not answer (admin, finance) ———
  defineConsoleRoute(app, db, 'console.refund/index', async ({ input }) => {
    const now = nowMs()
    const windowStart = now - answerWindowHours * HOUR_MS
    const { rows, total } = await money.waitingRefunds(db, input.overdue_only ? windowStart : null, input.page_size, (input.page - 1) * input.page_size)
    return {
      list: rows.map((r) => ({
        order_id: r.id,
        order_no: r.order_no,
        title: r.title,
        shop_id: r.shop_id,
        shop_name: r.shop_name,
        amount: r.pay_amount,
        reason: r.refund_reason,
        asked_at: fmt(r.refund_requested_at),
        waiting_hours: Math.max(0, Math.floor((now - r.refund_requested_at) / HOUR_MS)),
        auto_approve_at: fmt(r.refund_requested_at + answerWindowHours * HOUR_MS),
        overdue: r.refund_requested_at <= windowStart,
        shopper_phone: maskPhone(r.phone),
      })),
      total,
      page: input.page,
      page_size: input.page_size,
      answer_window_hours: answerWindowHours,
      overdue_total: await money.overdueRefundCount(db, windowStart),
    }
  })
  defineConsoleRoute(app, db, 'console.refund/approve', async ({ input, session }) => {
    const { call, after } = await db.transaction('serializable', async (db) => {
      const before = await money.refundDecisionOf(db, input.order_id)
      if (!before) throw refuse('order_not_found')
      // The store's own approval (server/domain/store/store.ts): refunded at most once, the refund row unique per payment.
      const { call } = await approveRefundIn(db, input.order_id, 'platform')
      const after = await money.refundDecisionOf(db, input.order_id)
      await recordAudit(db, session.operator.id, { action: 'refund.approve', target_kind: 'order', target_id: input.order_id, before, after, reason: input.reason })
      return { call, after }
    })
    // The provider is asked after the commit (the outbox's call, as the store's approval does).
    if (call !== null) await runCall(db, providers, call)
    const now = await money.refundDecisionOf(db, input.order_id)
    return { order_id: input.order_id, status: now?.status ?? after?.status ?? 0, refund_no: after?.refund?.refund_no ?? null, refund_fen: after?.refund?.amount ?? 0 }
  })
  defineConsoleRoute(app, db, 'console.refund/reject', async ({ input, session }) =>
    db.transaction('serializable', async (db) => {
      const before = await money.refundDecisionOf(db, input.order_id)
      if (!before) throw refuse('order_not_found')
      // The store's own refusal: back to the status it was asked from; the shopper reads the reason on the order.
      await rejectRefund(db, input.order_id, null, input.reason)
      const after = await money.refundDecisionOf(db, input.order_id)
      await recordAudit(db, session.operator.id, { action: 'refund.reject', target_kind: 'order', target_id: input.order_id, before, after, reason: input.reason })
      return { order_id: input.order_id, status: after?.status ?? 0, refund_no: null, refund_fen: 0 }
    }),
  )

  // ——— A shopper's account (admin) ———
  const sessionsOf = async (db: Q, userId: number) =>
    (await users.liveSessionsOf(db, userId, nowMs())).map((t) => ({ id: Number(t.id), device: t.device, created_at_text: fmt(Number(t.created_at)), last_seen_at_text: fmt(Number(t.last_seen_at)) }))
  defineConsoleRoute(app, db, 'console.shopper/find', async ({ input }) => {
    const user = await users.userByPhone(db, input.phone)
    if (!user) throw refuse('user_not_found')
    return { shopper: { id: Number(user.id), phone_masked: maskPhone(user.phone), nickname: user.nickname }, sessions: await sessionsOf(db, Number(user.id)) }
  })
  defineConsoleRoute(app, db, 'console.shopper/endSessions', async ({ input, session }) =>
    db.transaction('serializable', async (db) => {
      if (!(await users.userExists(db, input.user_id))) throw refuse('user_not_found')
      const before = await sessionsOf(db, input.user_id)
      const { changes } = await users.endSessionsOf(db, input.user_id)
      await recordAudit(db, session.operator.id, { action: 'shopper.endSessions', target_kind: 'user', target_id: input.user_id, before: { sessions: before.map((s) => s.id) }, after: { sessions: [], ended: changes }, reason: input.reason })
      return { ended: changes }
    }),
  )
}
