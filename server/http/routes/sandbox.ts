import type { Q } from '../../storage/query'
import crypto from 'node:crypto'
import cluster from 'node:cluster'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { Phone } from '../../../src/contract/common'
import { BizError, fail, failWith, failZod, ok } from '../envelope'
import { handleRefundNotification, notify, sameSitePath, type PaymentRow } from '../../domain/pay/pay'
import type { PayProviders } from '../../domain/pay/providers'
import { sameSignature, sandboxTransactionId, signNotification, signRefundNotification } from '../../providers/pay/sandbox'
import { DEFAULT_GOLDPLAN, receiptLinkOf, receiptSetting, type GoldPlanConfig } from '../../domain/pay/receipt'
import { byId as orderById, titleOf } from '../../storage/repo/orders'
import { rejectRefund } from '../../domain/store/store'
import { businessDay } from '../../domain/fuel'
import { CARRIERS } from '../../../src/contract/mallEndpoints'
import { carrierNow, moveCarrierClock, shipOrder, sweepParcels } from '../../domain/shipping'
import { fmt, nowMs, parseClockAt, realNowMs, refreshClock } from '../../time'
import * as settings from '../../storage/repo/settings'
import * as fuel from '../../storage/repo/fuel'
import { latestTradeOf, tradeByNo } from '../../storage/repo/payments'
import type { Sandbox } from '../../sandbox/sandbox'
import { sandboxMessages } from '../../domain/takeout/subscriptions'
import { CASHIER_DIRECTIVES, noncesOf } from '../security'
import { scopeNamed } from '../scope'

const Notify = z.object({
  trade_no: z.string().max(64),
  result: z.enum(['success', 'fail']),
  amount: z.number().int().nonnegative(),
  transaction_id: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/).optional(),
  sign: z.string().max(128),
})
const RefundNotify = z.object({ refund_no: z.string().max(64), result: z.enum(['success', 'fail']), amount: z.number().int().nonnegative(), sign: z.string().max(128) })
const CashierSubmit = z.object({ trade_no: z.string().max(64), result: z.enum(['success', 'fail']) })
const OutboxQuery = z.object({ phone: Phone })
const ReceiptLinkQuery = z.object({ order_id: z.coerce.number().int().positive().max(2_147_483_647) })
const MessagesQuery = z.object({ order_id: z.coerce.number().int().positive().max(2_147_483_647).optional() })
const ConfirmPay = z.object({ id: z.number().int().positive(), result: z.enum(['success', 'fail']) })
/** Move the sandbox carrier's clock forward by minutes (at most a year), or back to the server's clock. */
/** Ship a mall order as its store would, without a staff login (tests and demos). */
const SandboxShip = z.object({ id: z.number().int().positive(), carrier: z.enum(CARRIERS).default('ZTO'), tracking_no: z.string().regex(/^[A-Za-z0-9]{6,32}$/).optional() })
/**
 * Set the server's clock (issue 27): `at` — the moment it reads now and runs on from (ISO 8601 with its offset, or a
 * business wall time); `advance_minutes` — forward (or back, negative) from where it is; `reset` — back to CLOCK_AT's
 * clock (real time when unset). Nothing given: it only answers the clock.
 */
const ServerClock = z
  .object({
    at: z.string().max(40).refine((text) => parseClockAt(text) !== null, 'at — not a time (2028-02-29T23:59:50+08:00 or "2028-02-29 23:59:50")').optional(),
    advance_minutes: z.number().int().min(-525_600).max(525_600).optional(),
    reset: z.literal(true).optional(),
  })
  .strict()
  .refine((b) => [b.at, b.advance_minutes, b.reset].filter((v) => v !== undefined).length <= 1, 'give one of at, advance_minutes and reset')
