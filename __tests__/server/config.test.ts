import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buildApp } from '../../server/http/app'
import { readConfig as read } from '../../server/http/config'
import { signNotification } from '../../server/domain/pay/pay'
import { signRefundNotification } from '../../server/domain/pay/provider'
import { rowsOf } from './helpers'

const readConfig = (env: Record<string, string>) => read(env as NodeJS.ProcessEnv)
/** What the server signed notifications with in development before issue 23: in the repository, for anyone to read. */
const OLD_PUBLIC_SECRET = 'sandbox-development-secret'

describe('server configuration from the environment', () => {
  it('runs the sandbox unless NODE_ENV=production, with a new sandbox key at every start', () => {
    const a = readConfig({})
    const b = readConfig({})
    expect(a.sandbox).toBe(true)
    expect(a.sandboxKey).toMatch(/^[0-9a-f]{32}$/)
    expect(b.sandboxKey).not.toBe(a.sandboxKey)
    expect(readConfig({ SANDBOX_KEY: 'chosen' }).sandboxKey).toBe('chosen')
    expect(readConfig({ NODE_ENV: 'production', PAY_NOTIFY_SECRET: 's' }).sandbox).toBe(false)
  })

  it('refuses to start in production with the sandbox on and no notification secret (issue 40: without the sandbox no route takes its notifications)', () => {
    expect(readConfig({ NODE_ENV: 'production' })).toMatchObject({ sandbox: false, production: true })
    expect(() => readConfig({ NODE_ENV: 'production', SANDBOX: '1' })).toThrow(/^PAY_NOTIFY_SECRET: /)
    expect(() => readConfig({ NODE_ENV: 'production', SANDBOX: '1', PAY_NOTIFY_SECRET: '' })).toThrow(/PAY_NOTIFY_SECRET/)
    expect(readConfig({ NODE_ENV: 'production', SANDBOX: '1', PAY_NOTIFY_SECRET: 'set' })).toMatchObject({ sandbox: true, paySecret: 'set' })
  })

  it('DATABASE_URL: a postgres:// address runs on PostgreSQL; another scheme is refused; blank is SQLite (issue 28)', () => {
    expect(readConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/onecard' }).databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/onecard')
    expect(readConfig({ DATABASE_URL: 'postgresql://h/db' }).databaseUrl).toBe('postgresql://h/db')
    expect(() => readConfig({ DATABASE_URL: 'mysql://h/db' })).toThrow(/^DATABASE_URL: mysql:\/\/h is not postgres:\/\/… \(PostgreSQL\); unset it for SQLite at DB_PATH$/)
    // The password is never repeated in the message.
    expect(() => readConfig({ DATABASE_URL: 'mysql://u:secret-pw@h/db' })).toThrow(/^DATABASE_URL: mysql:\/\/h is not/)
    expect(readConfig({ DATABASE_URL: ' ' }).databaseUrl).toBeNull()
    expect(readConfig({ DATABASE_URL: ' ' }).dbPath).toBe('./data/onecard.sqlite')
  })

  it('signs notifications with a new random secret at every start unless PAY_NOTIFY_SECRET is set — never a value written in the code', () => {
    const a = readConfig({}).paySecret
    const b = readConfig({}).paySecret
    expect(a).toMatch(/^[0-9a-f]{64}$/)
    expect(b).not.toBe(a)
    expect(a).not.toBe(OLD_PUBLIC_SECRET)
    expect(readConfig({ PAY_NOTIFY_SECRET: 'chosen' }).paySecret).toBe('chosen')
  })

  it('reads the per-client SMS limit and the reverse-proxy setting', () => {
    expect(readConfig({}).smsPerClient).toBe(5)
    expect(readConfig({ SMS_PER_CLIENT: '20' }).smsPerClient).toBe(20)
    expect(() => readConfig({ SMS_PER_CLIENT: 'lots' })).toThrow(/^SMS_PER_CLIENT: "lots" is not a whole number/)
    expect(readConfig({}).trustProxy).toBe(false)
    expect(readConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1)
    expect(readConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true)
    expect(readConfig({ TRUST_PROXY: '127.0.0.1,10.0.0.0/8' }).trustProxy).toBe('127.0.0.1,10.0.0.0/8')
  })

  it('reads WORKERS: unset is one process; anything but 1 to 64 stops the start with its name', () => {
    expect(readConfig({}).workers).toBe(1)
    expect(readConfig({ WORKERS: ' ' }).workers).toBe(1)
    expect(readConfig({ WORKERS: '4' }).workers).toBe(4)
    for (const bad of ['0', '65', 'lots', '2.5', '-3']) expect(() => readConfig({ WORKERS: bad })).toThrow(/^WORKERS: /)
  })
})

describe('a server started as npm start starts it (no PAY_NOTIFY_SECRET, sandbox on)', () => {
  it('refuses a payment notification signed with the old public development secret, and pays nothing', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocp-config-'))
    const config = readConfig({ DB_PATH: path.join(dir, 'c.sqlite'), SANDBOX_KEY: 'k' })
    const app = await buildApp({ dbPath: config.dbPath, sandbox: config.sandbox, sandboxKey: config.sandboxKey, paySecret: config.paySecret, smsPerClient: 1000 })
    try {
      // A shopper's unpaid order with its trade at the sandbox provider.
      const phone = '13700009999'
      const headers = { 'access-origin': '', 'x-sandbox-key': 'k' }
      await app.inject({ method: 'POST', url: '/api/Captcha/sendSmsCaptcha', headers, payload: { phone } })
      const code = (await app.inject({ method: 'GET', url: `/api/sandbox/smsOutbox?phone=${phone}`, headers })).json().data.list[0].code as string
      const token = (await app.inject({ method: 'POST', url: '/api/wechat/bind', headers, payload: { phone, code } })).json().data.token as string
      const auth = { ...headers, 'access-token': token }
      const created = (await app.inject({ method: 'POST', url: '/api/personal.order/create', headers: auth, payload: { kind: 'bill', shop_id: 1, amount: 5000, client_request_id: 'config-test-1' } })).json()
      expect(created).toMatchObject({ code: 1 })
      const id = created.data.order_info.id as number
      expect((await app.inject({ method: 'POST', url: '/api/personal.order/payparam', headers: auth, payload: { id, platform: 'h5' } })).json().code).toBe(1)
      const trade = await rowsOf(app.storage).row<{ trade_no: string; amount: number }>('SELECT trade_no, amount FROM payments WHERE order_id = ?', id)

      const n = { trade_no: trade.trade_no, result: 'success' as const, amount: trade.amount }
      const forged = await app.inject({ method: 'POST', url: '/api/pay/notify', payload: { ...n, sign: signNotification(n, OLD_PUBLIC_SECRET) } })
      expect(forged.json().code).toBe(0)
      const refund = { refund_no: 'R-forged', result: 'success' as const, amount: trade.amount }
      expect((await app.inject({ method: 'POST', url: '/api/pay/refundNotify', payload: { ...refund, sign: signRefundNotification(refund, OLD_PUBLIC_SECRET) } })).json().code).toBe(0)
      const status = async () => (await app.inject({ method: 'GET', url: `/api/personal.order/read?id=${id}`, headers: auth })).json().data.info.order_status as number
      expect(await status()).toBe(0)
      // The server's own secret still works (the sandbox's cashier path signs with it).
      expect((await app.inject({ method: 'POST', url: '/api/pay/notify', payload: { ...n, sign: signNotification(n, config.paySecret) } })).json().code).toBe(1)
      expect(await status()).toBe(10)
    } finally {
      await app.close()
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
