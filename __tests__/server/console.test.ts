/**
 * The operator's console (issue 45; docs/api.md "Console (operators)"): operators sign in with a password and a TOTP
 * code, sessions end by sign-out, idle time and absolute time, sign-in is limited, every console call is refused without
 * an operator's session or to a role the contract does not list, no shopper call takes an operator's token, and every
 * write leaves an audit row (before and after) written with it. Runs on PostgreSQL too (TEST_DATABASE_URL).
 */
import type { InjectOptions } from 'fastify'
import { CONSOLE_ENDPOINTS, OPERATOR_ABSOLUTE_MS, OPERATOR_IDLE_MS, OPERATOR_ROLES, OPERATOR_SIGN_IN_LIMITS, consoleAllows, type ConsoleEndpointPath, type OperatorRole } from '../../src/contract/consoleEndpoints'
import { METHODS } from '../../server/http/envelope'
import { DEMO_OPERATORS } from '../../server/demo/seedOperators'
import { totpCode } from '../../server/domain/console/secrets'
import { createOperator } from '../../server/domain/console/accounts'
import { runAdmin } from '../../scripts/admin'
import { holdServerClock, startServer, type TestServer } from './helpers'

interface Answer<T = Record<string, unknown>> {
  code: number
  msg: string
  data: T
  reason?: string
}

let s: TestServer
let shopper = ''
beforeAll(async () => {
  s = await startServer()
  shopper = (await s.login('13700004545')).token
})
afterAll(() => s.close())
afterEach(() => jest.restoreAllMocks())

/** A moment on the server's clock far from any other test's, so TOTP steps and limits never meet. */
let base = Date.UTC(2027, 0, 1)
const freshMoment = () => (base += 24 * 3600_000)

let address = 0
/** A console call; a new client address each time unless one is named (the per-address limit is a test of its own). */
async function call<T = Record<string, unknown>>(method: 'GET' | 'POST', path: string, payload: Record<string, unknown> = {}, headers: Record<string, string> = {}, from?: string): Promise<Answer<T>> {
  const opts: InjectOptions = { method, url: `/api/${path}`, headers, remoteAddress: from ?? `10.0.${Math.floor(++address / 250)}.${(address % 250) + 1}` }
  if (method === 'GET') opts.query = Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, String(v)]))
  else opts.payload = payload
  const res = await s.app.inject(opts)
  expect(res.statusCode).toBe(200)
  return res.json() as Answer<T>
}
const as = (token: string) => ({ 'operator-token': token })
const consoleCall = <T = Record<string, unknown>>(path: ConsoleEndpointPath, payload: Record<string, unknown>, token: string) => call<T>(CONSOLE_ENDPOINTS[path], path, payload, as(token))

const demo = (role: OperatorRole) => DEMO_OPERATORS.find((o) => o.role === role) as (typeof DEMO_OPERATORS)[number]

/** Signs in at the held moment `at` (the code of that moment). */
async function signIn(username: string, password: string, secret: string, at: number, from?: string) {
  holdServerClock(at)
  return call<{ token: string; operator: { id: number; role: string }; expires_at: number }>('POST', 'console.auth/signIn', { username, password, totp: totpCode(secret, at) }, {}, from)
}
async function tokenOf(role: OperatorRole, at = freshMoment()): Promise<string> {
  const o = demo(role)
  const res = await signIn(o.username, o.password, o.totpSecret, at)
  expect(res).toMatchObject({ code: 1 })
  return res.data.token
}

/** A new operator of its own (its own username: limits and codes of one test never touch another's). */
let made = 0
async function newOperator(role: OperatorRole) {
  const username = `t${++made}-${role}`
  const password = `password-${made}-long`
  const created = await createOperator(s.app.q, { username, name: `Test ${made}`, role, password }, null)
  return { ...created, username, password }
}

