/**
 * The log of a request (issue 42; docs/operations.md "Watching it"): every line written while a request is served
 * carries its `reqId`, and a refusal (an envelope with code 0) writes a line with its stable `reason` — so an operator
 * who hears "my order was refused" finds why by the request, without the words of the answer. The server's own log,
 * as pino writes it (JSON lines), captured through the helpers' logStream.
 */
import { Writable } from 'node:stream'
import { startServer, type TestServer } from './helpers'

interface LogLine {
  reqId?: string
  msg?: string
  reason?: string
  req?: { url?: string }
  [key: string]: unknown
}

const lines: LogLine[] = []
const log = new Writable({
  write: (chunk: Buffer, _enc, done) => {
    for (const l of chunk.toString().split('\n')) if (l.trim()) lines.push(JSON.parse(l) as LogLine)
    done()
  },
})

let s: TestServer
let token = ''
beforeAll(async () => {
  s = await startServer({ logStream: log })
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
    const sms = written.filter((l) => typeof l.msg === 'string' && l.msg.startsWith('[sms] '))
    expect(sms).toHaveLength(1)
    expect(written.filter((l) => l.reqId !== reqId)).toEqual([])
  })
})
