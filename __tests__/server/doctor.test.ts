/**
 * `npm run doctor` (issue 40; server/doctor.ts): prints what the server would start with — never a secret's value — checks
 * what can be checked offline (key pairs against their certificates, certificate dates, shapes, files, the database when
 * asked) and lists what only the consoles show; exit 1 on a definite problem. Keys and certificates made per run.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { runDoctor } from '../../server/doctor'
import { nowMs } from '../../server/time'
import { openDatabase } from '../../server/storage/db'
import { seedReferenceData } from '../../server/storage/reference'
import { sqliteQuery } from '../../server/storage/query'
import { certificateFor, rsaKeys } from './certs'
import { freshPgDatabase, pgTestUrl } from './pg'
import { runCommand } from './processes'

const DAY = 86_400_000

let dir: string
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocp-doctor-'))
})
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))
const file = (name: string, text: string) => {
  const at = path.join(dir, name)
  fs.writeFileSync(at, text, { mode: 0o600 })
  return at
}

const merchant = rsaKeys()
const wechatPay = rsaKeys()
const alipayApp = rsaKeys()
const alipay = rsaKeys()
const now = nowMs()
const merchantCert = certificateFor(merchant.privateKey, { notBefore: now - DAY, notAfter: now + 365 * DAY })
const platformCert = certificateFor(wechatPay.privateKey, { notBefore: now - DAY, notAfter: now + 365 * DAY })
const API_V3_KEY = 'Zq8vN2mXk4pR7tYw1sD5fG9hJ3lC6bV0'
const MP_SECRET = '0123456789abcdef0123456789abcdef'

const configured = (): Record<string, string> => ({
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://shop.example.com',
  DB_PATH: path.join(dir, 'onecard.sqlite'),
  STATIC_DIR: dir,
  WXPAY_MCH_ID: '1900000109',
  WXPAY_MCH_SERIAL_NO: merchantCert.serial,
  WXPAY_PRIVATE_KEY_FILE: file('apiclient_key.pem', merchant.privatePem),
  WXPAY_MCH_CERT_FILE: file('apiclient_cert.pem', merchantCert.pem),
  WXPAY_API_V3_KEY: API_V3_KEY,
  WXPAY_PLATFORM_CERT_FILE: file('platform.pem', platformCert.pem),
  WXPAY_APPID_MP: 'wx1234567890abcdef',
  ALIPAY_APP_ID: '2021000122600000',
  ALIPAY_PRIVATE_KEY: alipayApp.privatePem,
  ALIPAY_PUBLIC_KEY: alipay.publicPem,
  WX_MP_APPID: 'wx1234567890abcdef',
  WX_MP_SECRET: MP_SECRET,
})

const body = (pem: string) => pem.split('\n').find((l) => l.length > 40 && !l.startsWith('-----')) as string

describe('npm run doctor', () => {
  it('a whole configuration: what is set and from where, the checks passed, never a secret; exit 0', async () => {
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html>')
    const { text, exitCode } = await runDoctor(configured(), { db: false })
    expect(exitCode).toBe(0)
    expect(text).toContain('Mode: production (no sandbox), no demo data')
    expect(text).toMatch(/WXPAY_PRIVATE_KEY {11}set \(from WXPAY_PRIVATE_KEY_FILE .*apiclient_key\.pem\)/)
    expect(text).toMatch(/WXPAY_API_V3_KEY {12}set\n/)
    expect(text).toContain('ok   WXPAY_PRIVATE_KEY: matches WXPAY_MCH_CERT')
    expect(text).toMatch(/ok {3}WXPAY_PLATFORM_CERT: certificate valid until \d{4}-\d{2}-\d{2}/)
    expect(text).toContain("ok   ALIPAY_PUBLIC_KEY: Alipay's public key")
    expect(text).toContain('WX_MP_APPID: the mini-program wx1234567890abcdef with its AppSecret')
    // The domains to declare, named from PUBLIC_URL.
    expect(text).toContain('JSAPI payment directory https://shop.example.com/pages/')
    expect(text).toContain('web authorisation domain shop.example.com')
    // No secret's value, nor a key's body, anywhere.
    for (const secret of [API_V3_KEY, MP_SECRET, body(merchant.privatePem), body(alipayApp.privatePem)]) expect(text).not.toContain(secret)
  })

  it('a key that is not its certificate’s pair, a certificate about to expire, a wrong number: named, exit 1', async () => {
    const soon = certificateFor(wechatPay.privateKey, { notBefore: now - 300 * DAY, notAfter: now + 10 * DAY })
    const { text, exitCode } = await runDoctor({ ...configured(), WXPAY_PRIVATE_KEY_FILE: file('other_key.pem', rsaKeys().privatePem), WXPAY_PLATFORM_CERT_FILE: file('soon.pem', soon.pem), PORT: 'abc' }, { db: false })
    expect(exitCode).toBe(1)
    expect(text).toContain('FAIL WXPAY_PRIVATE_KEY: does not match WXPAY_MCH_CERT')
    expect(text).toMatch(/WARN WXPAY_PLATFORM_CERT: certificate expires on \d{4}-\d{2}-\d{2}, in 10 days/)
    expect(text).toContain('FAIL PORT: "abc" is not a whole number (0 to 65535)')
    // Each problem once.
    expect(text.split('\n').filter((l) => l.includes('FAIL WXPAY_PRIVATE_KEY: does not match'))).toHaveLength(1)
  })

  it('nothing configured: says what answers "not configured", and that PUBLIC_URL is missing; exit 0', async () => {
    const { text, exitCode } = await runDoctor({ NODE_ENV: 'production', DB_PATH: path.join(dir, 'none.sqlite') }, { db: false })
    expect(exitCode).toBe(0)
    expect(text).toContain('not configured (no WXPAY_* set)')
    expect(text).toContain('login codes are refused with "sms_not_configured"')
    expect(text).toContain('WARN PUBLIC_URL: not set')
  })

  it('--db: the SQLite file’s version and reference rows; an unreachable PostgreSQL fails without showing its password', async () => {
    const dbPath = path.join(dir, 'checked.sqlite')
    const db = openDatabase(dbPath)
    await seedReferenceData(sqliteQuery(db))
    db.close()
    const sqlite = await runDoctor({ NODE_ENV: 'production', DB_PATH: dbPath }, { db: true })
    expect(sqlite.text).toMatch(/ok {3}DB_PATH: SQLite .*checked\.sqlite, schema version (\d+) of \1/)
    expect(sqlite.text).toContain('rows: cities 8, business_classes 6, mall_categories 6, takeout_categories 5, shops 0, card_products 0')
    const down = await runDoctor({ NODE_ENV: 'production', DATABASE_URL: 'postgres://onecard:pa55word-secret@127.0.0.1:1/onecard' }, { db: true })
    expect(down.exitCode).toBe(1)
    expect(down.text).toMatch(/FAIL DATABASE_URL: does not answer/)
    expect(down.text).not.toContain('pa55word-secret')
  })

  const pgUrl = pgTestUrl()
  ;(pgUrl ? it : it.skip)('--db on PostgreSQL: it answers, with its schema version', async () => {
    const pg = await freshPgDatabase(pgUrl as string)
    try {
      const { text, exitCode } = await runDoctor({ NODE_ENV: 'production', DATABASE_URL: pg.url }, { db: true })
      expect(exitCode).toBe(0)
      expect(text).toMatch(/ok {3}DATABASE_URL: PostgreSQL answers \(schema version none yet/)
    } finally {
      await pg.drop()
    }
  })

  it('the command: exit code 1 and the variable named', async () => {
    const env = { PATH: process.env.PATH ?? '', NODE_ENV: 'production', SWEEP_MS: '1m', DB_PATH: path.join(dir, 'cmd.sqlite') } as unknown as NodeJS.ProcessEnv
    const run = await runCommand('doctor', [], env)
    expect(run.code).toBe(1)
    expect(run.out).toContain('FAIL SWEEP_MS: "1m" is not a whole number (10 to 3600000 ms)')
  })
})