describe('sign-in', () => {
  it('the right password and code: a session whose token is answered once and kept only as a hash', async () => {
    const at = freshMoment()
    const o = demo('admin')
    const res = await signIn(o.username, o.password, o.totpSecret, at)
    expect(res).toMatchObject({ code: 1, data: { operator: { username: 'demo-admin', role: 'admin' }, expires_at: at + OPERATOR_ABSOLUTE_MS } })
    expect(res.data.token).toMatch(/^op_[A-Za-z0-9_-]{43}$/)
    const stored = await s.rows<{ token_hash: string }>('SELECT token_hash FROM operator_sessions')
    expect(stored.map((r) => r.token_hash)).not.toContain(res.data.token)
    expect((await consoleCall('console.auth/me', {}, res.data.token)).data).toMatchObject({ operator: { username: 'demo-admin' }, expires_at: at + OPERATOR_ABSOLUTE_MS, idle_expires_at: at + OPERATOR_IDLE_MS })
  })

  it('a wrong password, a wrong code, a code used before, an unknown or a disabled operator: one refusal that names none of them', async () => {
    const o = await newOperator('content')
    const at = freshMoment()
    const refused = { code: 0, reason: 'operator_sign_in_refused' }
    expect(await signIn(o.username, 'not-the-password', o.totp_secret, at)).toMatchObject(refused)
    holdServerClock(at)
    expect(await call('POST', 'console.auth/signIn', { username: o.username, password: o.password, totp: totpCode(o.totp_secret, at + 5 * 60_000) })).toMatchObject(refused)
    expect(await signIn('nobody-here', o.password, o.totp_secret, at)).toMatchObject(refused)
    // The right one, then the same code again within its window (replay): refused.
    expect(await signIn(o.username, o.password, o.totp_secret, at)).toMatchObject({ code: 1 })
    expect(await signIn(o.username, o.password, o.totp_secret, at + 10_000)).toMatchObject(refused)
    // The next step's code is a new one.
    expect(await signIn(o.username, o.password, o.totp_secret, at + 30_000)).toMatchObject({ code: 1 })
    await s.run('UPDATE operators SET disabled_at = ? WHERE username = ?', at, o.username)
    expect(await signIn(o.username, o.password, o.totp_secret, at + 60_000)).toMatchObject(refused)
  })

  it('past the limit per username a short lock (even for the right password), gone when the window ends; a right sign-in clears the count', async () => {
    const o = await newOperator('finance')
    const at = freshMoment()
    for (let i = 0; i < OPERATOR_SIGN_IN_LIMITS.perUsername - 1; i++) expect(await signIn(o.username, `wrong-password-${i}`, o.totp_secret, at)).toMatchObject({ reason: 'operator_sign_in_refused' })
    // A right one within the limit clears the count: as many wrong ones again are only refused, not locked.
    expect(await signIn(o.username, o.password, o.totp_secret, at)).toMatchObject({ code: 1 })
    for (let i = 0; i < OPERATOR_SIGN_IN_LIMITS.perUsername; i++) expect(await signIn(o.username, `wrong-password-${i}`, o.totp_secret, at + 30_000)).toMatchObject({ reason: 'operator_sign_in_refused' })
    const locked = await signIn(o.username, o.password, o.totp_secret, at + 60_000)
    expect(locked).toMatchObject({ code: 0, reason: 'operator_sign_in_locked', params: { minutes: 15 } })
    expect(await signIn(o.username, o.password, o.totp_secret, at + 30_000 + OPERATOR_SIGN_IN_LIMITS.windowMs)).toMatchObject({ code: 1 })
  })

  it('past the limit per client address, every username from it is locked for the window', async () => {
    const at = freshMoment()
    const from = '192.0.2.45'
    for (let i = 0; i < OPERATOR_SIGN_IN_LIMITS.perAddress; i++) expect(await signIn(`guess-${i}`, 'wrong-password', 'JBSWY3DPEHPK3PXP', at, from)).toMatchObject({ reason: 'operator_sign_in_refused' })
    const o = demo('reviewer')
    expect(await signIn(o.username, o.password, o.totpSecret, at, from)).toMatchObject({ reason: 'operator_sign_in_locked' })
    expect(await signIn(o.username, o.password, o.totpSecret, at + 1000)).toMatchObject({ code: 1 })
  })
})

