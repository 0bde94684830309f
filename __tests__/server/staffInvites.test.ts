import crypto from 'node:crypto'
import http from 'node:http'
import type { Q } from '../../server/storage/query'
import { TAKEOUT_WATCH } from '../../src/contract/takeoutEndpoints'
import type { InviteReadAnswer, StaffInviteAnswer, StaffListAnswer } from '../../src/contract/storeStaff'
import { hashToken } from '../../server/domain/account'
import { nowMs } from '../../server/time'
import { holdServerClock, startServer, type TestServer } from './helpers'
import { httpClient, startProcesses, tally, waitFor, type TestServerHandle } from './processes'

/**
 * Staff invites and removal (issue 26; server/domain/store/staff.ts; docs/api.md "Staff and invites"): the owner invites by a
 * one-time code (stored hashed), a logged-in colleague joins once; the invite expires 24 h after it was made on the
 * server's clock; only the owner invites, revokes and removes, and the owner cannot be removed; a user is staff of one
 * store; removal ends the removed person's store rights at their very next call, in every process. The race: two
 * colleagues accepting one link at once over three server processes on one database file → one joins.
 */

type Body<T> = { code: number; msg: string; data: T; reason?: string }

describe('one server', () => {
  let s: TestServer
  beforeAll(async () => {
    s = await startServer()
  })
  afterAll(() => s.close())
  afterEach(() => jest.restoreAllMocks())

  let seq = 0
  const person = () => s.quickUser(`1377777${String(++seq).padStart(4, '0')}`)
  /** The owner of a seeded shop (as the approval of an application makes one, server/domain/merchant.ts). */
  const ownerOf = async (shopId: number) => {
    const u = (await person())
    await s.run("INSERT INTO store_staff (user_id, shop_id, created_at, role) VALUES (?, ?, '2026-01-01 00:00:00', 'owner')", u.userId, shopId)
    return u
  }
  const call = <T>(method: 'GET' | 'POST', path: string, payload: Record<string, unknown>, token?: string) => s.call<T>(method, path, payload, token).then((r) => r.body as Body<T>)
  const invite = (token: string) => call<StaffInviteAnswer>('POST', 'hui_shanghu.store_staff/invite', {}, token)
  const list = (token: string, lang?: 'en') => call<StaffListAnswer>('GET', 'hui_shanghu.store_staff/index', lang ? { lang } : {}, token)
  const accept = (token: string, code: string, lang?: 'en') => call<{ shop: { id: number; name: string } }>('POST', 'hui_shanghu.store_invite/accept', { code, ...(lang ? { lang } : {}) }, token)
  const readInvite = (token: string, code: string) => call<InviteReadAnswer>('GET', 'hui_shanghu.store_invite/read', { code }, token)
  const workbench = (token: string) => call('GET', 'hui_shanghu.store/workbench', {}, token)

  it('the owner invites; a colleague reads the link, joins as staff, and the link is used once', async () => {
    const owner = await ownerOf(2)
    const made = await invite(owner.token)
    expect(made.code).toBe(1)
    const { code, expires_at, created_at } = made.data.invite
    expect(code).toMatch(/^[A-Za-z0-9_-]{22}$/)
    // The code is not stored: only its hash.
    expect(JSON.stringify(await s.rows('SELECT * FROM staff_invites'))).not.toContain(code)
    expect(await s.row('SELECT COUNT(*) AS n FROM staff_invites WHERE code_hash = ?', hashToken(code))).toEqual({ n: 1 })
    expect(Date.parse(expires_at.replace(' ', 'T')) - Date.parse(created_at.replace(' ', 'T'))).toBe(24 * 3_600_000)

    const colleague = (await person())
    expect(await workbench(colleague.token)).toMatchObject({ code: 0, reason: 'no_permission' })
    const read = await readInvite(colleague.token, code)
    expect(read).toMatchObject({ code: 1, data: { shop: { id: 2 }, expires_at, my_shop: null } })
    expect(await accept(colleague.token, code)).toMatchObject({ code: 1, data: { shop: { id: 2, name: read.data.shop.name }, role: 'staff' } })
    expect(await workbench(colleague.token)).toMatchObject({ code: 1, data: { shop: { id: 2 } } })

    // The owner's list: the owner first, then the new colleague (masked phone); the invite is no longer open.
    const listed = (await list(owner.token)).data
    expect(listed.my_role).toBe('owner')
    expect(listed.staff.filter((m) => m.user_id === owner.userId || m.user_id === colleague.userId).map((m) => [m.role, m.is_me])).toEqual([
      ['owner', true],
      ['staff', false],
    ])
    expect(listed.staff.find((m) => m.user_id === colleague.userId)?.phone).toMatch(/^137\*{4}\d{4}$/)
    // A default nickname is the system's: answered in the asker's language (one the person chose stays as written).
    await s.run("UPDATE users SET nickname = '会员0002' WHERE id = ?", colleague.userId)
    const nicknames = async (lang?: 'en') => (await list(owner.token, lang)).data.staff.filter((m) => m.user_id !== owner.userId).map((m) => m.nickname)
    expect(await nicknames()).toContain('会员0002')
    expect(await nicknames('en')).toContain('Member 0002')
    expect(await nicknames('en')).not.toContain('会员0002')
    expect(listed.invites.map((i) => i.id)).not.toContain(made.data.invite.id)

    // A second colleague with the same link: used.
    const late = (await person())
    expect(await accept(late.token, code)).toMatchObject({ code: 0, reason: 'staff_invite_used', msg: '该邀请已被使用，请向店主要一个新的链接' })
    expect(await readInvite(late.token, code)).toMatchObject({ code: 0, reason: 'staff_invite_used' })
    expect(await workbench(late.token)).toMatchObject({ code: 0, reason: 'no_permission' })
    // A code that was never made, and one not shaped as a code: not valid, never a 5xx.
    expect(await accept(late.token, crypto.randomBytes(16).toString('base64url'))).toMatchObject({ code: 0, reason: 'staff_invite_not_found' })
    expect(await accept(late.token, '<script>')).toMatchObject({ code: 0, reason: 'staff_invite_not_found' })
    // Anonymous: log in first.
    expect(await readInvite('', code)).toMatchObject({ code: -1 })
  })

  it('expires 24 h after it was made, on the server clock', async () => {
    const owner = await ownerOf(3)
    const colleague = (await person())
    // Sessions that outlive the day the test moves through.
    await s.run('UPDATE tokens SET expires_at = expires_at + 3 * 86400000 WHERE user_id IN (?, ?)', owner.userId, colleague.userId)
    const t0 = nowMs()
    holdServerClock(t0)
    const { code } = (await invite(owner.token)).data.invite
    holdServerClock(t0 + 24 * 3_600_000 - 1000)
    expect((await readInvite(colleague.token, code)).code).toBe(1)
    expect((await list(owner.token)).data.invites).toHaveLength(1)
    holdServerClock(t0 + 24 * 3_600_000)
    expect(await readInvite(colleague.token, code)).toMatchObject({ code: 0, reason: 'staff_invite_expired' })
    expect(await accept(colleague.token, code, 'en')).toMatchObject({ code: 0, reason: 'staff_invite_expired', msg: 'This invite has expired. Ask the owner for a new one' })
    expect(await workbench(colleague.token)).toMatchObject({ code: 0, reason: 'no_permission' })
    // No longer listed as open, and cannot be withdrawn.
    expect((await list(owner.token)).data.invites).toEqual([])
  })

  it('only the owner invites, sees and withdraws invites and removes staff; the owner cannot be removed', async () => {
    const owner = await ownerOf(4)
    const other = await ownerOf(5)
    const shopper = (await person())
    const colleague = (await person())
    expect((await accept(colleague.token, (await invite(owner.token)).data.invite.code)).code).toBe(1)
    const open = (await invite(owner.token)).data.invite

    // Staff read the store's people, not its invites, and may do nothing else here.
    const seen = await list(colleague.token)
    expect(seen).toMatchObject({ code: 1, data: { my_role: 'staff', invites: [] } })
    expect(seen.data.staff.map((m) => m.user_id)).toEqual(expect.arrayContaining([owner.userId, colleague.userId]))
    expect(await invite(colleague.token)).toMatchObject({ code: 0, reason: 'staff_owner_only' })
    expect(await call('POST', 'hui_shanghu.store_staff/revoke', { id: open.id }, colleague.token)).toMatchObject({ code: 0, reason: 'staff_owner_only' })
    expect(await call('POST', 'hui_shanghu.store_staff/remove', { user_id: owner.userId }, colleague.token)).toMatchObject({ code: 0, reason: 'staff_owner_only' })
    // A shopper and an anonymous caller: the store gate.
    for (const path of ['hui_shanghu.store_staff/index', 'hui_shanghu.store_staff/invite'] as const) {
      expect(await call(path.endsWith('index') ? 'GET' : 'POST', path, {}, shopper.token)).toMatchObject({ code: 0, reason: 'no_permission' })
      expect(await call(path.endsWith('index') ? 'GET' : 'POST', path, {})).toMatchObject({ code: -1 })
    }
    // The owner cannot remove themself; another store's owner reaches neither this store's staff nor its invites.
    expect(await call('POST', 'hui_shanghu.store_staff/remove', { user_id: owner.userId }, owner.token)).toMatchObject({ code: 0, reason: 'staff_cannot_remove_owner' })
    expect(await call('POST', 'hui_shanghu.store_staff/remove', { user_id: colleague.userId }, other.token)).toMatchObject({ code: 0, reason: 'staff_not_found' })
    expect(await call('POST', 'hui_shanghu.store_staff/revoke', { id: open.id }, other.token)).toMatchObject({ code: 0, reason: 'staff_invite_not_found' })
    expect((await list(owner.token)).data.invites.map((i) => i.id)).toContain(open.id)

    // The owner withdraws it: the link no longer works.
    const after = await call<StaffListAnswer>('POST', 'hui_shanghu.store_staff/revoke', { id: open.id }, owner.token)
    expect(after.code).toBe(1)
    expect(after.data.invites.map((i) => i.id)).not.toContain(open.id)
    expect(await accept(shopper.token, open.code)).toMatchObject({ code: 0, reason: 'staff_invite_revoked' })
    expect(await workbench(shopper.token)).toMatchObject({ code: 0, reason: 'no_permission' })
    // Bad input: an envelope, never a 5xx.
    const bad = await s.call('POST', 'hui_shanghu.store_staff/remove', { user_id: 'x' }, owner.token)
    expect([bad.status, bad.body.code]).toEqual([200, 0])
  })

  it('a user is staff of one store: an invite elsewhere is refused with the store they work for', async () => {
    const owner = await ownerOf(6)
    const seededStaff = await s.row<{ id: number }>("SELECT u.id, u.phone FROM store_staff s JOIN users u ON u.id = s.user_id WHERE s.shop_id = 7 AND s.role = 'staff'")
    const token = `t-${crypto.randomBytes(8).toString('hex')}`
    await s.run('INSERT INTO tokens (hash, user_id, expires_at) VALUES (?, ?, ?)', hashToken(token), seededStaff.id, nowMs() + 3_600_000)
    const shop7 = (await s.row<{ name: string }>('SELECT name FROM shops WHERE id = 7')).name
    const { code } = (await invite(owner.token)).data.invite
    expect((await readInvite(token, code)).data.my_shop).toEqual({ id: 7, name: shop7 })
    expect(await accept(token, code)).toMatchObject({ code: 0, reason: 'staff_already_staff', msg: `你已是「${shop7}」的店员，一个账号只能属于一家门店` })
    expect(await workbench(token)).toMatchObject({ code: 1, data: { shop: { id: 7 } } })
    // The invite is still good for someone else.
    expect((await accept((await person()).token, code)).code).toBe(1)
  })

  it('removing a staff member ends their store rights at their very next call (their session just read, cached)', async () => {
    const owner = await ownerOf(9)
    const colleague = (await person())
    expect((await accept(colleague.token, (await invite(owner.token)).data.invite.code)).code).toBe(1)
    // The session is in the server's session cache now (read a moment ago).
    expect((await workbench(colleague.token)).code).toBe(1)
    const removed = await call<StaffListAnswer>('POST', 'hui_shanghu.store_staff/remove', { user_id: colleague.userId }, owner.token)
    expect(removed.code).toBe(1)
    expect(removed.data.staff.map((m) => m.user_id)).not.toContain(colleague.userId)
    expect(await workbench(colleague.token)).toMatchObject({ code: 0, reason: 'no_permission' })
    expect(await call('GET', 'hui_shanghu.store_order/index', {}, colleague.token)).toMatchObject({ code: 0, reason: 'no_permission' })
    expect(await list(colleague.token)).toMatchObject({ code: 0, reason: 'no_permission' })
    // Still a shopper: their session goes on. Removed twice: not found.
    expect((await call('GET', 'personal.user/info', {}, colleague.token)).code).toBe(1)
    expect(await call('POST', 'hui_shanghu.store_staff/remove', { user_id: colleague.userId }, owner.token)).toMatchObject({ code: 0, reason: 'staff_not_found' })
    // A new invite brings them back.
    expect((await accept(colleague.token, (await invite(owner.token)).data.invite.code)).code).toBe(1)
    expect((await workbench(colleague.token)).code).toBe(1)
  })

  it('at most 10 open invites per store', async () => {
    const owner = await ownerOf(10)
    for (let i = 0; i < 10; i++) expect((await invite(owner.token)).code).toBe(1)
    expect(await invite(owner.token)).toMatchObject({ code: 0, reason: 'staff_invite_limit' })
  })
})

