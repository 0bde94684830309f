/**
 * The provider outbox (issue 28, server/domain/pay/outbox.ts): no transaction calls the payment provider — a transaction may run
 * again (PostgreSQL's 40001 retry; on SQLite a request answered 503 server_busy is sent again, a sweep runs again), and
 * a provider call made inside it would be made again. The call is recorded with the decision and made after the commit,
 * by one taker; the sweep retries what failed, a bounded number of times. The money rule stays: an order never reads
 * "cancelled" while a trade the provider reports paid exists, or while a trade is still open.
 */
import { sqliteQuery } from '../../server/storage/query'
import Database from 'better-sqlite3'
import { ORDER_STATUS } from '../../src/contract/constants'
import type { OrderInfo, PayparamAnswer } from '../../src/contract/order'
import { cancelExpired } from '../../server/domain/orders'
import { paymentInvariantViolations, signNotification } from '../../server/domain/pay/pay'
import type { PayProvider } from '../../server/domain/pay/provider'
import { nowMs } from '../../server/time'
import { SECRET, sqliteOf, startServer, type TestServer } from './helpers'

let s: TestServer
let token: string
let n = 0
beforeEach(async () => {
  // SQLite whatever TEST_DATABASE_URL says: the faults injected here are SQLite's (a busy write through a TEMP trigger,
  // another connection to the file), and `inTransaction` is read on its handle. On PostgreSQL, runCall's own guard
  // refuses a provider call inside a transaction (server/domain/pay/outbox.ts), and transaction() retries 40001/40P01.
  s = await startServer({ sqlite: true })
  token = (await s.login('13700000028')).token
})
afterEach(async () => {
  jest.restoreAllMocks()
  await s.close()
})

const create = async (): Promise<OrderInfo> => {
  const res = await s.call<{ order_info: OrderInfo }>('POST', 'personal.order/create', { client_request_id: `outbox-${n++}`, kind: 'bill', shop_id: 1, amount: 5000 }, token)
  expect(res.body.code).toBe(1)
  return res.body.data.order_info
}
const payparam = async (id: number): Promise<string> => {
  const res = await s.call<PayparamAnswer>('POST', 'personal.order/payparam', { id, platform: 'h5', pay_channel: 6 }, token)
  expect(res.body.code).toBe(1)
  return res.body.data.expend.pay_info
}
const statusOf = async (id: number) => (await s.row<{ status: number }>('SELECT status FROM orders WHERE id = ?', id)).status
const tradesOf = (id: number) => s.rows<{ trade_no: string; status: string }>('SELECT trade_no, status FROM payments WHERE order_id = ? ORDER BY id', id)
const refundsOf = (id: number) => s.rows<{ status: string }>('SELECT status FROM refunds WHERE order_id = ?', id)
const sweep = () => s.call('POST', 'sandbox/sweep', {})

/** The provider's calls, each with whether a transaction was open on the server's database when it was made. */
function watchProvider(provider: PayProvider = s.app.payProvider) {
  const seen: Array<{ kind: 'close' | 'refund'; ref: string; inTransaction: boolean }> = []
  const close = provider.closeTrade.bind(provider)
  const refund = provider.refund.bind(provider)
  const closeSpy = jest.spyOn(provider, 'closeTrade').mockImplementation((tradeNo) => {
    seen.push({ kind: 'close', ref: tradeNo, inTransaction: s.app.storage.inTransaction() })
    return close(tradeNo)
  })
  const refundSpy = jest.spyOn(provider, 'refund').mockImplementation((call) => {
    seen.push({ kind: 'refund', ref: call.refund_no, inTransaction: s.app.storage.inTransaction() })
    refund(call)
  })
  return { seen, closeSpy, refundSpy, close, refund }
}

/**
 * The next write that moves an order to cancelled fails as a busy database does (SQLITE_BUSY), `times` times: the
 * transaction around it is rolled back — as a transaction that must be run again. A SQL function keeps the count
 * outside the transaction. SQLite-only (a function of better-sqlite3's handle and a TEMP trigger on its connection), as
 * the cancel still is; on PostgreSQL the fault to inject would be another (a 40001 for the seam's transaction() to retry).
 */