describe('sessions end', () => {
  it(`after ${OPERATOR_IDLE_MS / 60_000} minutes without a call (each call moves the end)`, async () => {
    const at = freshMoment()
    const token = await tokenOf('content', at)
    holdServerClock(at + OPERATOR_IDLE_MS - 1000)
    expect(await consoleCall('console.card/index', {}, token)).toMatchObject({ code: 1 })
    holdServerClock(at + 2 * OPERATOR_IDLE_MS - 2000)
    expect(await consoleCall('console.card/index', {}, token)).toMatchObject({ code: 1 })
    holdServerClock(at + 3 * OPERATOR_IDLE_MS - 2000)
    expect(await consoleCall('console.auth/me', {}, token)).toMatchObject({ code: -1, reason: 'operator_session_expired' })
  })

  it(`${OPERATOR_ABSOLUTE_MS / 3600_000} hours after sign-in, however busy`, async () => {
    const at = freshMoment()
    const token = await tokenOf('finance', at)
    for (let t = at + 20 * 60_000; t < at + OPERATOR_ABSOLUTE_MS; t += 20 * 60_000) {
      holdServerClock(t)
      expect(await consoleCall('console.auth/me', {}, token)).toMatchObject({ code: 1 })
    }
    holdServerClock(at + OPERATOR_ABSOLUTE_MS)
    expect(await consoleCall('console.auth/me', {}, token)).toMatchObject({ code: -1, reason: 'operator_session_expired' })
  })

  it('on sign-out', async () => {
    const at = freshMoment()
    const token = await tokenOf('reviewer', at)
    expect(await consoleCall('console.auth/signOut', {}, token)).toMatchObject({ code: 1, data: { signed_out: true } })
    expect(await consoleCall('console.merchant/index', {}, token)).toMatchObject({ code: -1, reason: 'operator_session_expired' })
  })

  it('when the operator is disabled, at once; the reason is in the audit trail', async () => {
    const o = await newOperator('content')
    const at = freshMoment()
    const theirs = (await signIn(o.username, o.password, o.totp_secret, at)).data.token
    const admin = await tokenOf('admin', at + 30_000)
    const res = await consoleCall('console.operator/disable', { id: o.operator.id, reason: 'left the company' }, admin)
    expect(res).toMatchObject({ code: 1, data: { operator: { id: o.operator.id, disabled_at: at + 30_000 } } })
    expect(await consoleCall('console.card/index', {}, theirs)).toMatchObject({ code: -1, reason: 'operator_session_expired' })
    const audit = await consoleCall<{ list: Array<Record<string, unknown>> }>('console.audit/index', { area: 'operator' }, admin)
    expect(audit.data.list[0]).toMatchObject({ action: 'operator.disable', operator_username: 'demo-admin', target_kind: 'operator', target_id: String(o.operator.id), reason: 'left the company', before: { disabled_at: null }, after: { disabled_at: at + 30_000, sessions_ended: 1 } })
    const self = await s.row<{ id: number }>("SELECT id FROM operators WHERE username = 'demo-admin'")
    expect(await consoleCall('console.operator/disable', { id: Number(self.id), reason: 'x' }, admin)).toMatchObject({ code: 0, reason: 'operator_cannot_disable_self' })
  })
})