// One SQLite file, or under TEST_DATABASE_URL one PostgreSQL database (issue 28).
describe('three server processes on one database', () => {
  const PROCESSES = 3
  let servers: TestServerHandle[] = []
  let stopAll = async () => {}
  let db: Q
  const { api: apiCall, stats, destroy } = httpClient()
  const api = <T>(i: number, method: 'GET' | 'POST', endpoint: string, payload: Record<string, unknown>, token: string) =>
    apiCall<T>(servers[i % PROCESSES], method, endpoint, payload, { 'access-token': token }).then((a) => ({ ...a, body: a.body as Body<T> }))

  let seq = 0
  async function user(shopId?: number, role: 'owner' | 'staff' = 'staff') {
    const phone = `133${String(++seq).padStart(8, '0')}`
    const userId = await db.insert("INSERT INTO users (phone, nickname, avatar, created_at) VALUES (?, ?, '', '2026-01-01 00:00:00')", phone, `p${seq}`)
    const token = `sf-${crypto.randomBytes(16).toString('hex')}`
    await db.run('INSERT INTO tokens (hash, user_id, expires_at, created_at) VALUES (?, ?, ?, ?)', hashToken(token), userId, nowMs() + 3_600_000, nowMs())
    if (shopId) await db.run("INSERT INTO store_staff (user_id, shop_id, created_at, role) VALUES (?, ?, '2026-01-01 00:00:00', ?)", userId, shopId, role)
    return { token, userId }
  }

  beforeAll(async () => {
    const started = await startProcesses(PROCESSES, { label: 'staff' })
    servers = started.servers
    stopAll = started.stop
    db = started.db.q()
  })

  afterAll(async () => {
    destroy()
    await stopAll()
  })

  afterEach(() => {
    expect({ serverErrors: stats.serverErrors, nonEnvelope: stats.nonEnvelope }).toEqual({ serverErrors: 0, nonEnvelope: 0 })
  })

  it('two colleagues racing one link, each pressing join on every process at once → exactly one joins', async () => {
    const owner = await user(11, 'owner')
    for (let round = 0; round < 6; round++) {
      const { code, id } = (await api<StaffInviteAnswer>(round, 'POST', 'hui_shanghu.store_staff/invite', {}, owner.token)).body.data.invite
      const pair = [await user(), await user()]
      stats.maxInFlight = 0
      const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => api(i, 'POST', 'hui_shanghu.store_invite/accept', { code }, pair[i % 2].token)))
      // Really in flight at once, over the three processes.
      expect(stats.maxInFlight).toBeGreaterThanOrEqual(4)
      expect(answers.filter((a) => a.body.code === 1)).toHaveLength(1)
      for (const a of answers.filter((x) => x.body.code !== 1)) expect(a.body.reason).toMatch(/^staff_(invite_used|already_staff)$/)
      const joined = await db.all<{ user_id: number }>('SELECT user_id FROM store_staff WHERE user_id IN (?, ?)', pair[0].userId, pair[1].userId)
      expect({ round, joined: joined.length, tally: Object.keys(tally(answers)).length > 0 }).toEqual({ round, joined: 1, tally: true })
      expect(await db.get('SELECT used_by FROM staff_invites WHERE id = ?', id)).toEqual({ used_by: joined[0].user_id })
      // The one who joined works for the store, on every process; the other is refused there.
      const loser = pair.find((p) => p.userId !== joined[0].user_id) as { token: string }
      const winner = pair.find((p) => p.userId === joined[0].user_id) as { token: string }
      for (let i = 0; i < PROCESSES; i++) {
        expect((await api(i, 'GET', 'hui_shanghu.store/workbench', {}, winner.token)).body.code).toBe(1)
        expect((await api(i, 'GET', 'hui_shanghu.store/workbench', {}, loser.token)).body.reason).toBe('no_permission')
      }
    }
  })

  it('removal on one process ends the removed person’s rights on every process at their next call', async () => {
    const owner = await user(12, 'owner')
    const colleague = await user(12)
    // Every process has just read the colleague's session (its session cache holds it).
    for (let i = 0; i < PROCESSES; i++) expect((await api(i, 'GET', 'hui_shanghu.store/workbench', {}, colleague.token)).body.code).toBe(1)
    expect((await api(0, 'POST', 'hui_shanghu.store_staff/remove', { user_id: colleague.userId }, owner.token)).body.code).toBe(1)
    for (let i = 0; i < PROCESSES; i++) {
      expect((await api(i, 'GET', 'hui_shanghu.store/workbench', {}, colleague.token)).body).toMatchObject({ code: 0, reason: 'no_permission' })
      expect((await api(i, 'GET', 'hui_shanghu.store_order/index', {}, colleague.token)).body).toMatchObject({ code: 0, reason: 'no_permission' })
    }
  })

  it('a removed colleague’s open live stream of the store’s takeout orders ends, and reopening it is refused', async () => {
    const shopId = (await db.get<{ shop_id: number }>('SELECT shop_id FROM takeout_shops ORDER BY shop_id LIMIT 1'))?.shop_id ?? 0
    const owner = await user(shopId, 'owner')
    const colleague = await user(shopId)
    // The stream, read line by line over a socket of process 1, as the workbench's takeout screen holds it.
    const lines: string[] = []
    let ended = false
    const req = http.get(`${servers[1].base}/api/${TAKEOUT_WATCH.store}`, { headers: { 'access-token': colleague.token } }, (res) => {
      res.setEncoding('utf8')
      res.on('data', (d: string) => lines.push(...d.split('\n').filter(Boolean)))
      res.on('close', () => (ended = true))
    })
    req.on('error', () => (ended = true))
    try {
      await waitFor('the hello line', () => lines.some((l) => l.includes('"hello"')), 10_000)
      expect((await api(0, 'POST', 'hui_shanghu.store_staff/remove', { user_id: colleague.userId }, owner.token)).body.code).toBe(1)
      // Within a tick or two of process 1 (every 500 ms), not at the stream's 50 s end.
      await waitFor('the stream to end', () => ended, 5_000)
      expect(lines.some((l) => l.includes('"end"'))).toBe(true)
    } finally {
      req.destroy()
    }
    const again = await getText(`${servers[2].base}/api/${TAKEOUT_WATCH.store}`, colleague.token)
    expect(JSON.parse(again)).toMatchObject({ code: 0, reason: 'no_permission' })
  })
})

/** A GET's whole body as text (a refused stream is an ordinary envelope). */
function getText(url: string, token: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'access-token': token } }, (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (d: string) => (text += d))
        res.on('end', () => resolve(text))
      })
      .on('error', reject)
  })
}
