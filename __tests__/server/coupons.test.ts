import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { openDatabase } from '../../server/storage/db'
import { SCHEMA_VERSION } from '../../server/storage/history'
import { startServer, type TestServer } from './helpers'
import { openAtVersion } from './oldDatabase'

describe('one of each coupon per shopper (UNIQUE user_id, coupon_id)', () => {
  let s: TestServer
  beforeEach(async () => {
    s = await startServer()
  })
  afterEach(() => s.close())

  it('claims sent at once: one succeeds, the others answer code 0 已领取过该优惠券, one row', async () => {
    const { token, userId } = await s.login('13600000002')
    const answers = await Promise.all(Array.from({ length: 5 }, () => s.call('POST', 'personal.coupon/claim', { coupon_id: 2 }, token)))
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200])
    expect(answers.filter((a) => a.body.code === 1)).toHaveLength(1)
    expect(answers.filter((a) => a.body.code === 0).map((a) => a.body.msg)).toEqual(Array(4).fill('已领取过该优惠券'))
    expect((await s.row<{ n: number }>('SELECT COUNT(*) AS n FROM user_coupons WHERE user_id = ? AND coupon_id = 2', userId)).n).toBe(1)
  })

  it('the database itself refuses a second row', async () => {
    const { userId } = (await s.quickUser('13600000003'))
    const insert = () => s.run("INSERT INTO user_coupons (user_id, coupon_id, status, expires_at) VALUES (?, 1, 'available', '2099-01-01 00:00:00')", userId)
    await insert()
    // SQLite: "UNIQUE constraint failed"; PostgreSQL: "duplicate key value violates unique constraint". Matched by its
    // message, not toThrow: better-sqlite3 makes its errors with the SqliteError class of the first test file of the
    // worker that loaded it — from another file's realm, not an Error here, and jest's rejects.toThrow says "did not throw".
    await expect(insert()).rejects.toMatchObject({ message: expect.stringMatching(/unique/i) })
  })
})

describe('the migration to UNIQUE (user_id, coupon_id)', () => {
  it('merges duplicates from before (the furthest-gone row stays, orders follow it) instead of failing', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocp-migrate-'))
    const file = path.join(dir, 'old.sqlite')
    try {
      // A database as it was before the migration (4 migrations run), with duplicate claims.
      let db = openAtVersion(file, 4)
      db.exec("INSERT INTO users (id, phone, nickname, avatar, created_at) VALUES (1, '13700000001', 'a', '', '2026-01-01 00:00:00'), (2, '13700000002', 'b', '', '2026-01-01 00:00:00')")
      db.exec('INSERT INTO cities (id, name, pinyin) VALUES (1, \'深圳\', \'shenzhen\')')
      db.exec("INSERT INTO coupons (id, title, amount, min_spend, valid_days) VALUES (1, 'c1', 500, 0, 30), (2, 'c2', 500, 0, 30)")
      const uc = db.prepare("INSERT INTO user_coupons (id, user_id, coupon_id, status, expires_at, order_id) VALUES (?, ?, ?, ?, '2099-01-01 00:00:00', ?)")
      uc.run(1, 1, 1, 'available', null)
      uc.run(2, 1, 1, 'used', 1)
      uc.run(3, 1, 1, 'available', null)
      uc.run(4, 1, 2, 'available', null)
      uc.run(5, 2, 1, 'available', null)
      uc.run(6, 2, 1, 'available', null)
      db.exec(`INSERT INTO orders (id, order_no, user_id, kind, title, status, original_amount, discount_amount, member_discount_amount, coupon_amount, fee_amount, pay_amount,
        user_coupon_id, client_request_id, detail, verify_code, create_time, expire_at) VALUES
        (1, 'O1', 1, 'bill', 't', 10, 1000, 0, 0, 500, 0, 500, 2, 'r1', '{}', '1', '2026-01-01 00:00:00', 0),
        (2, 'O2', 2, 'bill', 't', 50, 1000, 0, 0, 500, 0, 500, 6, 'r2', '{}', '2', '2026-01-01 00:00:00', 0)`)
      db.close()

      db = openDatabase(file)
      expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION)
      expect(db.prepare('SELECT id, user_id, coupon_id, status FROM user_coupons ORDER BY id').all()).toEqual([
        { id: 2, user_id: 1, coupon_id: 1, status: 'used' },
        { id: 4, user_id: 1, coupon_id: 2, status: 'available' },
        { id: 5, user_id: 2, coupon_id: 1, status: 'available' },
      ])
      expect(db.prepare('SELECT id, user_coupon_id, coupon_amount FROM orders ORDER BY id').all()).toEqual([
        { id: 1, user_coupon_id: 2, coupon_amount: 500 },
        { id: 2, user_coupon_id: 5, coupon_amount: 500 },
      ])
      expect(db.pragma('foreign_key_check')).toEqual([])
      db.close()
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