describe('the whole console contract refuses who may not call it', () => {
  const paths = (Object.keys(CONSOLE_ENDPOINTS) as ConsoleEndpointPath[]).filter((p) => p !== 'console.auth/signIn')
  const tokens = {} as Record<OperatorRole, string>
  beforeAll(async () => {
    const at = freshMoment()
    for (const [i, role] of OPERATOR_ROLES.entries()) tokens[role] = await tokenOf(role, at + i * 1000)
  })
  beforeEach(() => holdServerClock(base + 60_000))

  it.each(paths)('%s: no token, a shopper’s token (as either header), each role the table leaves out', async (path) => {
    const method = CONSOLE_ENDPOINTS[path]
    expect(await call(method, path, {})).toMatchObject({ code: -1, reason: 'operator_login_required' })
    expect(await call(method, path, {}, { 'access-token': shopper })).toMatchObject({ code: -1, reason: 'operator_login_required' })
    expect(await call(method, path, {}, { 'operator-token': shopper })).toMatchObject({ code: -1, reason: 'operator_session_expired' })
    for (const role of OPERATOR_ROLES.filter((r) => !consoleAllows(r, path))) {
      expect(await call(method, path, {}, as(tokens[role]))).toMatchObject({ code: 0, reason: 'operator_role_refused' })
    }
    // A role the table lists gets past the guard (answered, or refused for its payload, never for who it is).
    for (const role of OPERATOR_ROLES.filter((r) => consoleAllows(r, path) && path !== 'console.auth/signOut')) {
      expect((await call(method, path, {}, as(tokens[role]))).reason ?? '').not.toMatch(/^operator_(login_required|session_expired|role_refused)$/)
    }
  })

  it('every shopper call answers an operator’s token (in either header) as it answers no token at all', async () => {
    const admin = tokens.admin
    const differ: string[] = []
    for (const [path, method] of Object.entries(METHODS)) {
      if (path === 'Captcha/sendSmsCaptcha') continue // answers by its own per-client count; it takes no token
      const none = await call(method, path, {}, { 'access-token': '' }, '203.0.113.7')
      const withOperator = await call(method, path, {}, { 'access-token': admin, 'operator-token': admin }, '203.0.113.7')
      const expected = none.code === -1 ? { code: -1, reason: 'session_expired' } : { code: none.code, reason: none.reason }
      if (withOperator.code !== expected.code || withOperator.reason !== expected.reason) differ.push(`${path}: ${JSON.stringify(withOperator)}`)
    }
    expect(differ).toEqual([])
    expect(Object.keys(METHODS).length).toBeGreaterThan(100)
  })
})

