/**
 * Login codes texted through a real SMS provider (issue 40): the server's Tencent Cloud sender (the official SDK) against a
 * local double of Tencent Cloud SMS that checks the TC3-HMAC-SHA256 signature with keys made for this run
 * (__tests__/doubles/sms.ts). The sandbox is off in these servers, as a production server runs: the code comes back only
 * through the double, and a code that was not texted is never answered "ok".
 */
import { Writable } from 'node:stream'
import { readSmsConfig } from '../../server/providers/sms/config'
import { SMS_HOURLY_CAP } from '../../server/http/routes/account'
import { nowMs } from '../../server/time'
import { startSmsDouble, type SmsDouble } from '../doubles/sms'
import { startServer, type TestServer } from './helpers'

let double: SmsDouble
let s: TestServer
let n = 0
const newPhone = () => `1370000${String(3000 + ++n).padStart(4, '0')}`
// A try's time limit well above a loopback answer on a loaded machine: only the double's 'timeout' reaches it.
const FAST = { attempts: 3, backoffMs: 1, timeoutMs: 3000 }

const send = (phone: string, server = s, lang = 'zh') => server.call('POST', 'Captcha/sendSmsCaptcha', { phone, lang })
const codesOf = (phone: string, server = s) => server.rows<{ code: string }>('SELECT code FROM sms_codes WHERE phone = ?', phone)

beforeAll(async () => {
  double = await startSmsDouble()
  s = await startServer({ sandbox: false, sms: readSmsConfig(double.env()), smsOptions: FAST })
})
afterAll(async () => {
  await s.close()
  await double.close()
})

