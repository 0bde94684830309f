/**
 * Reading the environment once (issue 40; server/env.ts, server/http/config.ts): a value that is not what a setting takes
 * stops the start with the variable's name first — `PORT=abc`, `SWEEP_MS=1m` (60000 before, silently), `WORKERS=x`; keys
 * and certificates may come from files (NAME_FILE); a half-configured provider (WeChat Pay without its API v3 key, a
 * private key that is not its certificate's pair, Alipay's public key that is the app's own) stops it too. Keys and
 * certificates are made per run (./certs.ts).
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ConfigError, envBool, envEnum, envFile, envInt, envSecret, envText, envUrl, field, readEnv } from '../../server/env'
import { readConfig as read } from '../../server/http/config'
import { nowMs } from '../../server/time'
import { certificateFor, rsaKeys, serialFrom } from './certs'

const readConfig = (env: Record<string, string>) => read(env)
/** The message of what `fn` threw (a ConfigError's lines). */
const problemOf = (fn: () => unknown): string => {
  try {
    fn()
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('did not throw')
}

let dir: string
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocp-env-'))
})
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))
const file = (name: string, text: string) => {
  const at = path.join(dir, name)
  fs.writeFileSync(at, text)
  return at
}

describe('server/env.ts: one variable', () => {
  it('NAME or the trimmed contents of NAME_FILE; blank is unset; both set, a missing or empty file: an error naming it', () => {
    expect(envText({ A: '  x  ' }, 'A')).toBe('x')
    expect(envText({ A: '   ' }, 'A')).toBeUndefined()
    expect(envText({}, 'A')).toBeUndefined()
    expect(envText({ A_FILE: file('a.txt', '\n  from a file \n') }, 'A')).toBe('from a file')
    expect(envFile({ A: 'x' }, 'A')).toBeUndefined()
    expect(problemOf(() => envText({ A: 'x', A_FILE: file('b.txt', 'y') }, 'A'))).toBe('A: set either A or A_FILE, not both')
    expect(problemOf(() => envText({ A_FILE: path.join(dir, 'none.pem') }, 'A'))).toBe(`A_FILE: cannot read ${path.join(dir, 'none.pem')} (no such file)`)
    expect(problemOf(() => envText({ A_FILE: file('empty.txt', ' \n') }, 'A'))).toMatch(/^A_FILE: .*empty\.txt is empty$/)
    expect(problemOf(() => envText({ A_FILE: dir }, 'A'))).toMatch(/^A_FILE: cannot read .* \(a directory, not a file\)$/)
  })

  it('numbers, switches, addresses, choices and secrets: the default when unset, else exactly what they take', () => {
    expect(envInt({}, 'N', { fallback: 7, min: 1, max: 9 })).toBe(7)
    expect(envInt({ N: ' 9 ' }, 'N', { fallback: 7, min: 1, max: 9 })).toBe(9)
    for (const bad of ['1m', '2.5', 'lots', '0x10', '1e3']) expect(problemOf(() => envInt({ N: bad }, 'N', { fallback: 7, min: 1, max: 9 }))).toBe(`N: "${bad}" is not a whole number (1 to 9)`)
    expect(problemOf(() => envInt({ N: '10' }, 'N', { fallback: 7, min: 1, max: 9 }))).toBe('N: 10 is outside 1 to 9')
    expect([envBool({ B: 'YES' }, 'B', false), envBool({ B: '0' }, 'B', true), envBool({}, 'B', true)]).toEqual([true, false, true])
    expect(problemOf(() => envBool({ B: 'maybe' }, 'B', false))).toBe('B: "maybe" is not 1 or 0 (true/false, yes/no, on/off)')
    expect(envUrl({ U: 'https://shop.example.com/' }, 'U', { https: true, origin: true })).toBe('https://shop.example.com')
    expect(problemOf(() => envUrl({ U: 'http://shop.example.com' }, 'U', { https: true, origin: true }))).toMatch(/^U: http:\/\/shop\.example\.com is not https:\/\//)
    expect(problemOf(() => envUrl({ U: 'https://shop.example.com/pay' }, 'U', { https: true, origin: true }))).toMatch(/^U: https:\/\/shop\.example\.com\/… is not https:\/\/host\[:port\] \(an origin/)
    expect(problemOf(() => envUrl({ U: 'not a url' }, 'U'))).toMatch(/^U: "not a url" is not https:\/\//)
    expect(envEnum({}, 'E', ['a', 'b'], 'a')).toBe('a')
    expect(problemOf(() => envEnum({ E: 'c' }, 'E', ['a', 'b'], 'a'))).toBe('E: "c" is not one of a, b')
    expect(envSecret({ S: 'k'.repeat(32) }, 'S', { exactLength: 32 })).toBe('k'.repeat(32))
    // A secret's value is never in the message.
    const secret = 'hunter2-not-thirty-two'
    const message = problemOf(() => envSecret({ S: secret }, 'S', { exactLength: 32 }))
    expect(message).toBe(`S: must be 32 characters (it has ${secret.length})`)
    expect(message).not.toContain(secret)
  })

  it('a schema reports every wrong variable at once, one line each starting with its name', () => {
    const error = (() => {
      try {
        readEnv({ A: 'x', B: 'y', C: '3' }, { A: field.int({ fallback: 1, min: 0, max: 9 }), B: field.bool(false), C: field.int({ fallback: 1, min: 0, max: 9 }) })
      } catch (e) {
        return e as ConfigError
      }
      throw new Error('did not throw')
    })()
    expect(error).toBeInstanceOf(ConfigError)
    expect(error.problems.map((p) => p.variable)).toEqual(['A', 'B'])
    expect(error.message.split('\n')).toEqual(['A: "x" is not a whole number (0 to 9)', 'B: "y" is not 1 or 0 (true/false, yes/no, on/off)'])
  })
})

describe("the server's configuration: a wrong value stops the start with its name", () => {
  it('PORT=abc, SWEEP_MS=1m, WORKERS=x, SANDBOX=maybe … each named, all at once', () => {
    expect(problemOf(() => readConfig({ PORT: 'abc' }))).toBe('PORT: "abc" is not a whole number (0 to 65535)')
    // Before issue 40 "1m" silently became 60000.
    expect(problemOf(() => readConfig({ SWEEP_MS: '1m' }))).toBe('SWEEP_MS: "1m" is not a whole number (10 to 3600000 ms)')
    expect(readConfig({ SWEEP_MS: '250' }).sweepMs).toBe(250)
    const lines = problemOf(() => readConfig({ PORT: 'abc', WORKERS: 'x', SANDBOX: 'maybe', REFUND_AUTO_APPROVE_HOURS: '2d', TAKEOUT_ACCEPT_MINUTES: '0' })).split('\n')
    expect(lines.map((l) => l.split(':')[0])).toEqual(['SANDBOX', 'PORT', 'REFUND_AUTO_APPROVE_HOURS', 'TAKEOUT_ACCEPT_MINUTES', 'WORKERS'])
    expect(problemOf(() => readConfig({ PUBLIC_URL: 'http://shop.example.com' }))).toMatch(/^PUBLIC_URL: /)
    expect(problemOf(() => readConfig({ BUSINESS_TZ: 'Mars/Olympus' }))).toBe('BUSINESS_TZ: unknown time zone "Mars/Olympus" (an IANA name such as Asia/Shanghai)')
    expect(problemOf(() => readConfig({ REFERRAL_SECRET: 'short' }))).toBe('REFERRAL_SECRET: must be at least 16 characters (it has 5)')
  })

  it('the demo only with the sandbox, unless DEMO_DATA says', () => {
    expect(readConfig({}).demoData).toBe(true)
    expect(readConfig({ NODE_ENV: 'production' }).demoData).toBe(false)
    expect(readConfig({ NODE_ENV: 'production', DEMO_DATA: '1' }).demoData).toBe(true)
    expect(readConfig({ DEMO_DATA: '0' }).demoData).toBe(false)
    expect(problemOf(() => readConfig({ DEMO_DATA: 'please' }))).toMatch(/^DEMO_DATA: "please" is not 1 or 0/)
  })

  it('a secret may come from a file', () => {
    expect(readConfig({ NODE_ENV: 'production', SANDBOX: '1', PAY_NOTIFY_SECRET_FILE: file('pay.secret', 'from-the-file\n') }).paySecret).toBe('from-the-file')
    expect(problemOf(() => readConfig({ PAY_NOTIFY_SECRET: 'a', PAY_NOTIFY_SECRET_FILE: file('pay2.secret', 'b') }))).toBe('PAY_NOTIFY_SECRET: set either PAY_NOTIFY_SECRET or PAY_NOTIFY_SECRET_FILE, not both')
  })
})

describe('a half-configured provider stops the start, naming what is missing or wrong', () => {
  const DAY = 86_400_000
  const merchant = rsaKeys()
  const other = rsaKeys()
  const wechatPay = rsaKeys()
  const now = nowMs()
  const merchantCert = certificateFor(merchant.privateKey, { cn: '1900000109', notBefore: now - DAY, notAfter: now + 365 * DAY })
  const platformCert = certificateFor(wechatPay.privateKey, { cn: 'Tenpay.com Root CA', notBefore: now - DAY, notAfter: now + 365 * DAY })
  const complete = (): Record<string, string> => ({
    WXPAY_MCH_ID: '1900000109',
    WXPAY_MCH_SERIAL_NO: merchantCert.serial,
    WXPAY_PRIVATE_KEY_FILE: file('apiclient_key.pem', merchant.privatePem),
    WXPAY_MCH_CERT_FILE: file('apiclient_cert.pem', merchantCert.pem),
    WXPAY_API_V3_KEY: 'a'.repeat(32),
    WXPAY_PLATFORM_CERT_FILE: file('wechatpay_platform.pem', platformCert.pem),
    WXPAY_APPID_MP: 'wx1234567890abcdef',
    // Where WeChat Pay sends its notifications (required once WeChat Pay is configured).
    PUBLIC_URL: 'https://shop.example.com',
  })

  it('WeChat Pay set up whole — key and certificate from files — starts', () => {
    expect(() => readConfig(complete())).not.toThrow()
    // Its public key instead of the platform certificate (the public-key mode).
    const { WXPAY_PLATFORM_CERT_FILE: _cert, ...rest } = complete()
    expect(() => readConfig({ ...rest, WXPAY_PUBLIC_KEY: wechatPay.publicPem, WXPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_0114232134912410000000000000' })).not.toThrow()
  })

  it('a certificate made for these tests carries the serial it is given, whatever its first random byte (1 in 256 was 0)', () => {
    for (const first of [0x00, 0x05, 0x7f, 0x80, 0xff]) {
      const bytes = Buffer.alloc(20, 0xc2)
      bytes[0] = first
      const made = certificateFor(merchant.privateKey, { cn: '1900000109', notBefore: now - DAY, notAfter: now + DAY, serial: serialFrom(bytes) })
      expect([first, new crypto.X509Certificate(made.pem).serialNumber.toUpperCase()]).toEqual([first, made.serial])
    }
  })

  it('WeChat Pay without its API v3 key, or with a 31-character one', () => {
    const { WXPAY_API_V3_KEY: _key, ...without } = complete()
    expect(problemOf(() => readConfig(without))).toMatch(/^WXPAY_API_V3_KEY: not set, and WeChat Pay needs it/)
    expect(problemOf(() => readConfig({ ...complete(), WXPAY_API_V3_KEY: 'b'.repeat(31) }))).toBe('WXPAY_API_V3_KEY: must be 32 characters (it has 31)')
  })

  it('a private key that does not match its certificate, a serial that is not the certificate’s', () => {
    expect(problemOf(() => readConfig({ ...complete(), WXPAY_PRIVATE_KEY_FILE: file('other_key.pem', other.privatePem) }))).toMatch(/^WXPAY_PRIVATE_KEY: does not match WXPAY_MCH_CERT/)
    expect(problemOf(() => readConfig({ ...complete(), WXPAY_MCH_SERIAL_NO: 'ABCDEF0123456789ABCDEF0123456789ABCDEF01' }))).toBe(`WXPAY_MCH_SERIAL_NO: is not WXPAY_MCH_CERT's serial (${merchantCert.serial})`)
    expect(problemOf(() => readConfig({ ...complete(), WXPAY_PRIVATE_KEY_FILE: file('junk.pem', 'not a key') }))).toMatch(/^WXPAY_PRIVATE_KEY: not a private key/)
  })

  it("an expired platform certificate; the merchant's own certificate given as WeChat Pay's", () => {
    const expired = certificateFor(wechatPay.privateKey, { notBefore: now - 400 * DAY, notAfter: now - DAY })
    expect(problemOf(() => readConfig({ ...complete(), WXPAY_PLATFORM_CERT_FILE: file('expired.pem', expired.pem) }))).toMatch(/^WXPAY_PLATFORM_CERT: certificate expired on \d{4}-\d{2}-\d{2}$/)
    expect(problemOf(() => readConfig({ ...complete(), WXPAY_PLATFORM_CERT_FILE: file('own.pem', merchantCert.pem) }))).toMatch(/^WXPAY_PLATFORM_CERT: is the merchant's own certificate/)
  })

  it("Alipay: the app's own public key given as Alipay's; an app id without its keys", () => {
    const app = rsaKeys()
    const alipay = rsaKeys()
    const base = { PUBLIC_URL: 'https://shop.example.com', ALIPAY_APP_ID: '2021000122600000', ALIPAY_PRIVATE_KEY_FILE: file('alipay_app.pem', app.privatePem) }
    expect(() => readConfig({ ...base, ALIPAY_PUBLIC_KEY: alipay.publicPem })).not.toThrow()
    // Alipay's key tool writes bare base64 (no PEM lines): read too.
    const bare = alipay.publicPem.replace(/-----[^-]+-----/g, '').replace(/\s/g, '')
    expect(() => readConfig({ ...base, ALIPAY_PUBLIC_KEY: bare })).not.toThrow()
    expect(problemOf(() => readConfig({ ...base, ALIPAY_PUBLIC_KEY: app.publicPem }))).toMatch(/^ALIPAY_PUBLIC_KEY: is the app's own public key/)
    expect(problemOf(() => readConfig({ ALIPAY_APP_ID: '2021000122600000' })).split('\n').map((l) => l.split(':')[0])).toEqual(['ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY'])
  })

  it('WeChat login: an app id without its AppSecret', () => {
    expect(problemOf(() => readConfig({ WX_MP_APPID: 'wx1234567890abcdef' }))).toMatch(/^WX_MP_SECRET: not set, but WX_MP_APPID is/)
    expect(() => readConfig({ WX_MP_APPID: 'wx1234567890abcdef', WX_MP_SECRET: '0123456789abcdef0123456789abcdef' })).not.toThrow()
  })
})