function busyOnCancel(times = 1): void {
  let left = times
  sqliteOf(s.app).function('outbox_test_busy', () => {
    if (left <= 0) return 0
    left--
    throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' })
  })
  sqliteOf(s.app).exec(`CREATE TEMP TRIGGER outbox_test_busy BEFORE UPDATE OF status ON orders WHEN NEW.status = ${ORDER_STATUS.CANCELLED} BEGIN SELECT outbox_test_busy(); END`)
}

async function refundSettled(orderId: number): Promise<void> {
  const deadline = Date.now() + 5000
  while (Date.now() < deadline) {
    const rows = await refundsOf(orderId)
    if (rows.length > 0 && rows.every((r) => r.status !== 'pending')) return
    await new Promise((r) => setImmediate(r))
  }
  throw new Error(`the refund of order ${orderId} did not settle`)
}

describe('a cancel whose transaction must run again', () => {
  it("the shopper's cancel, answered busy once and sent again, closes the trade at the provider once, outside any transaction", async () => {
    const order = await create()
    const trade = await payparam(order.id)
    const provider = watchProvider()
    busyOnCancel()
    const first = await s.call('POST', 'personal.order/cancel', { id: order.id }, token)
    expect(first.status).toBe(503)
    expect(first.body).toMatchObject({ code: 0, reason: 'server_busy' })
    expect((await s.call('POST', 'personal.order/cancel', { id: order.id }, token)).body.code).toBe(1)
    expect(await statusOf(order.id)).toBe(ORDER_STATUS.CANCELLED)
    expect(await tradesOf(order.id)).toEqual([{ trade_no: trade, status: 'closed' }])
    expect(provider.seen).toEqual([{ kind: 'close', ref: trade, inTransaction: false }])
  })

  it('the 15-minute expiry, failing once and swept again, closes the trade once', async () => {
    const order = await create()
    const trade = await payparam(order.id)
    const provider = watchProvider()
    busyOnCancel()
    const later = nowMs() + 16 * 60_000
    await expect(cancelExpired(s.app.q, s.app.payProvider, later)).rejects.toMatchObject({ message: expect.stringContaining('database is locked') })
    expect(await cancelExpired(s.app.q, s.app.payProvider, later)).toBe(1)
    expect(await statusOf(order.id)).toBe(ORDER_STATUS.CANCELLED)
    expect(provider.seen).toEqual([{ kind: 'close', ref: trade, inTransaction: false }])
  })

  it("account deletion, answered busy once and sent again, closes the unpaid order's trade once", async () => {
    const order = await create()
    const trade = await payparam(order.id)
    const provider = watchProvider()
    busyOnCancel()
    expect((await s.call('POST', 'personal.user/delete', { confirm: true }, token)).status).toBe(503)
    expect((await s.call('POST', 'personal.user/delete', { confirm: true }, token)).body).toMatchObject({ code: 1, data: { deleted: true } })
    expect(await statusOf(order.id)).toBe(ORDER_STATUS.CANCELLED)
    expect(provider.seen).toEqual([{ kind: 'close', ref: trade, inTransaction: false }])
  })
})

