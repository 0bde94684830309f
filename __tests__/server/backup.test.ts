/**
 * `npm run backup -- FILE` (issue 42; scripts/backup.ts, docs/operations.md "Backing it up and restoring it"): an online
 * backup of the SQLite database taken while a real server process (as `npm start` runs it) takes orders, with requests
 * in flight for as long as the backup runs; then a second server started on the backup file — the restore — reads the
 * order made before it back, and the file passes SQLite's integrity check. The command refuses to overwrite a file and,
 * on PostgreSQL, points to pg_dump. SQLite only: PostgreSQL's backups are its own tools'.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import type { CreateAnswer, ReadAnswer } from '../../src/contract/order'
import { hashToken } from '../../server/domain/account'
import { nowMs } from '../../server/time'
import { httpClient, runCommand, startTestServer, tally, type Answer, type CommandRun, type TestServerProcess } from './processes'


/** The command as npm runs it: a process of its own (the exit code is the process's). */
function backupProcess(env: Record<string, string>, ...args: string[]): { done: Promise<CommandRun>; exited: () => boolean } {
  let exited = false
  const done = runCommand('backup', args, { ...process.env, ...env }).then((run) => {
    exited = true
    return run
  })
  return { done, exited: () => exited }
}

;(process.env.TEST_DATABASE_URL ? describe.skip : describe)('an online backup while the server serves, and a restore from it (SQLite)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocp-backup-'))
  const dbPath = path.join(dir, 'live.sqlite')
  const backupFile = path.join(dir, 'backup.sqlite')
  let live: TestServerProcess | null = null
  let restored: TestServerProcess | null = null
  const { api, stats, destroy } = httpClient(8)

  afterAll(async () => {
    destroy()
    await live?.stop()
    await restored?.stop()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('the backup, taken under load, holds the order made before it; a server started on it reads it back', async () => {
    live = await startTestServer({ label: 'backup-live', dbPath })
    const server = live
    // A shopper signed in (a session row, as a login writes it: the restored server must know it too).
    const token = `backup-${crypto.randomBytes(16).toString('hex')}`
    const side = new Database(dbPath)
    side.pragma('busy_timeout = 5000')
    const userId = Number(side.prepare("INSERT INTO users (phone, nickname, avatar, created_at) VALUES ('13400420001', 'backup', '', '2026-01-01 00:00:00')").run().lastInsertRowid)
    side.prepare('INSERT INTO tokens (hash, user_id, expires_at, created_at) VALUES (?, ?, ?, ?)').run(hashToken(token), userId, nowMs() + 86_400_000, nowMs())
    side.close()
    const auth = { 'access-token': token }
    const order = (n: string) => api<CreateAnswer>(server, 'POST', 'personal.order/create', { kind: 'bill', shop_id: 1, amount: 4200, client_request_id: `backup-${n}-${crypto.randomBytes(4).toString('hex')}` }, auth)

    const before = await order('before')
    expect(before.body.code).toBe(1)
    const { id, order_no } = before.body.data.order_info

    // Requests keep coming — 8 in flight at once, orders written and read — from before the backup starts until it
    // has exited (bounded: at most 2 000 per client).
    const backup = backupProcess({ DB_PATH: dbPath }, backupFile)
    const during: Answer[] = []
    await Promise.all(
      Array.from({ length: 8 }, async (_, c) => {
        for (let k = 0; k < 2_000 && !backup.exited(); k++) {
          during.push(c % 2 === 0 ? await order(`during-${c}-${k}`) : await api(server, 'GET', 'personal.order/read', { id }, auth))
        }
      }),
    )
    const result = await backup.done
    expect(result).toMatchObject({ code: 0, err: '' })
    expect(result.out).toMatch(new RegExp(`backed up .*live\\.sqlite to .*backup\\.sqlite: [\\d.]+ (KiB|MiB) \\(\\d+ bytes\\) in [\\d.]+ s`))
    // The server answered every request while the backup ran (none refused, none lost to a lock).
    expect(during.length).toBeGreaterThan(0)
    expect(stats.maxInFlight).toBeGreaterThan(1)
    expect(Object.keys(tally(during))).toEqual(['200 1 ok'])
    // No partial file left beside it.
    expect(fs.readdirSync(dir).filter((f) => f.includes('.partial-'))).toEqual([])

    const check = new Database(backupFile, { readonly: true })
    expect(check.pragma('integrity_check', { simple: true })).toBe('ok')
    check.close()

    // The restore: a server on the backup file (docs/operations.md: stop, put the file at DB_PATH, start).
    restored = await startTestServer({ label: 'backup-restored', dbPath: backupFile })
    const read = await api<ReadAnswer>(restored, 'GET', 'personal.order/read', { id }, auth)
    expect(read.body.code).toBe(1)
    expect(read.body.data.info).toMatchObject({ id, order_no })
  })

  it('never overwrites a file: a second backup to the same name is refused, the first left as it was', async () => {
    const was = fs.readFileSync(backupFile)
    const again = await backupProcess({ DB_PATH: dbPath }, backupFile).done
    expect(again.code).toBe(1)
    expect(again.err).toContain('exists already')
    expect(fs.readFileSync(backupFile).equals(was)).toBe(true)
  })

  it('on PostgreSQL it copies nothing and says to use pg_dump', async () => {
    const target = path.join(dir, 'pg.sqlite')
    const pg = await backupProcess({ DB_PATH: dbPath, DATABASE_URL: 'postgres://ocp@127.0.0.1:1/ocp' }, target).done
    expect(pg.code).toBe(1)
    expect(pg.err).toContain('pg_dump')
    expect(fs.existsSync(target)).toBe(false)
  })
})
