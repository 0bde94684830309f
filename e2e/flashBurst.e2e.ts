/**
 * Issue 28: a flash-sale burst against a server of several processes on one PostgreSQL database (`npm run
 * test:e2e:postgres`: `WORKERS=4 DATABASE_URL=…`, as `npm start` runs it). Many shoppers buy the same limit-1 product at
 * once, each order on a connection of its own — node's cluster hands each new connection to the next worker, so the
 * orders race in every process — and then pay them at once the same way. Exactly the stock is sold, never more; the
 * rest are told it is sold out; no answer is a 5xx. Not part of the SQLite tier (one process: e2e/jest.config.js leaves
 * it out there; the server tier's multiprocess.test.ts races three processes on SQLite's file).
 */
import { dbRow, freshPost, serverClock, sessionOf, SERVER_PROCESSES } from './browser'
import { holdFlashSession, releaseServerClock } from '../test-mp/flashClock'

/** Session 2's 智利车厘子 JJ 级 1kg (server/demo/seed.ts): 8 in stock, 1 per shopper; no other e2e file buys it. */
const PRODUCT = 10
/** Shoppers in the burst: four times the stock. */
const BUYERS = 32
const phoneOf = (i: number) => `1390000${String(2800 + i).padStart(4, '0')}`

beforeAll(async () => {
  // The 08:00–16:00 session on (12:00 of the server's day), read by every process before the burst (browser.ts serverClock).
  await holdFlashSession(serverClock)
})
afterAll(async () => {
  await releaseServerClock(serverClock)
})

/** "code msg" of each answer, counted (HTTP status first when not 200). */
function tally(answers: Array<{ status: number; body: { code: number; msg: string; reason?: string } }>): Record<string, number> {
  const out: Record<string, number> = {}
  for (const a of answers) {
    const key = `${a.status === 200 ? '' : `HTTP ${a.status} `}${a.body.code} ${a.body.code === 1 ? 'ok' : (a.body.reason ?? a.body.msg)}`
    out[key] = (out[key] ?? 0) + 1
  }
  return out
}

interface Answer {
  status: number
  body: { code: number; msg: string; reason?: string; data: { order_info: { id: number } } }
}

describe(`flash-sale burst over ${SERVER_PROCESSES} server processes`, () => {
  let stock = 0
  let tokens: string[] = []
  let created: Answer[] = []

  // The burst, once: every shopper's create at the same moment, each on a new connection.
  beforeAll(async () => {
    stock = (await dbRow<{ stock: number }>('SELECT stock FROM seckill_products WHERE id = ?', PRODUCT)).stock
    for (let i = 0; i < BUYERS; i += 8) tokens.push(...(await Promise.all(Array.from({ length: Math.min(8, BUYERS - i) }, (_, k) => sessionOf(phoneOf(i + k))))))
    const started = Date.now()
    created = await Promise.all(
      tokens.map((token, i) => freshPost<Answer['body']['data']>('personal.order/create', { kind: 'product', product_id: PRODUCT, quantity: 1, client_request_id: `burst-${started}-${i}` }, token)),
    )
    console.log(`flash burst: ${BUYERS} creates over ${SERVER_PROCESSES} processes in ${Date.now() - started} ms, stock ${stock}: ${JSON.stringify(tally(created))}`)
  })
  afterAll(() => {
    tokens = []
    created = []
  })

  it(`${BUYERS} shoppers buy a limit-1 product at once: never more sold than its stock, each order paid once`, async () => {
    expect(stock).toBeGreaterThan(0)
    expect(stock).toBeLessThan(BUYERS)
    const sold = created.flatMap((a, i) => (a.body.code === 1 ? [{ id: a.body.data.order_info.id, token: tokens[i] }] : []))
    const left = (await dbRow<{ stock: number }>('SELECT stock FROM seckill_products WHERE id = ?', PRODUCT)).stock
    // What was taken is what was sold: the orders the shoppers were given, and no more.
    expect(left).toBeGreaterThanOrEqual(0)
    expect(sold.length).toBeLessThanOrEqual(stock)
    expect(sold.length + left).toBe(stock)
    expect(await dbRow<{ n: number; q: number }>("SELECT COUNT(*) AS n, COALESCE(SUM(quantity), 0) AS q FROM orders WHERE kind = 'product' AND ref_id = ?", PRODUCT)).toEqual({ n: sold.length, q: sold.length })

    // Every order paid at once, the cashier's steps each on a new connection (another process than the one before).
    const paid = await Promise.all(
      sold.map(async ({ id, token }) => {
        const param = await freshPost('personal.order/payparam', { id, platform: 'h5' }, token)
        return param.body.code === 1 ? freshPost('sandbox/confirmPay', { id, result: 'success' }) : param
      }),
    )
    expect(tally(paid)).toEqual({ '1 ok': sold.length })
    const ids = sold.map((s) => s.id)
    const inIds = `(${ids.map(() => '?').join(', ')})`
    expect(await dbRow<{ n: number }>(`SELECT COUNT(*) AS n FROM orders WHERE status = 10 AND id IN ${inIds}`, ...ids)).toEqual({ n: sold.length })
    expect(await dbRow<{ n: number }>(`SELECT COUNT(*) AS n FROM payments WHERE status = 'paid' AND order_id IN ${inIds}`, ...ids)).toEqual({ n: sold.length })
  })

  it('exactly the stock sold: every other shopper told it is sold out, no answer a 5xx', async () => {
    expect(tally(created)).toEqual({ '1 ok': stock, '0 sold_out': BUYERS - stock })
    expect(await dbRow<{ stock: number }>('SELECT stock FROM seckill_products WHERE id = ?', PRODUCT)).toEqual({ stock: 0 })
  })
})