describe('the money rule with the provider called outside the transaction', () => {
  it('a trade the provider reports paid stops the cancel; the payment then marks the order paid', async () => {
    const order = await create()
    const trade = await payparam(order.id)
    jest.spyOn(s.app.payProvider, 'closeTrade').mockReturnValue(false)
    expect((await s.call('POST', 'personal.order/cancel', { id: order.id }, token)).body).toMatchObject({ code: 0, reason: 'payment_processing' })
    expect(await statusOf(order.id)).toBe(ORDER_STATUS.UNPAID)
    const paid = await s.app.inject({ method: 'POST', url: '/api/pay/notify', payload: { trade_no: trade, result: 'success', amount: order.pay_amount, sign: signNotification({ trade_no: trade, result: 'success', amount: order.pay_amount }, SECRET) } })
    expect(paid.json()).toMatchObject({ code: 1, data: { outcome: 'paid' } })
    expect(await statusOf(order.id)).toBe(ORDER_STATUS.PAID)
  })

  it('a trade opened while the cancel closes the others (another process paying) is closed too before the order reads cancelled', async () => {
    const order = await create()
    const first = await payparam(order.id)
    const provider = watchProvider()
    let opened = false
    provider.closeSpy.mockImplementation((tradeNo) => {
      provider.seen.push({ kind: 'close', ref: tradeNo, inTransaction: s.app.storage.inTransaction() })
      if (!opened) {
        // Another process's payparam on another channel, between the closing and the cancel's transaction.
        opened = true
        // Written at once, on SQLite's handle: the provider is called synchronously inside the cancel, so this write must
        // land before it returns (the seam's helpers are async). SQLite-only until the cancel moves onto the seam.
        sqliteOf(s.app).prepare("INSERT INTO payments (order_id, trade_no, channel, amount, status) VALUES (?, 'T-meanwhile', 1, ?, 'pending')").run(order.id, order.pay_amount)
      }
      return provider.close(tradeNo)
    })
    expect((await s.call('POST', 'personal.order/cancel', { id: order.id }, token)).body.code).toBe(1)
    expect(await statusOf(order.id)).toBe(ORDER_STATUS.CANCELLED)
    expect(await tradesOf(order.id)).toEqual([
      { trade_no: first, status: 'closed' },
      { trade_no: 'T-meanwhile', status: 'closed' },
    ])
    expect(provider.seen.map((c) => c.ref)).toEqual([first, 'T-meanwhile'])
  })

  it("a payment notified while its trade is being closed stays attached: the provider's 'closed' never moves a paid trade; the cancel is refused, the ledger whole", async () => {
    const order = await create()
    const trade = await payparam(order.id)
    const close = s.app.payProvider.closeTrade.bind(s.app.payProvider)
    jest.spyOn(s.app.payProvider, 'closeTrade').mockImplementation(async (tradeNo) => {
      // The shopper's money lands, and its notification is answered, while the close is on its way to the provider.
      const paid = await s.app.inject({ method: 'POST', url: '/api/pay/notify', payload: { trade_no: trade, result: 'success', amount: order.pay_amount, sign: signNotification({ trade_no: trade, result: 'success', amount: order.pay_amount }, SECRET) } })
      expect(paid.json()).toMatchObject({ code: 1, data: { outcome: 'paid' } })
      return close(tradeNo)
    })
    expect((await s.call('POST', 'personal.order/cancel', { id: order.id }, token)).body).toMatchObject({ code: 0, reason: 'cancel_not_allowed' })
    expect(await statusOf(order.id)).toBe(ORDER_STATUS.PAID)
    expect(await tradesOf(order.id)).toEqual([{ trade_no: trade, status: 'paid' }])
    expect(await paymentInvariantViolations(s.app.q)).toEqual([])
  })
})

describe('a provider that fails', () => {
  it('leaves the order unpaid and the call to the sweep, which closes the trade when due; then the cancel goes through', async () => {
    const order = await create()
    const trade = await payparam(order.id)
    const provider = watchProvider()
    provider.closeSpy.mockImplementationOnce(() => {
      throw new Error('provider unreachable')
    })
    expect((await s.call('POST', 'personal.order/cancel', { id: order.id }, token)).body).toMatchObject({ code: 0, reason: 'payment_processing' })
    expect(await statusOf(order.id)).toBe(ORDER_STATUS.UNPAID)
    expect(await tradesOf(order.id)).toEqual([{ trade_no: trade, status: 'pending' }])
    // Not due yet (its backoff): neither the sweep nor a second cancel asks the provider again.
    await sweep()
    expect((await s.call('POST', 'personal.order/cancel', { id: order.id }, token)).body).toMatchObject({ code: 0, reason: 'payment_processing' })
    expect(provider.closeSpy).toHaveBeenCalledTimes(1)
    // Past the backoff the sweep makes the call; the shopper's cancel then needs no call at all.
    await s.call('POST', 'sandbox/clock', { advance_minutes: 1 })
    await sweep()
    expect(provider.closeSpy).toHaveBeenCalledTimes(2)
    expect(await tradesOf(order.id)).toEqual([{ trade_no: trade, status: 'closed' }])
    expect((await s.call('POST', 'personal.order/cancel', { id: order.id }, token)).body.code).toBe(1)
    expect(provider.closeSpy).toHaveBeenCalledTimes(2)
  })

  it('a refund the provider fails to take is not lost: the payment is answered, the sweep asks again once and the refund settles', async () => {
    const order = await create()
    const trade = await payparam(order.id)
    expect((await s.call('POST', 'personal.order/cancel', { id: order.id }, token)).body.code).toBe(1)
    const provider = watchProvider()
    provider.refundSpy.mockImplementationOnce(() => {
      throw new Error('provider unreachable')
    })
    // Money arrives for the cancelled order: refunded through the provider, which fails this once.
    const late = await s.app.inject({ method: 'POST', url: '/api/pay/notify', payload: { trade_no: trade, result: 'success', amount: order.pay_amount, sign: signNotification({ trade_no: trade, result: 'success', amount: order.pay_amount }, SECRET) } })
    expect(late.json()).toMatchObject({ code: 1, data: { outcome: 'refunding' } })
    expect(await refundsOf(order.id)).toEqual([{ status: 'pending' }])
    await s.call('POST', 'sandbox/clock', { advance_minutes: 1 })
    await sweep()
    await sweep()
    await refundSettled(order.id)
    expect(await refundsOf(order.id)).toEqual([{ status: 'succeeded' }])
    expect(provider.refundSpy).toHaveBeenCalledTimes(2)
    expect(provider.seen.every((c) => !c.inTransaction)).toBe(true)
  })
})