describe('login codes through Tencent Cloud SMS (a double that checks the signature)', () => {
  it('texts the stored code, signed, with the approved signature and template; the shopper logs in with it', async () => {
    const phone = newPhone()
    const before = double.requests
    expect((await send(phone)).body).toMatchObject({ code: 1, data: { expires_in: 300, resend_in: 60 } })
    expect(double.requests - before).toBe(1)
    expect(double.refusedSignatures).toBe(0)
    const text = double.texts.find((t) => t.phone === phone)
    expect(text).toMatchObject({ sign: double.signName, template: double.templateId, session: 'bind' })
    expect(text?.params).toEqual([(await codesOf(phone))[0].code])
    const bound = await s.call<{ user: { phone: string } }>('POST', 'wechat/bind', { phone, code: text?.params[0] })
    expect(bound.body).toMatchObject({ code: 1, data: { user: { phone } } })
  })

  it("a frequency refusal (LimitExceeded.*) tells the shopper, is not tried again, and voids the code", async () => {
    const phone = newPhone()
    double.next({ status: 'LimitExceeded.PhoneNumberDailyLimit' })
    const before = double.requests
    const res = await send(phone)
    expect(res.body).toMatchObject({ code: 0, reason: 'sms_provider_limited', msg: '该手机号获取验证码过于频繁，请稍后再试', data: null })
    expect(double.requests - before).toBe(1)
    expect(await codesOf(phone)).toEqual([])
    // Voided, so it holds nothing back: no resend wait after a text that did not go.
    expect((await send(phone)).body.code).toBe(1)
  })

  it('a timeout, a 5xx and an InternalError are tried again, and the text goes', async () => {
    const phone = newPhone()
    double.next('timeout', '5xx')
    let before = double.requests
    expect((await send(phone)).body.code).toBe(1)
    expect(double.requests - before).toBe(3)
    expect(double.texts.filter((t) => t.phone === phone)).toHaveLength(1)
    const other = newPhone()
    double.next({ error: 'InternalError' }, { status: 'InternalError.Timeout' })
    before = double.requests
    expect((await send(other)).body.code).toBe(1)
    expect(double.requests - before).toBe(3)
  })

  it('no answer after every try: "could not be sent", never ok, and the code is gone', async () => {
    const phone = newPhone()
    double.next('5xx', 'timeout', { error: 'InternalError' })
    const before = double.requests
    const res = await send(phone, s, 'en')
    expect(res.body).toMatchObject({ code: 0, reason: 'sms_send_failed', msg: 'The code could not be sent. Please try again shortly' })
    expect(double.requests - before).toBe(FAST.attempts)
    expect(await codesOf(phone)).toEqual([])
  })

  it('a number Tencent will not text, and a send refused for the operator (a wrong key) are refused at once', async () => {
    const phone = newPhone()
    double.next({ status: 'InvalidParameterValue.IncorrectPhoneNumber' })
    expect((await send(phone)).body).toMatchObject({ code: 0, reason: 'sms_phone_rejected' })
    const lines: string[] = []
    const log = new Writable({ write: (chunk: Buffer, _enc, done) => (lines.push(chunk.toString()), done()) })
    const config = readSmsConfig({ ...double.env(), TENCENT_SMS_SECRET_KEY: 'f'.repeat(32) })
    const wrongKey = await startServer({ sandbox: false, sms: config, smsOptions: FAST, logStream: log })
    try {
      const refusedBefore = double.refusedSignatures
      const requests = double.requests
      expect((await send(phone, wrongKey)).body).toMatchObject({ code: 0, reason: 'sms_send_failed' })
      expect(double.refusedSignatures - refusedBefore).toBe(1)
      // Not tried again: a signature is not transient.
      expect(double.requests - requests).toBe(1)
      const logged = lines.join('')
      expect(logged).toContain('AuthFailure.SignatureFailure')
      expect(logged).not.toContain('f'.repeat(32))
      expect(logged).not.toContain(double.secretKey)
    } finally {
      await wrongKey.close()
    }
  })

  it(`caps a phone at ${SMS_HOURLY_CAP} codes an hour, saying how long to wait`, async () => {
    const phone = newPhone()
    const now = nowMs()
    for (let i = 0; i < SMS_HOURLY_CAP; i++) await s.run("INSERT INTO sms_codes (phone, scene, code, created_at) VALUES (?, 'bind', '', ?)", phone, now - 50 * 60_000 + i * 2 * 60_000)
    const before = double.requests
    expect((await send(phone)).body).toMatchObject({ code: 0, reason: 'sms_hourly_limit', params: { minutes: 10 } })
    expect(double.requests).toBe(before)
  })

  it('caps one client (address) a day over all phones (SMS_PER_CLIENT_DAY)', async () => {
    const capped = await startServer({ sandbox: false, sms: readSmsConfig(double.env()), smsOptions: FAST, smsPerClientDay: 3 })
    try {
      const answers = []
      for (let i = 0; i < 4; i++) answers.push((await send(newPhone(), capped)).body)
      expect(answers.map((a) => a.code)).toEqual([1, 1, 1, 0])
      expect(answers[3]).toMatchObject({ reason: 'sms_client_daily_limit' })
      const elsewhere = await capped.app.inject({ method: 'POST', url: '/api/Captcha/sendSmsCaptcha', remoteAddress: '10.0.0.7', payload: { phone: newPhone() } })
      expect(elsewhere.json().code).toBe(1)
    } finally {
      await capped.close()
    }
  })
})

describe('without a sender', () => {
  it('a production server refuses codes with sms_not_configured and keeps none', async () => {
    const none = await startServer({ sandbox: false })
    try {
      const phone = newPhone()
      expect((await send(phone, none)).body).toMatchObject({ code: 0, reason: 'sms_not_configured', data: null })
      expect(await codesOf(phone, none)).toEqual([])
    } finally {
      await none.close()
    }
  })

  it('SMS_PROVIDER=tencent without its settings stops the start naming the variable; unset is no sender', () => {
    expect(readSmsConfig({})).toBeNull()
    expect(() => readSmsConfig({ SMS_PROVIDER: 'tencent' })).toThrow(/^TENCENT_SMS_SECRET_ID: not set/)
    expect(() => readSmsConfig({ ...double.env(), TENCENT_SMS_ENDPOINT: 'http://sms.example.com' })).toThrow(/^TENCENT_SMS_ENDPOINT: is not an https address/)
    expect(() => readSmsConfig({ ...double.env(), TENCENT_SMS_SDK_APP_ID: '123' })).toThrow(/^TENCENT_SMS_SDK_APP_ID: /)
    expect(() => readSmsConfig({ SMS_PROVIDER: 'aliyun' })).toThrow(/^SMS_PROVIDER: /)
    expect(readSmsConfig(double.env())).toMatchObject({ provider: 'tencent', region: 'ap-guangzhou', endpoint: double.url })
  })
})
