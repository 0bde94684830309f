import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import type { Q } from '../../storage/query'
import { HEADER_OPERATOR_TOKEN, consoleAllows } from '../../../src/contract/consoleEndpoints'
import { CONSOLE_API, type ConsoleApiPath, type ConsoleRes } from '../../../src/contract/console'
import type { ConsoleEndpoint } from '../../../src/contract/api/define'
import { failZod, ok, refuse } from '../envelope'
import { createOperator, disableOperator, listOperators, meOf, operatorAuthRefusal, operatorSessionOf, resetTotp, signIn, signOut, type OperatorSession } from '../../domain/console/accounts'
import { auditList, recordAudit } from '../../domain/console/audit'
import { listCardProducts, saveCardProduct } from '../../domain/operator'
import type { CardProductRow } from '../../storage/repo/cards'
import { approveApplication, rejectApplication, showApplication } from '../../domain/merchant'
import { applicationDecision, applicationsPage } from '../../storage/repo/merchantApplications'
import { fmt } from '../../time'
import { productOf, saveProduct, saveSession, seckillIndex, sessionOf, setOnSale } from '../../domain/console/seckill'
import { cancelChange, fuelIndex, scheduleChange } from '../../domain/console/fuel'
import { countRequest } from '../clientLimits'

/**
 * The operator's console calls (issue 45; src/contract/console.ts CONSOLE_API, docs/api.md "Console (operators)"). Each is
 * defined by defineConsoleRoute from its definition: the method, the operator's session from `Operator-Token` (never
 * `Access-Token`: a shopper's token is no operator's), the role checked against the contract's one table, the payload
 * through its zod schema — and the answer through its schema too, so nothing the contract does not name (a password
 * hash, a TOTP secret) can leave by mistake.
 */

export interface ConsoleContext<P extends ConsoleApiPath> {
  input: z.output<(typeof CONSOLE_API)[P]['req']>
  /** The caller's session (null only on signIn, the one call without one). */
  session: OperatorSession
  req: FastifyRequest
  reply: FastifyReply
}

/** The operator token a request carries (the header only: never a URL), or null. */
export function operatorTokenOf(req: FastifyRequest): string | null {
  const raw = req.headers[HEADER_OPERATOR_TOKEN.toLowerCase()]
  const token = Array.isArray(raw) ? raw[0] : raw
  return token && token.length <= 200 ? token : null
}

/**
 * One console call, registered from its definition (method, schemas, and whether it needs a session: all but signIn,
 * whose definition says `session: false`). Refusals: no operator token → code -1 `operator_login_required`;
 * a token of no live session (ended, expired, a shopper's) → code -1 `operator_session_expired`; a role the contract's
 * table does not list for the area → code 0 `operator_role_refused`.
 */
export function defineConsoleRoute<P extends ConsoleApiPath>(app: FastifyInstance, db: Q, path: P, handler: (ctx: ConsoleContext<P>) => Promise<ConsoleRes<P>>): void {
  const endpoint: ConsoleEndpoint = CONSOLE_API[path]
  const method = endpoint.method
  const sessionNeeded = endpoint.session !== false
  app.route({
    method,
    url: `/api/${path}`,
    handler: async (req, reply) => {
      let session: OperatorSession | null = null
      if (sessionNeeded) {
        const token = operatorTokenOf(req)
        const found = token ? await operatorSessionOf(db, token) : null
        if (found === null || found === 'expired') throw operatorAuthRefusal(token !== null)
        if (!consoleAllows(found.operator.role, path)) throw refuse('operator_role_refused', { role: found.operator.role })
        session = found
      }
      const source: unknown = method === 'GET' ? req.query : req.body
      const parsed = endpoint.req.safeParse(source ?? {})
      if (!parsed.success) return failZod(parsed.error)
      const data = await handler({ input: parsed.data as ConsoleContext<P>['input'], session: session as OperatorSession, req, reply })
      return ok(endpoint.res.parse(data) as ConsoleRes<P>)
    },
  })
}