describe('every write leaves its audit row, with the write', () => {
  const shopperCards = async () => (await s.call<{ list: Array<{ id: number; price: number }> }>('GET', 'hui_public.card/index')).body.data.list
  it('card products: created and changed by a content operator (before and after), a refused change leaves none', async () => {
    const token = await tokenOf('content')
    const card = { name: '测试卡', level: 7, price: 19900, days: 365, member_rate: 90, benefits: ['全场 9 折'], on_sale: true }
    const created = await consoleCall<{ card: { id: number } }>('console.card/save', card, token)
    expect(created).toMatchObject({ code: 1, data: { card: { ...card, id: expect.any(Number) } } })
    const id = created.data.card.id
    // The shoppers' list offers it at once, at its price.
    expect(await shopperCards()).toContainEqual(expect.objectContaining({ id, price: 19900 }))
    const changed = await consoleCall('console.card/save', { ...card, id, price: 9900, on_sale: false, reason: 'year-end price' }, token)
    expect(changed).toMatchObject({ code: 1, data: { card: { id, price: 9900, on_sale: false } } })
    expect(await consoleCall('console.card/save', { ...card, id, level: 8 }, token)).toMatchObject({ code: 0, reason: 'console_card_level_fixed' })
    const rows = await s.rows<{ action: string; before_json: string | null; after_json: string; reason: string | null }>("SELECT action, before_json, after_json, reason FROM operator_audit WHERE target_kind = 'card_product' AND target_id = ? ORDER BY id", String(id))
    expect(rows.map((r) => [r.action, r.before_json && JSON.parse(r.before_json), JSON.parse(r.after_json), r.reason])).toEqual([
      ['card.create', null, { ...card, id }, null],
      ['card.save', { ...card, id }, { ...card, id, price: 9900, on_sale: false }, 'year-end price'],
    ])
    // The shoppers' list no longer offers it.
    expect((await shopperCards()).map((c) => c.id)).not.toContain(id)
  })

  it('operators: an administrator creates one (its TOTP secret answered once, never recorded) who then signs in', async () => {
    const admin = await tokenOf('admin')
    const res = await consoleCall<{ operator: { id: number }; totp_secret: string; otpauth_uri: string }>('console.operator/create', { username: 'New.Editor', name: '新编辑', role: 'content', password: 'a-long-password-1' }, admin)
    expect(res).toMatchObject({ code: 1, data: { operator: { username: 'new.editor', role: 'content', created_by: expect.any(Number) }, totp_secret: expect.stringMatching(/^[A-Z2-7]{32}$/) } })
    expect(res.data.otpauth_uri).toMatch(/^otpauth:\/\/totp\/One%20Card%20Pass:new\.editor\?/)
    const row = await s.row<{ before_json: string | null; after_json: string }>("SELECT before_json, after_json FROM operator_audit WHERE action = 'operator.create' AND target_id = ?", String(res.data.operator.id))
    expect(row.before_json).toBeNull()
    expect(JSON.parse(row.after_json)).toMatchObject({ username: 'new.editor', role: 'content', disabled_at: null })
    expect(row.after_json).not.toContain(res.data.totp_secret)
    expect(row.after_json).not.toMatch(/scrypt|password/)
    expect(await consoleCall('console.operator/create', { username: 'new.editor', name: 'x', role: 'content', password: 'a-long-password-1' }, admin)).toMatchObject({ code: 0, reason: 'operator_username_taken' })
    expect(await signIn('new.editor', 'a-long-password-1', res.data.totp_secret, freshMoment())).toMatchObject({ code: 1, data: { operator: { role: 'content' } } })
  })

  it('merchant applications: a reviewer rejects one on a field, then approves it after the resubmission; a second approval is refused and leaves no row', async () => {
    const reviewer = await tokenOf('reviewer')
    const { userId } = await s.quickUser('13700004546')
    const shop = await s.row<{ class_id: number; city_id: number }>('SELECT class_id, city_id FROM shops ORDER BY id LIMIT 1')
    const at = base
    const [{ id }] = await s.rows<{ id: number }>(
      `INSERT INTO merchant_applications (user_id, status, shop_name, class_id, contact_name, mobile, city_id, district, address, hours, discount_rate, licence_image, storefront_image, rejections, created_at, updated_at)
       VALUES (?, 'submitted', '控制台测试店', ?, '张三', '13700004546', ?, '', '某某路 1 号', '09:00-21:00', 90, '/uploads/aaaaaaaaaaaaaaaaaaaaaa.jpg', '/uploads/bbbbbbbbbbbbbbbbbbbbbb.jpg', '{}', ?, ?) RETURNING id`,
      userId,
      shop.class_id,
      shop.city_id,
      at,
      at,
    )
    const list = await consoleCall<{ list: Array<{ id: number; status: string }> }>('console.merchant/index', { status: 'submitted' }, reviewer)
    expect(list.data.list.map((a) => a.id)).toContain(Number(id))
    expect(await consoleCall('console.merchant/read', { id }, reviewer)).toMatchObject({ code: 1, data: { application: { id: Number(id), status: 'in_review' } } })
    expect(await consoleCall('console.merchant/reject', { id, reasons: { hours: '请写明每天的营业时间' } }, reviewer)).toMatchObject({ code: 1, data: { application: { status: 'rejected', rejections: { hours: '请写明每天的营业时间' } } } })
    await s.run("UPDATE merchant_applications SET status = 'submitted', rejections = '{}' WHERE id = ?", id)
    const approved = await consoleCall<{ shop_id: number }>('console.merchant/approve', { id }, reviewer)
    expect(approved).toMatchObject({ code: 1, data: { application: { status: 'approved' }, shop_id: expect.any(Number) } })
    expect(await consoleCall('console.merchant/approve', { id }, reviewer)).toMatchObject({ code: 0, reason: 'merchant_application_decided' })
    const rows = await s.rows<{ action: string; before_json: string; after_json: string; reason: string | null }>("SELECT action, before_json, after_json, reason FROM operator_audit WHERE target_kind = 'merchant_application' AND target_id = ? ORDER BY id", String(id))
    expect(rows.map((r) => [r.action, JSON.parse(r.before_json).status, JSON.parse(r.after_json).status, r.reason])).toEqual([
      ['merchant.open', 'submitted', 'in_review', null],
      ['merchant.reject', 'in_review', 'rejected', 'hours: 请写明每天的营业时间'],
      ['merchant.approve', 'submitted', 'approved', null],
    ])
    expect(JSON.parse(rows[2].after_json).shop_id).toBe(approved.data.shop_id)
  })

  it('the trail reads newest first, by operator and by area, with the business zone’s time beside the ms', async () => {
    const finance = await tokenOf('finance')
    const page = await consoleCall<{ list: Array<{ action: string; at: number; at_text: string }>; total: number }>('console.audit/index', { area: 'card', page_size: 5 }, finance)
    expect(page.code).toBe(1)
    expect(page.data.list.length).toBeGreaterThan(0)
    expect(page.data.list.every((r) => r.action.startsWith('card.'))).toBe(true)
    expect(page.data.list[0].at_text).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    const ids = page.data.list.map((r) => r.at)
    expect([...ids].sort((a, b) => b - a)).toEqual(ids)
  })
})