describe('several processes sweeping', () => {
  it('a due call is made by one of them: the other, sweeping while the call is under way, makes none', async () => {
    const order = await create()
    const trade = await payparam(order.id)
    const provider = watchProvider()
    provider.closeSpy.mockImplementationOnce(() => {
      throw new Error('provider unreachable')
    })
    expect((await s.call('POST', 'personal.order/cancel', { id: order.id }, token)).body.code).toBe(0)
    const { runCall, runDueCalls } = await import('../../server/domain/pay/outbox')
    // A second process: its own connection to the same database file, its own sweep. Both read the call as due; the
    // second tries to take it while the first is calling the provider.
    const other = new Database(`${s.dir}/test.sqlite`)
    other.pragma('busy_timeout = 5000')
    try {
      const at = nowMs() + 31_000
      const id = (await s.row<{ id: number }>("SELECT id FROM provider_calls WHERE order_id = ? AND state = 'pending'", order.id)).id
      let otherGot = ''
      provider.closeSpy.mockImplementationOnce(async (tradeNo) => {
        otherGot = await runCall(sqliteQuery(other), s.app.payProvider, id, at)
        return provider.close(tradeNo)
      })
      expect(await runDueCalls(s.app.q, s.app.payProvider, at)).toBe(1)
      expect(otherGot).toBe('in_flight')
      expect(provider.closeSpy).toHaveBeenCalledTimes(2)
      expect(await runDueCalls(sqliteQuery(other), s.app.payProvider, at + 3_600_000)).toBe(0)
      expect(await tradesOf(order.id)).toEqual([{ trade_no: trade, status: 'closed' }])
    } finally {
      other.close()
    }
  })

  it('a call the provider keeps failing is tried a bounded number of times, further apart each time, then left failed for an operator', async () => {
    const order = await create()
    await payparam(order.id)
    const { MAX_ATTEMPTS, backoffMs, runDueCalls } = await import('../../server/domain/pay/outbox')
    jest.spyOn(s.app.payProvider, 'closeTrade').mockImplementation(() => {
      throw new Error('provider unreachable')
    })
    expect((await s.call('POST', 'personal.order/cancel', { id: order.id }, token)).body.code).toBe(0)
    const row = () => s.row<{ state: string; attempts: number; next_attempt_at: number; last_error: string }>("SELECT state, attempts, next_attempt_at, last_error FROM provider_calls WHERE order_id = ? AND kind = 'close_trade'", order.id)
    // The cancel made attempt 1; each sweep at the moment a call is due makes the next, and sets when it is due again.
    let at = (await row()).next_attempt_at
    const waits: number[] = []
    for (let i = 2; i <= MAX_ATTEMPTS; i++) {
      expect(await runDueCalls(s.app.q, s.app.payProvider, at - 1)).toBe(0)
      await runDueCalls(s.app.q, s.app.payProvider, at)
      waits.push((await row()).next_attempt_at - at)
      at = (await row()).next_attempt_at
    }
    expect(waits.slice(0, 3)).toEqual([backoffMs(2), backoffMs(3), backoffMs(4)])
    expect(backoffMs(2)).toBe(2 * backoffMs(1))
    expect(await row()).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS, last_error: 'provider unreachable' })
    expect(s.app.payProvider.closeTrade).toHaveBeenCalledTimes(MAX_ATTEMPTS)
    expect(await runDueCalls(s.app.q, s.app.payProvider, at + 10 * 3_600_000)).toBe(0)
    expect(await statusOf(order.id)).toBe(ORDER_STATUS.UNPAID)
  })
})
