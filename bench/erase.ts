/**
 * What an account deletion leaves in SQLite's files, and what erasing it costs (issue 43; docs/api.md "Account
 * deletion", "What stays in the database's files"). Not a test: the test is __tests__/server/deletion.test.ts.
 *
 * For each way (WAYS below) on a fresh database of the server's schema and demo data, filled with FILL shoppers (each
 * two addresses and an order whose detail copies one): a shopper with an address edited twice, a takeout order with a
 * remark, a job report and a 40 KB picture; a checkpoint (as SQLite's own every 1000 pages would have made); then the deletion through
 * the API, then the way's step after it. Printed: the erased strings still found in the main file, the write-ahead log
 * and its index (-shm), the time of the deletion and of the step, the files' sizes; then the cost of secure_delete on
 * writes (WRITES single-row transactions: an insert and a delete of an address-sized row each).
 *
 *   npx tsx bench/erase.ts            (FILL=3000 WRITES=5000 ROUNDS=5; ONLY=writes for the write cost alone)
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { buildApp } from '../server/http/app'

const FILL = Number(process.env.FILL ?? 3000)
const WRITES = Number(process.env.WRITES ?? 5000)
const ROUNDS = Number(process.env.ROUNDS ?? 5)
/** ONLY=writes: the cost of secure_delete on writes alone. */
const ONLY = process.env.ONLY ?? ''

type Mode = 'OFF' | 'FAST' | 'ON'
type After = 'nothing more' | 'VACUUM' | 'incremental_vacuum'
/**
 * Since issue 43 the deletion itself empties the log (wal_checkpoint(TRUNCATE), server/domain/erasure.ts) and the server
 * opens its file with secure_delete = ON; each way here sets its own mode on the server's handle after it opened.
 * (Before issue 43 — secure_delete OFF, no checkpoint — the same run left 14 strings in the main file and 31 in the log.)
 */
const WAYS: Array<{ secure: Mode; after: After; autoVacuum?: 'INCREMENTAL' }> = [
  { secure: 'OFF', after: 'nothing more' },
  { secure: 'FAST', after: 'nothing more' },
  { secure: 'ON', after: 'nothing more' },
  { secure: 'OFF', after: 'VACUUM' },
  { secure: 'OFF', after: 'incremental_vacuum', autoVacuum: 'INCREMENTAL' },
]

const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6
const size = (f: string) => (fs.existsSync(f) ? fs.statSync(f).size : 0)

function fill(db: Database.Database): void {
  const user = db.prepare("INSERT INTO users (phone, nickname, avatar, created_at) VALUES (?, ?, '', '2026-01-01 00:00:00')")
  const address = db.prepare("INSERT INTO addresses (user_id, name, mobile, province, city, district, detail, is_default, created_at) VALUES (?, ?, ?, '广东省', '深圳市', '南山区', ?, 0, '2026-01-01 00:00:00')")
  const order = db.prepare(
    "INSERT INTO orders (order_no, user_id, kind, title, status, original_amount, discount_amount, member_discount_amount, coupon_amount, fee_amount, pay_amount, client_request_id, detail, verify_code, create_time, expire_at) VALUES (?, ?, 'takeout', '茶见奶茶', 40, 1600, 0, 0, 0, 400, 2000, ?, ?, '', '2026-01-01 00:00:00', 0)",
  )
  db.transaction(() => {
    for (let i = 0; i < FILL; i++) {
      const phone = `1510000${String(i).padStart(4, '0')}`
      const id = Number(user.run(phone, `会员${i}`).lastInsertRowid)
      address.run(id, `住户${i}`, phone, `科技园 ${i} 号`)
      address.run(id, `住户${i}`, phone, `后海 ${i} 号`)
      order.run(`F${i}`, id, `fill-order-${i}`, JSON.stringify({ items: [{ id: 32, quantity: 1 }], address: { name: `住户${i}`, mobile: phone, detail: `科技园 ${i} 号` }, remark: '' }))
    }
  })()
}

