/**
 * The log of a request (issue 42; docs/operations.md "Watching it"): every line written while a request is served
 * carries its `reqId`, and a refusal (an envelope with code 0) writes a line with its stable `reason` — so an operator
 * who hears "my order was refused" finds why by the request, without the words of the answer. The providers called
 * for a request write on its logger too (server/providers/log.ts): the SMS sender, WeChat's answers, a failed prepay
 * call, and a subscription message sent after the answer (the onResponse hook). The server's own log, as pino writes
 * it (JSON lines), captured through the helpers' logStream.
 */
import { Writable } from 'node:stream'
import { staffPhone } from '../../server/demo/seed'
import { businessMidnight } from '../../server/time'
import { holdServerClock, startServer, type TestServer } from './helpers'

interface LogLine {
  reqId?: string
  msg?: string
  reason?: string
  req?: { url?: string }
  [key: string]: unknown
}

const lines: LogLine[] = []
/** Lines a test waits for (a line written after the answer: the onResponse hook's). */
const waiting: Array<{ want: (l: LogLine) => boolean; found: (l: LogLine) => void }> = []
const log = new Writable({
  write: (chunk: Buffer, _enc, done) => {
    for (const l of chunk.toString().split('\n')) {
      if (!l.trim()) continue
      const line = JSON.parse(l) as LogLine
      lines.push(line)
      for (const w of waiting.filter((w) => w.want(line))) {
        waiting.splice(waiting.indexOf(w), 1)
        w.found(line)
      }
    }
    done()
  },
})

/** The first line from `from` on that `want` matches: at once when written already, else when it is written. */
function lineOf(want: (l: LogLine) => boolean, from = 0): Promise<LogLine> {
  const seen = lines.slice(from).find(want)
  return seen ? Promise.resolve(seen) : new Promise((found) => waiting.push({ want, found }))
}

const msgStarts = (l: LogLine, head: string) => typeof l.msg === 'string' && l.msg.startsWith(head)

// A takeout order's move sends a subscription message (the shopper's one-time consent to this template); shop 1 is open at
// 12:00 tomorrow, the server's clock held there for those tests.
const TPL = 'tplOrderStatus_01'
const OPEN = businessMidnight().valueOf() + 36 * 3_600_000

let s: TestServer
let token = ''
beforeAll(async () => {
  s = await startServer({ logStream: log, takeoutTemplates: { accepted: TPL, delivering: TPL, refused: null } })
  token = (await s.login('13700004242')).token
})
afterAll(() => s.close())

/** The lines written while `call` was served (only it is in flight), and its request id (from its incoming line). */
async function logOf(call: () => Promise<unknown>, url: string): Promise<{ reqId: string; written: LogLine[] }> {
  const from = lines.length
  await call()
  const written = lines.slice(from)
  const incoming = written.find((l) => l.req?.url === url)
  expect(incoming?.reqId).toEqual(expect.any(String))
  return { reqId: incoming?.reqId as string, written }
}

describe('a refused request in the log', () => {
  it('a refusal thrown by a rule (an order that does not exist): every line carries its reqId, one its reason', async () => {
    const url = '/api/personal.order/read?id=987654321'
    const { reqId, written } = await logOf(async () => {
      const answer = await s.call('GET', 'personal.order/read', { id: 987654321 }, token)
      expect(answer.body).toMatchObject({ code: 0, reason: 'order_not_found' })
    }, url)
    expect(written.length).toBeGreaterThanOrEqual(3)
    expect(written.filter((l) => l.reqId !== reqId)).toEqual([])
    expect(written.filter((l) => l.reason === 'order_not_found')).toHaveLength(1)
  })

  it('a refusal of the contract’s validation (a payload that is not one) carries its reason too', async () => {
    const url = '/api/personal.order/read?id=not-a-number'
    const { reqId, written } = await logOf(async () => {
      const answer = await s.call('GET', 'personal.order/read', { id: 'not-a-number' }, token)
      expect(answer.body).toMatchObject({ code: 0 })
    }, url)
    expect(written.filter((l) => l.reqId !== reqId)).toEqual([])
    expect(written.filter((l) => typeof l.reason === 'string')).toHaveLength(1)
  })

  it('a request that needs a login (code -1) carries its reason', async () => {
    const url = '/api/personal.order/read?id=1'
    const { reqId, written } = await logOf(async () => {
      const answer = await s.call('GET', 'personal.order/read', { id: 1 })
      expect(answer.body).toMatchObject({ code: -1 })
    }, url)
    expect(written.filter((l) => l.reqId !== reqId)).toEqual([])
    expect(written.filter((l) => typeof l.reason === 'string')).toHaveLength(1)
  })

  it('an answer that is not a refusal writes no reason', async () => {
    const url = '/api/hui_public.card/index?lang=zh'
    const { reqId, written } = await logOf(() => s.call('GET', 'hui_public.card/index', { lang: 'zh' }), url)
    expect(written.filter((l) => l.reqId !== reqId)).toEqual([])
    expect(written.filter((l) => 'reason' in l)).toEqual([])
  })
})