const cardOf = (c: CardProductRow | (Omit<CardProductRow, 'benefits'> & { benefits: string[] })) => ({
  id: Number(c.id),
  name: c.name,
  level: Number(c.level),
  price: Number(c.price),
  days: Number(c.days),
  member_rate: Number(c.member_rate),
  benefits: typeof c.benefits === 'string' ? (JSON.parse(c.benefits) as string[]) : c.benefits,
  on_sale: Number(c.on_sale) === 1,
})

export function consoleRoutes(app: FastifyInstance, db: Q): void {
  // ——— Sessions ———
  defineConsoleRoute(app, db, 'console.auth/signIn', async ({ input, req }) => signIn(db, input, req.ip, countRequest))
  defineConsoleRoute(app, db, 'console.auth/signOut', async ({ session }) => {
    await signOut(db, session)
    return { signed_out: true as const }
  })
  defineConsoleRoute(app, db, 'console.auth/me', async ({ session }) => meOf(session))

  // ——— Operators (admin) ———
  defineConsoleRoute(app, db, 'console.operator/index', async ({ input }) => listOperators(db, input.page, input.page_size))
  defineConsoleRoute(app, db, 'console.operator/create', async ({ input, session }) => createOperator(db, input, session.operator.id))
  defineConsoleRoute(app, db, 'console.operator/disable', async ({ input, session }) => ({ operator: await disableOperator(db, session.operator.id, input.id, input.reason) }))
  defineConsoleRoute(app, db, 'console.operator/resetTotp', async ({ input, session }) => resetTotp(db, session.operator.id, input.id, input.reason ?? null))

  // ——— The audit trail (admin, finance) ———
  defineConsoleRoute(app, db, 'console.audit/index', async ({ input }) => auditList(db, input))

  // ——— Card products (admin, content): server/domain/operator.ts, as `npm run admin -- card-*` ———
  defineConsoleRoute(app, db, 'console.card/index', async () => ({ list: (await listCardProducts(db)).map(cardOf) }))
  defineConsoleRoute(app, db, 'console.card/save', async ({ input, session }) =>
    db.transaction('serializable', async (db) => {
      const { id, reason, lang: _lang, share_user_user_id: _share, ...fields } = input
      const { before, after } = await saveCardProduct(db, id, fields)
      await recordAudit(db, session.operator.id, { action: before ? 'card.save' : 'card.create', target_kind: 'card_product', target_id: after.id, before: before && cardOf(before), after: cardOf(after), reason: reason ?? null })
      return { card: cardOf(after) }
    }),
  )

  // ——— Merchant applications (admin, reviewer): server/domain/merchant.ts, as `npm run admin -- review / reject / approve` ———
  defineConsoleRoute(app, db, 'console.merchant/index', async ({ input }) => {
    const { rows, total } = await applicationsPage(db, input.status, input.page_size, (input.page - 1) * input.page_size)
    return { list: rows.map((r) => ({ ...r, status: r.status as never, updated_at_text: fmt(r.updated_at) })), total, page: input.page, page_size: input.page_size }
  })
  // Opening a submitted application marks it in review (the applicant sees that): a write, so it is recorded too.
  defineConsoleRoute(app, db, 'console.merchant/read', async ({ input, session }) =>
    db.transaction('serializable', async (db) => {
      const before = await applicationDecision(db, input.id)
      const application = await showApplication(db, input.id)
      if (before && before.status !== application.status) {
        await recordAudit(db, session.operator.id, { action: 'merchant.open', target_kind: 'merchant_application', target_id: input.id, before, after: await applicationDecision(db, input.id) })
      }
      return { application }
    }),
  )
  defineConsoleRoute(app, db, 'console.merchant/reject', async ({ input, session }) =>
    db.transaction('serializable', async (db) => {
      const before = await applicationDecision(db, input.id)
      const application = await rejectApplication(db, input.id, input.reasons)
      await recordAudit(db, session.operator.id, { action: 'merchant.reject', target_kind: 'merchant_application', target_id: input.id, before, after: await applicationDecision(db, input.id), reason: Object.entries(input.reasons).map(([f, why]) => `${f}: ${why}`).join('; ') })
      return { application }
    }),
  )
  defineConsoleRoute(app, db, 'console.merchant/approve', async ({ input, session }) =>
    db.transaction('serializable', async (db) => {
      const before = await applicationDecision(db, input.id)
      const { application, shopId } = await approveApplication(db, input.id)
      await recordAudit(db, session.operator.id, { action: 'merchant.approve', target_kind: 'merchant_application', target_id: input.id, before, after: await applicationDecision(db, input.id) })
      return { application, shop_id: shopId }
    }),
  )
  // ——— Content: flash sales and fuel prices (admin, content; c45-content) ———
  // Shoppers read these rows on every call (no answer is kept: nothing to invalidate); orders keep their own amounts.
  defineConsoleRoute(app, db, 'console.seckill/index', async () => seckillIndex(db))
  defineConsoleRoute(app, db, 'console.seckill/saveSession', async ({ input, session }) =>
    db.transaction('serializable', async (db) => {
      const { before, after } = await saveSession(db, input.id, input)
      await recordAudit(db, session.operator.id, { action: before ? 'seckill.saveSession' : 'seckill.createSession', target_kind: 'seckill_session', target_id: after.id, before: before && sessionOf(before), after: sessionOf(after), reason: input.reason ?? null })
      return { session: sessionOf(after) }
    }),
  )
  defineConsoleRoute(app, db, 'console.seckill/saveProduct', async ({ input, session }) =>
    db.transaction('serializable', async (db) => {
      const { id, reason, lang: _lang, share_user_user_id: _share, ...fields } = input
      const { before, after } = await saveProduct(db, id, fields)
      await recordAudit(db, session.operator.id, { action: before ? 'seckill.saveProduct' : 'seckill.createProduct', target_kind: 'seckill_product', target_id: after.id, before: before && productOf(before), after: productOf(after), reason: reason ?? null })
      return { product: productOf(after) }
    }),
  )
  defineConsoleRoute(app, db, 'console.seckill/setOnSale', async ({ input, session }) =>
    db.transaction('serializable', async (db) => {
      const { before, after } = await setOnSale(db, input.id, input.on_sale)
      await recordAudit(db, session.operator.id, { action: input.on_sale ? 'seckill.restore' : 'seckill.withdraw', target_kind: 'seckill_product', target_id: input.id, before: productOf(before), after: productOf(after), reason: input.reason ?? null })
      return { product: productOf(after) }
    }),
  )
  defineConsoleRoute(app, db, 'console.fuel/index', async ({ input }) => fuelIndex(db, input.lang === 'en' ? 'en' : 'zh'))
  defineConsoleRoute(app, db, 'console.fuel/schedule', async ({ input, session }) =>
    db.transaction('serializable', async (db) => {
      const { before, after } = await scheduleChange(db, session.operator.id, input)
      await recordAudit(db, session.operator.id, { action: 'fuel.schedule', target_kind: 'oil_price_change', target_id: after.id, before: { shop_id: input.shop_id, ...before }, after, reason: input.reason ?? null })
      return { change: after }
    }),
  )
  defineConsoleRoute(app, db, 'console.fuel/cancel', async ({ input, session }) =>
    db.transaction('serializable', async (db) => {
      const { before, after } = await cancelChange(db, input.id)
      await recordAudit(db, session.operator.id, { action: 'fuel.cancel', target_kind: 'oil_price_change', target_id: input.id, before, after, reason: input.reason ?? null })
      return { change: after }
    }),
  )
}
