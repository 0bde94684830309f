import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buildApp } from '../../server/http/app'
import { hashToken } from '../../server/domain/account'
import { nowMs } from '../../server/time'
import { openAtVersion, versionBefore } from './oldDatabase'
import { sqliteOf } from './helpers'

/**
 * Migration 29 (issue 28): sessions were addressed by SQLite's rowid; they get an id column. A database made before it
 * keeps every device signed in, and the session list and "sign out this device" name the same sessions as before.
 */
it('a database from before keeps its sessions signed in, under the same numbers', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocp-token-mig-'))
  const file = path.join(dir, 'old.sqlite')
  const old = openAtVersion(file, versionBefore('CREATE TABLE tokens_new'))
  old.exec("INSERT INTO users (id, phone, nickname, avatar, created_at) VALUES (7, '13800000007', 'u7', '', '2026-01-01 00:00:00')")
  const expires = nowMs() + 86_400_000
  const add = old.prepare('INSERT INTO tokens (hash, user_id, expires_at, created_at, last_seen_at, device) VALUES (?, 7, ?, ?, ?, ?)')
  // Rowids with a gap (a session signed out in between), so the numbers are not simply 1, 2, 3.
  add.run(hashToken('phone-token'), expires, 1, 3, 'iPhone')
  add.run(hashToken('gone-token'), expires, 2, 2, 'old')
  add.run(hashToken('tablet-token'), expires, 3, 1, 'iPad')
  old.prepare('DELETE FROM tokens WHERE hash = ?').run(hashToken('gone-token'))
  const rowids = old.prepare('SELECT rowid AS id, device FROM tokens ORDER BY rowid').all()
  old.close()

  const app = await buildApp({ dbPath: file, sandbox: true, sandboxKey: 'k' })
  try {
    expect(sqliteOf(app).prepare('SELECT id, device FROM tokens ORDER BY id').all()).toEqual(rowids)
    const headers = { 'access-token': 'phone-token', 'access-origin': '' }
    const list = (await app.inject({ method: 'GET', url: '/api/personal.user/sessions', headers })).json()
    expect(list.code).toBe(1)
    const ids = (list.data.list as Array<{ id: number; device: string }>).map((s) => [s.id, s.device])
    expect(ids.sort()).toEqual([
      [1, 'iPhone'],
      [3, 'iPad'],
    ])
    // Signing the tablet out by its number ends that session only.
    const out = (await app.inject({ method: 'POST', url: '/api/personal.user/endSession', headers, payload: { id: 3 } })).json()
    expect(out.code).toBe(1)
    const tablet = (await app.inject({ method: 'GET', url: '/api/personal.user/info', headers: { 'access-token': 'tablet-token', 'access-origin': '' } })).json()
    expect(tablet.code).toBe(-1)
    expect((await app.inject({ method: 'GET', url: '/api/personal.user/info', headers })).json().code).toBe(1)
    // A new session gets a number after every old one.
    sqliteOf(app).prepare("INSERT INTO tokens (hash, user_id, expires_at) VALUES ('h-new', 7, ?)").run(expires)
    expect((sqliteOf(app).prepare("SELECT id FROM tokens WHERE hash = 'h-new'").get() as { id: number }).id).toBeGreaterThan(3)
  } finally {
    await app.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
})
