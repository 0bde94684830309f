/**
 * Several server processes may start at once on a new database file (README: DB_PATH). Each seeds the demo data
 * only if nobody has: the check is made again inside the write transaction, after waiting for the lock. Here the
 * second process seeds the mall exactly between the first one's look and its transaction — the window in which
 * "UNIQUE constraint failed: mall_categories.id" stopped a server in CI.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { openDatabase, type DB } from '../../server/storage/db'
import { seedDemoData } from '../../server/demo/seed'
import { seedMall } from '../../server/demo/seedMall'

const count = (db: DB, table: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n

it('a second process seeding the mall while the first waits for the lock: no error, the mall once', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocp-seed-'))
  const file = path.join(dir, 'race.sqlite')
  const first = openDatabase(file)
  const second = openDatabase(file)
  try {
    // The first process's mall seed looks (no categories yet), then reads the stores: at that moment the second
    // process seeds the mall on the same file.
    const prepare = first.prepare.bind(first)
    let raced = false
    first.prepare = ((text: string) => {
      if (text === 'SELECT id FROM shops' && !raced) {
        raced = true
        seedMall(second)
      }
      return prepare(text)
    }) as DB['prepare']
    expect(() => seedDemoData(first)).not.toThrow()
    expect(raced).toBe(true)
    expect(count(first, 'mall_categories')).toBe(count(second, 'mall_categories'))
    expect(count(first, 'mall_categories')).toBeGreaterThan(0)
    expect(count(first, 'mall_products')).toBe(count(second, 'mall_products'))
  } finally {
    first.close()
    second.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
})
