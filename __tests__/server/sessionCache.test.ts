/**
 * The per-process session cache (server/storage/repo/users.ts, docs/performance.md "The hot path"): a session looked up is
 * kept for SESSION_CACHE_MS, but whatever ends it in this process ends it at once — sign-out, ending another device's
 * session, deleting the account. Each case signs in, makes a call (the session is now cached), ends it, and calls
 * again at once, well within the cache's time to live.
 */
import { readConfig as read } from '../../server/http/config'
import { SESSION_CACHE_MS_DEFAULT } from '../../server/storage/repo/users'
import { startServer, type TestServer } from './helpers'

const readConfig = (env: Record<string, string>) => read(env as NodeJS.ProcessEnv)

let s: TestServer
beforeAll(async () => {
  s = await startServer()
})
afterAll(async () => {
  await s.close()
})

/** The same shopper signed in on a second device (the login code's resend wait cleared, as account.test.ts does). */
const secondDevice = async (phone: string) => {
  await s.run('DELETE FROM sms_codes WHERE phone = ?', phone)
  return s.login(phone)
}

/** A signed-in call's envelope code: 1 while the session lives, -1 once it is gone. */
const codeWith = async (token: string) => (await s.call('GET', 'personal.order/index', {}, token)).body.code

describe('a session ended in this process stops working at once, cached or not', () => {
  it('sign-out', async () => {
    const { token } = await s.login('13900139001')
    expect(await codeWith(token)).toBe(1)
    expect(await codeWith(token)).toBe(1)
    expect((await s.call<{ revoked: boolean }>('POST', 'personal.user/logout', {}, token)).body.data).toEqual({ revoked: true })
    expect(await codeWith(token)).toBe(-1)
  })

  it("ending another device's session, and only that one", async () => {
    const phone = await s.login('13900139002')
    const laptop = await secondDevice('13900139002')
    expect(await codeWith(laptop.token)).toBe(1)
    const sessions = await s.call<{ list: Array<{ id: number; current: boolean }> }>('GET', 'personal.user/sessions', {}, phone.token)
    const other = sessions.body.data.list.find((x) => !x.current)
    expect(other).toBeDefined()
    expect((await s.call('POST', 'personal.user/endSession', { id: other?.id }, phone.token)).body.code).toBe(1)
    expect(await codeWith(laptop.token)).toBe(-1)
    expect(await codeWith(phone.token)).toBe(1)
  })

  it('deleting the account ends every session of it', async () => {
    const phone = await s.login('13900139003')
    const laptop = await secondDevice('13900139003')
    expect(await codeWith(phone.token)).toBe(1)
    expect(await codeWith(laptop.token)).toBe(1)
    expect((await s.call<{ deleted: boolean }>('POST', 'personal.user/delete', { confirm: true }, phone.token)).body.data).toEqual({ deleted: true })
    expect(await codeWith(phone.token)).toBe(-1)
    expect(await codeWith(laptop.token)).toBe(-1)
  })

  it('another shopper signing out leaves this one signed in', async () => {
    const a = await s.login('13900139004')
    const b = await s.login('13900139005')
    expect(await codeWith(a.token)).toBe(1)
    expect(await codeWith(b.token)).toBe(1)
    await s.call('POST', 'personal.user/logout', {}, b.token)
    expect(await codeWith(a.token)).toBe(1)
  })
})

describe('SESSION_CACHE_MS', () => {
  it('is small by default, may be turned off, and is capped', () => {
    expect(readConfig({}).sessionCacheMs).toBe(SESSION_CACHE_MS_DEFAULT)
    expect(SESSION_CACHE_MS_DEFAULT).toBeLessThanOrEqual(2000)
    expect(readConfig({ SESSION_CACHE_MS: '0' }).sessionCacheMs).toBe(0)
    expect(readConfig({ SESSION_CACHE_MS: '250' }).sessionCacheMs).toBe(250)
    // Past the cap the start stops, naming it (issue 40: a value the server would not use is not silently another).
    expect(() => readConfig({ SESSION_CACHE_MS: '3600000' })).toThrow(/^SESSION_CACHE_MS: 3600000 is outside 0 to 10000 ms$/)
  })
})
