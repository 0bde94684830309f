import { readConfig as read } from '../../server/config'

const readConfig = (env: Record<string, string>) => read(env as NodeJS.ProcessEnv)

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

  it('refuses to start in production without a notification secret', () => {
    expect(() => readConfig({ NODE_ENV: 'production' })).toThrow(/PAY_NOTIFY_SECRET/)
  })

  it('reads the per-client SMS limit and the reverse-proxy setting', () => {
    expect(readConfig({}).smsPerClient).toBe(5)
    expect(readConfig({ SMS_PER_CLIENT: '20' }).smsPerClient).toBe(20)
    expect(readConfig({ SMS_PER_CLIENT: 'lots' }).smsPerClient).toBe(5)
    expect(readConfig({}).trustProxy).toBe(false)
    expect(readConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1)
    expect(readConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true)
    expect(readConfig({ TRUST_PROXY: '127.0.0.1,10.0.0.0/8' }).trustProxy).toBe('127.0.0.1,10.0.0.0/8')
  })
})