async function oneWay(way: (typeof WAYS)[number]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocp-erase-'))
  const file = path.join(dir, 'erase.sqlite')
  const app = await buildApp({ dbPath: file, sandbox: true, sandboxKey: 'k', paySecret: 's', smsPerClient: 1000 })
  const db = app.db as Database.Database
  try {
    if (way.autoVacuum) {
      db.pragma(`auto_vacuum = ${way.autoVacuum}`)
      db.exec('VACUUM')
    }
    db.pragma(`secure_delete = ${way.secure === 'FAST' ? 'FAST' : way.secure === 'ON' ? 1 : 0}`)
    fill(db)
    const call = async (method: 'GET' | 'POST', url: string, payload: Record<string, unknown>, token = '') => {
      const headers: Record<string, string> = { 'access-token': token }
      if (url.startsWith('sandbox/')) headers['x-sandbox-key'] = 'k'
      const res = await app.inject({ method, url: `/api/${url}`, headers, ...(method === 'GET' ? { query: Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, String(v)])) } : { payload }) })
      return res.json() as { code: number; data: Record<string, unknown> & { list?: Array<{ code: string; id: number }> } }
    }
    const phone = '13800138299'
    await call('POST', 'Captcha/sendSmsCaptcha', { phone })
    const code = (await call('GET', 'sandbox/smsOutbox', { phone })).data.list?.[0].code ?? ''
    const token = String((await call('POST', 'wechat/bind', { phone, code })).data.token)
    const book = { name: '甄隐士', mobile: '13600004321', province: '广东省', city: '深圳市', district: '福田区', detail: '秘密路 42 号', is_default: true }
    const addressId = Number(((await call('POST', 'personal.address/save', book, token)).data.info as { id: number }).id)
    for (const detail of ['秘密路 42 号 1 栋', '秘密路 42 号 2 栋']) await call('POST', 'personal.address/save', { ...book, id: addressId, detail }, token)
    const made = await call('POST', 'personal.order/create', { kind: 'takeout', shop_id: 19, items: [{ id: 32, quantity: 1 }], address_id: addressId, remark: '备注 秘密路 敲门', client_request_id: 'bench-erase-1' }, token)
    if (made.code !== 1) throw new Error('order refused')
    const job = ((await call('GET', 'hui_public.job/index', {})).data.list ?? [])[0].id
    await call('POST', 'personal.job/report', { id: job, reason: 'other', note: '联系我 13600004321' }, token)
    // A picture of theirs (a licence photo, say): 40 KB, so it fills pages of its own (overflow pages), freed whole.
    const userId = (db.prepare('SELECT id FROM users WHERE phone = ?').get(phone) as { id: number }).id
    db.prepare("INSERT INTO uploads (user_id, name, mime, data, created_at, public_id, reencoded) VALUES (?, 'p', 'image/jpeg', ?, '2026-01-01 00:00:00', 'bench-erase-picture', 1)").run(userId, Buffer.from('甄隐士的照片'.repeat(2300)))
    db.pragma('wal_checkpoint(PASSIVE)')

    let t0 = process.hrtime.bigint()
    if ((await call('POST', 'personal.user/delete', { confirm: true }, token)).code !== 1) throw new Error('deletion refused')
    const deletion = ms(t0)
    t0 = process.hrtime.bigint()
    if (way.after === 'VACUUM') {
      db.exec('VACUUM')
      db.pragma('wal_checkpoint(TRUNCATE)')
    }
    if (way.after === 'incremental_vacuum') {
      db.pragma('incremental_vacuum')
      db.pragma('wal_checkpoint(TRUNCATE)')
    }
    const step = ms(t0)
    const secrets = [phone, book.mobile, book.name, '秘密路', '的照片']
    const left = ['', '-wal', '-shm'].map((suffix) => {
      const bytes = fs.existsSync(file + suffix) ? fs.readFileSync(file + suffix) : Buffer.alloc(0)
      let n = 0
      for (const s of secrets) for (let at = bytes.indexOf(s, 0, 'utf8'); at >= 0; at = bytes.indexOf(s, at + 1, 'utf8')) n++
      return n
    })
    return { way: `secure_delete=${way.secure}${way.autoVacuum ? ', auto_vacuum=INCREMENTAL' : ''}, then ${way.after}`, left, deletion, step, sizes: [size(file), size(`${file}-wal`)] }
  } finally {
    await app.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

function writeCost(mode: Mode): number {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocp-erase-w-'))
  const db = new Database(path.join(dir, 'w.sqlite'))
  try {
    db.pragma('journal_mode = WAL')
    db.pragma(`secure_delete = ${mode === 'FAST' ? 'FAST' : mode === 'ON' ? 1 : 0}`)
    db.exec('CREATE TABLE a (id INTEGER PRIMARY KEY, name TEXT, mobile TEXT, detail TEXT)')
    const ins = db.prepare('INSERT INTO a (name, mobile, detail) VALUES (?, ?, ?)')
    const del = db.prepare('DELETE FROM a WHERE id = ?')
    // Half kept, half deleted: pages with live rows and freed cells, as the address book has.
    const t0 = process.hrtime.bigint()
    for (let i = 0; i < WRITES; i++) {
      const id = Number(db.transaction(() => ins.run(`住户${i}`, `1360000${String(i).padStart(4, '0')}`, `广东省深圳市南山区科技园 ${i} 号 ${'x'.repeat(40)}`))().lastInsertRowid)
      if (i % 2) db.transaction(() => del.run(id))()
    }
    return ms(t0)
  } finally {
    db.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

async function main() {
  const db = new Database(':memory:')
  console.log(`SQLite ${(db.prepare('SELECT sqlite_version() AS v').get() as { v: string }).v} (better-sqlite3), page size ${db.pragma('page_size', { simple: true })}; ${FILL} other shoppers`)
  db.close()
  console.log('| way | erased strings left: main / -wal / -shm | deletion ms | step ms | main / -wal bytes after |')
  console.log('|---|---|---|---|---|')
  for (const way of ONLY === 'writes' ? [] : WAYS) {
    const r = await oneWay(way)
    console.log(`| ${r.way} | ${r.left.join(' / ')} | ${r.deletion.toFixed(1)} | ${r.step.toFixed(1)} | ${r.sizes[0]} / ${r.sizes[1]} |`)
  }
  console.log(`\nWrites (${WRITES} inserts, half deleted, one transaction each):`)
  // Warmed up once, then each mode ROUNDS times in turn, the order reversed every other round (medians).
  writeCost('OFF')
  const times: Record<Mode, number[]> = { OFF: [], FAST: [], ON: [] }
  for (let round = 0; round < ROUNDS; round++) for (const mode of round % 2 ? (['ON', 'FAST', 'OFF'] as const) : (['OFF', 'FAST', 'ON'] as const)) times[mode].push(writeCost(mode))
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
  for (const mode of ['OFF', 'FAST', 'ON'] as const) console.log(`  secure_delete=${mode}: median ${median(times[mode]).toFixed(0)} ms (${times[mode].map((t) => t.toFixed(0)).join(', ')})`)
}

void main()