describe('a provider writing during a request', () => {
  it('the sandbox’s SMS line (the code it “texted”) carries the request’s id', async () => {
    const url = '/api/Captcha/sendSmsCaptcha'
    const { reqId, written } = await logOf(async () => {
      const answer = await s.call('POST', 'Captcha/sendSmsCaptcha', { phone: '13700004243' })
      expect(answer.body).toMatchObject({ code: 1 })
    }, url)
    const sms = written.filter((l) => msgStarts(l, '[sms] '))
    expect(sms).toHaveLength(1)
    expect(written.filter((l) => l.reqId !== reqId)).toEqual([])
  })

  it('WeChat’s answer to a one-tap phone number (its quota spent: the sandbox’s `sandbox:quota`) is the request’s line', async () => {
    const url = '/api/wechat/phoneLogin'
    const { reqId, written } = await logOf(async () => {
      const answer = await s.call('POST', 'wechat/phoneLogin', { phone_code: 'sandbox:quota' })
      expect(answer.body).toMatchObject({ code: 0, reason: 'wechat_phone_unavailable' })
    }, url)
    expect(written.filter((l) => msgStarts(l, 'one-tap phone number unavailable'))).toEqual([expect.objectContaining({ errcode: 1400001, reqId })])
    expect(written.filter((l) => l.reqId !== reqId)).toEqual([])
  })

  describe('a takeout order', () => {
    let clock: jest.SpyInstance | null = null
    let shopper = ''
    let staff = ''
    let orderId = 0
    beforeAll(async () => {
      clock = holdServerClock(OPEN)
      // Signed in on the mini-program (the stand-in's openid): its messages have someone to go to.
      shopper = (await s.login('13700004244', { wx_code: 'mp-request-log' })).token
      staff = (await s.login(staffPhone(1))).token
      const saved = await s.call<{ info: { id: number } }>(
        'POST',
        'personal.address/save',
        { name: '近', mobile: '13600004244', province: '广东省', city: '深圳市', district: '南山区', detail: '近 路 42 号', lat: 22.545, lng: 113.95 },
        shopper,
      )
      const created = await s.call<{ order_info: { id: number } }>(
        'POST',
        'personal.order/create',
        { kind: 'takeout', shop_id: 1, items: [{ id: 4, quantity: 10 }], address_id: saved.body.data.info.id, client_request_id: `request-log-${Date.now()}` },
        shopper,
      )
      expect(created.body).toMatchObject({ code: 1 })
      orderId = created.body.data.order_info.id
    })
    afterAll(() => clock?.mockRestore())

    it('the payment provider failing the prepay call: its cause is written on the request’s line', async () => {
      const sandbox = s.app.payProviders.provider('sandbox')
      if (!sandbox) throw new Error('the sandbox provider is on in this server')
      const prepare = jest.spyOn(sandbox, 'prepare').mockRejectedValueOnce(new Error('the provider did not answer'))
      try {
        const url = '/api/personal.order/payparam'
        const { reqId, written } = await logOf(async () => {
          const answer = await s.call('POST', 'personal.order/payparam', { id: orderId, platform: 'h5', pay_channel: 6 }, shopper)
          expect(answer.body).toMatchObject({ code: 0, reason: 'payment_provider_failed' })
        }, url)
        expect(written.filter((l) => l.msg === 'payment provider failed')).toEqual([expect.objectContaining({ reqId, order_id: orderId })])
        expect(written.filter((l) => l.reqId !== reqId)).toEqual([])
      } finally {
        prepare.mockRestore()
      }
    })

    it('a subscription message sent after the answer (the onResponse hook): the stand-in’s line carries the id of the request that recorded it', async () => {
      expect((await s.call('POST', 'personal.order/payparam', { id: orderId, platform: 'h5', pay_channel: 6 }, shopper)).body.code).toBe(1)
      expect((await s.call('POST', 'sandbox/confirmPay', { id: orderId, result: 'success' })).body.code).toBe(1)
      expect((await s.call('POST', 'personal.takeout/subscribe', { id: orderId, results: [{ template_id: TPL, result: 'accept' }] }, shopper)).body.code).toBe(1)
      const from = lines.length
      const url = '/api/hui_shanghu.store_takeout/accept'
      const { reqId, written } = await logOf(async () => {
        expect((await s.call('POST', 'hui_shanghu.store_takeout/accept', { id: orderId }, staff)).body.code).toBe(1)
      }, url)
      // Sent once the answer is out: written after it, perhaps after the call came back.
      const sent = await lineOf((l) => msgStarts(l, `[wechat] subscription message ${TPL} `), from)
      expect(sent.reqId).toBe(reqId)
      expect(written.filter((l) => l.reqId !== reqId)).toEqual([])
      expect(lines.slice(from).filter((l) => msgStarts(l, '[wechat] '))).toHaveLength(1)
    })
  })
})