describe('the first administrator, from the command line (npm run admin -- operator-add)', () => {
  const admin = async (args: string[], input = '') => {
    const out: string[] = []
    const err: string[] = []
    const code = await runAdmin(args, { ...process.env, ...s.databaseEnv }, { out: (l) => out.push(l), err: (l) => err.push(l), input: async () => input })
    return { code, out: out.join('\n'), err: err.join('\n') }
  }

  it('reads the password from stdin, prints the TOTP secret and URI once; the administrator then signs in', async () => {
    const made = await admin(['operator-add', 'first.admin', 'First Admin', 'admin', '--password-stdin'], 'a-very-long-password\n')
    expect(made).toMatchObject({ code: 0, err: '' })
    const secret = /TOTP secret \(shown once\): ([A-Z2-7]{32})/.exec(made.out)?.[1] as string
    expect(made.out).toMatch(/otpauth:\/\/totp\/One%20Card%20Pass:first\.admin\?/)
    expect(made.out).not.toContain('a-very-long-password')
    expect(await signIn('first.admin', 'a-very-long-password', secret, freshMoment())).toMatchObject({ code: 1, data: { operator: { role: 'admin' } } })
    expect(await s.row('SELECT created_by FROM operators WHERE username = ?', 'first.admin')).toEqual({ created_by: null })
  })

  it('generates a password when none is given (printed once); refuses a short one, a taken name and an unknown role', async () => {
    const made = await admin(['operator-add', 'second.admin', 'Second', 'reviewer'])
    expect(made.code).toBe(0)
    const password = /password \(shown once\): (\S{24})/.exec(made.out)?.[1] as string
    const secret = /TOTP secret \(shown once\): ([A-Z2-7]{32})/.exec(made.out)?.[1] as string
    expect(await signIn('second.admin', password, secret, freshMoment())).toMatchObject({ code: 1 })
    expect(await admin(['operator-add', 'third', 'Third', 'admin', '--password-stdin'], 'short\n')).toMatchObject({ code: 2, err: expect.stringContaining('12–128') })
    expect(await admin(['operator-add', 'second.admin', 'Again', 'admin'])).toMatchObject({ code: 1, err: expect.stringContaining('operator_username_taken') })
    expect(await admin(['operator-add', 'fourth', 'Fourth', 'boss'])).toMatchObject({ code: 2 })
  })
})