const CarrierClock = z.object({ advance_minutes: z.number().int().min(0).max(525_600).optional(), reset: z.boolean().optional() })
const MovePrice = z.object({
  shop_id: z.number().int().positive(),
  grade: z.string().max(8),
  price: z.number().int().min(1).max(100_000),
  /** Business date "YYYY-MM-DD" the price applies from; today when not given. */
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
})
const AnswerRefund = z.object({ id: z.number().int().positive(), result: z.literal('refuse'), reason: z.string().trim().min(1).max(200).default('沙箱：商家拒绝退款') })

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The cashier's page; its inline style and script carry the answer's nonces (server/http/security.ts: CASHIER_DIRECTIVES). */
function cashierPage(p: PaymentRow, title: string, nonces: { script: string; style: string }): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>沙箱收银台 Sandbox cashier</title><link rel="icon" href="data:,">
<style nonce="${nonces.style}">body{font-family:system-ui,'PingFang SC',sans-serif;margin:0;background:#f5f6f8;color:#1a1a1a}main{max-width:420px;margin:0 auto;padding:32px 20px}
.card{background:#fff;border-radius:12px;padding:24px;text-align:center}.amount{font-size:36px;font-weight:700;margin:12px 0}.muted{color:#888;font-size:13px}
button{display:block;width:100%;height:48px;border-radius:24px;border:0;font-size:17px;margin-top:16px}#pay{background:#07c160;color:#fff}#fail{background:#fff;color:#e4393c;border:1px solid #e4393c}
button:disabled{opacity:.5}h1{font-size:18px}</style></head><body><main><div class="card">
<p class="muted">沙箱收银台 · Sandbox cashier (no real money)</p><h1>${esc(title)}</h1>
<div class="amount" id="amount">¥${(p.amount / 100).toFixed(2)}</div><p class="muted">交易号 ${esc(p.trade_no)}</p>
<button id="pay" type="button">确认支付 Pay</button><button id="fail" type="button">支付失败 Fail</button><p id="msg" class="muted"></p></div></main>
<script nonce="${nonces.script}">
function submit(result){document.getElementById('pay').disabled=true;document.getElementById('fail').disabled=true;
fetch('/sandbox/cashier',{method:'POST',headers:{'Content-Type':'application/json'},body:JSON.stringify({trade_no:${JSON.stringify(p.trade_no)},result:result})})
.then(function(r){return r.json()}).then(function(b){if(b.redirect){location.replace(b.redirect)}else{document.getElementById('msg').textContent=b.msg||'done'}})
.catch(function(){document.getElementById('msg').textContent='network error';document.getElementById('pay').disabled=false;document.getElementById('fail').disabled=false})}
document.getElementById('pay').onclick=function(){submit('success')};document.getElementById('fail').onclick=function(){submit('fail')};
</script></body></html>`
}

/** Sandbox helpers answer only a caller who has the per-start key (printed by the server at start). */
const SANDBOX_KEY_HEADER = 'x-sandbox-key'

/**
 * The sandbox, and nothing of it outside (issue 40: a production server serves no /sandbox or /api/sandbox route): the
 * sandbox provider's notify endpoints (as the provider would call them, signed), the channel-6 cashier, the OAuth
 * stand-in and the test conveniences (SMS outbox, JSAPI confirm, clocks, …), those behind the per-start sandbox key.
 */
export function sandboxRoutes(app: FastifyInstance, db: Q, sandbox: Sandbox, providers: PayProviders, secret: string, housekeeping: () => Promise<void>, goldplan: GoldPlanConfig = DEFAULT_GOLDPLAN): void {
  // The sandbox's alone (its own HMAC format, PAY_NOTIFY_SECRET): a production server takes notifications only from real
  // providers, each in its own format on its own path (/notify/wechatpay/…, /notify/alipay).
  if (!sandbox.enabled) return

  // The sandbox provider's notifications in its own format: the HMAC is checked here, then the domain compares the
  // normalized event with the stored trade (server/domain/pay/pay.ts settlePayment) — a trade of another provider, an
  // unknown trade or another amount is refused like a wrong signature.
  app.post('/api/pay/notify', async (req) => {
    const parsed = Notify.safeParse(req.body)
    if (!parsed.success) return failZod(parsed.error)
    const n = parsed.data
    if (!sameSignature(signNotification({ trade_no: n.trade_no, result: n.result, amount: n.amount, transaction_id: n.transaction_id }, secret), n.sign)) return fail('sandbox_bad_signature')
    const { outcome } = await notify(db, providers, { provider: 'sandbox', trade_no: n.trade_no, result: n.result, amount: n.amount, ...(n.transaction_id ? { transaction_id: n.transaction_id } : {}) })
    // A late or duplicate payment is accepted (the provider must stop retrying) and refunded.
    return outcome === 'rejected' ? fail('sandbox_bad_signature') : ok({ accepted: true, outcome })
  })

  app.post('/api/pay/refundNotify', async (req) => {
    const parsed = RefundNotify.safeParse(req.body)
    if (!parsed.success) return failZod(parsed.error)
    const n = parsed.data
    if (!sameSignature(signRefundNotification({ refund_no: n.refund_no, result: n.result, amount: n.amount }, secret), n.sign)) return fail('sandbox_bad_signature')
    return (await handleRefundNotification(db, { provider: 'sandbox', refund_no: n.refund_no, result: n.result, amount: n.amount })) ? ok({ accepted: true }) : fail('sandbox_bad_signature')
  })

  // The sandbox provider's notification, as its cashier sends it; a success carries the provider's transaction_id
  // (sandboxTransactionId). Only for the sandbox's own trades: a trade opened at a real provider is paid there.
  const notifyAs = (payment: PaymentRow, result: 'success' | 'fail') =>
    notify(db, providers, { provider: 'sandbox', trade_no: payment.trade_no, result, amount: payment.amount, ...(result === 'success' ? { transaction_id: sandboxTransactionId() } : {}) })

  app.get('/sandbox/cashier', { helmet: { contentSecurityPolicy: { useDefaults: false, directives: CASHIER_DIRECTIVES } } }, async (req, reply) => {
    const tradeNo = String((req.query as Record<string, unknown>).trade_no ?? '')
    const p = await tradeByNo(db, tradeNo)
    reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8')
    if (!p) return reply.code(404).send('<!doctype html><meta charset="utf-8"><p>交易不存在 Unknown trade</p>')
    return reply.send(cashierPage(p, await titleOf(db, p.order_id), noncesOf(reply)))
  })

  app.post('/sandbox/cashier', async (req) => {
    const parsed = CashierSubmit.safeParse(req.body)
    if (!parsed.success) return failZod(parsed.error)
    const p = await tradeByNo(db, parsed.data.trade_no)
    if (!p) return fail('sandbox_trade_not_found')
    // A closed trade (its order was cancelled) cannot be paid at the provider any more.
    if (p.status === 'closed') return { ...fail('sandbox_trade_closed'), redirect: p.fail_url ?? `/pages/orders/detail?id=${p.order_id}` }
    await notifyAs(p, parsed.data.result)
    const fallback = `/pages/orders/detail?id=${p.order_id}`
    return { code: 1, msg: 'ok', redirect: (parsed.data.result === 'success' ? p.success_url : p.fail_url) ?? fallback }
  })

  app.get('/sandbox/oauth', async (req, reply) => {
    const redirect = String((req.query as Record<string, unknown>).redirect ?? '/')
    // The same same-site check as the cashier's return paths: no "//host", no "/\\host".
    const target = sameSitePath(redirect) ?? '/'
    const code = `sandbox-${crypto.randomBytes(8).toString('hex')}`
    // WeChat hands the state back as it was given (server/domain/wechatLogin.ts); the stand-in does too.
    const state = String((req.query as Record<string, unknown>).state ?? '')
    const back = /^[A-Za-z0-9._-]{1,128}$/.test(state) ? `&state=${state}` : ''
    return reply.redirect(`${target}${target.includes('?') ? '&' : '?'}code=${code}${back}`)
  })

  app.register(scopeNamed('sandbox helpers', async (helpers: FastifyInstance) => {
    helpers.addHook('onRequest', async (req, reply) => {
      if (!sameSignature(sandbox.key, req.headers[SANDBOX_KEY_HEADER])) {
        return reply.code(403).send(fail('sandbox_key_required'))
      }
    })

    helpers.get('/api/sandbox/smsOutbox', async (req) => {
      const parsed = OutboxQuery.safeParse(req.query)
      if (!parsed.success) return failZod(parsed.error)
      return ok({ list: (await sandbox.outbox(parsed.data.phone)).map((m) => ({ code: m.code, at: m.at })) })
    })

    // Which server process answered (WORKERS=N, docs/multi-process.md): a test sees the port served by several. Sandbox only.
    helpers.get('/api/sandbox/process', async () => ok({ pid: process.pid, worker: cluster.worker?.id ?? null }))

    // WeChat Pay's stand-in for the receipt frame (server/domain/pay/receipt.ts): the link it would open for an order's paid trade.
    helpers.get('/api/sandbox/receiptLink', async (req) => {
      const parsed = ReceiptLinkQuery.safeParse(req.query)
      if (!parsed.success) return failZod(parsed.error)
      const setting = receiptSetting(goldplan, true, `${req.protocol}://${req.host}`)
      const url = setting && (await receiptLinkOf(db, setting, parsed.data.order_id))
      return url ? ok({ url, frame_origin: goldplan.frameOrigin }) : fail('sandbox_no_payment')
    })

    // Takeout subscription messages: what WeChat would have been asked to send (server/domain/takeout/subscriptions.ts), oldest first.
    helpers.get('/api/sandbox/messages', async (req) => {
      const parsed = MessagesQuery.safeParse(req.query)
      if (!parsed.success) return failZod(parsed.error)
      const orderId = parsed.data.order_id
      return ok({ list: await sandboxMessages(db, orderId) })
    })

    helpers.post('/api/sandbox/confirmPay', async (req) => {
      const parsed = ConfirmPay.safeParse(req.body)
      if (!parsed.success) return failZod(parsed.error)
      const p = await latestTradeOf(db, parsed.data.id)
      if (!p) return fail('sandbox_no_payment')
      const { payment } = await notifyAs(p, parsed.data.result)
      return ok({ status: payment?.status ?? p.status })
    })

    // Fuel: move a station's list price of a grade from a day on (today by default), so a test can change the
    // price between the shopper's quote and create (the price-moved confirmation).
    helpers.post('/api/sandbox/movePrice', async (req) => {
      const parsed = MovePrice.safeParse(req.body)
      if (!parsed.success) return failZod(parsed.error)
      const { shop_id, grade, price, from } = parsed.data
      if (!(await fuel.offersGrade(db, shop_id, grade))) return fail('sandbox_grade_not_sold')
      await fuel.setPrice(db, shop_id, grade, price, from ?? businessDay())
      return ok({ shop_id, grade, price, from: from ?? businessDay() })
    })

    // Parcels: the sandbox carrier's events follow its clock; move it instead of waiting hours or days. The due
    // events are stored and unconfirmed delivered parcels completed at once (the timer would on its next run).
    helpers.post('/api/sandbox/carrierClock', async (req) => {
      const parsed = CarrierClock.safeParse(req.body)
      if (!parsed.success) return failZod(parsed.error)
      const offset = await moveCarrierClock(db, parsed.data.advance_minutes ?? 0, parsed.data.reset)
      const completed = await sweepParcels(db, app.parcelTracker)
      return ok({ offset_minutes: Math.round(offset / 60_000), carrier_now: fmt(carrierNow()), completed })
    })

    // The server's one clock (server/time.ts): kept in the database, so every process on the file reads it (within
    // CLOCK_FRESH_MS; this one at once). Timers act on the new time at their next run.
    helpers.post('/api/sandbox/clock', async (req) => {
      const parsed = ServerClock.safeParse(req.body ?? {})
      if (!parsed.success) return failZod(parsed.error)
      const { at, advance_minutes, reset } = parsed.data
      if (at !== undefined || advance_minutes !== undefined || reset) {
        await db.transaction('serializable', async (db) => {
          refreshClock()
          const real = realNowMs()
          const current = nowMs() - real
          const offset = reset ? null : at !== undefined ? (parseClockAt(at) ?? real) - real : current + (advance_minutes ?? 0) * 60_000
          await settings.setOffset(db, settings.CLOCK_OFFSET_KEY, offset)
        })
        await settings.reloadClockOffsets(db)
        refreshClock()
      }
      const now = nowMs()
      return ok({ now: fmt(now), now_ms: now, moved: (await settings.readClockOffsets(db)).server !== null })
    })

    // The housekeeping sweep at once (app.ts: expiries, refund retries and approvals, takeout's acceptance timer,
    // parcels, sessions) instead of at its next run (SWEEP_MS): after moving the clock, a test sees what the timers do.
    helpers.post('/api/sandbox/sweep', async () => {
      await housekeeping()
      return ok({ now: fmt(nowMs()) })
    })

    // A parcel shipped without a store account: the store's ship (hui_shanghu.store_order/ship), recorded with no user.
    helpers.post('/api/sandbox/ship', async (req) => {
      const parsed = SandboxShip.safeParse(req.body)
      if (!parsed.success) return failZod(parsed.error)
      const row = await orderById(db, parsed.data.id)
      if (!row) return fail('order_not_found')
      try {
        const shipped = await shipOrder(db, row, parsed.data.carrier, parsed.data.tracking_no ?? `ZT${String(row.id).padStart(10, '0')}`, null)
        return ok({ status: shipped.status })
      } catch (err) {
        if (err instanceof BizError) return failWith(err)
        throw err
      }
    })

    // A refusal without a store account (tests and demos): the same rejection as the store's
    // (hui_shanghu.store_order/refundReject), recorded with no user; the order goes back where it was.
    helpers.post('/api/sandbox/answerRefund', async (req) => {
      const parsed = AnswerRefund.safeParse(req.body)
      if (!parsed.success) return failZod(parsed.error)
      try {
        const row = await rejectRefund(db, parsed.data.id, null, parsed.data.reason)
        return ok({ status: row.status })
      } catch (err) {
        if (err instanceof BizError) return failWith(err)
        throw err
      }
    })
  }))
}
