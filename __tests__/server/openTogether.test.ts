import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { openDatabase } from '../../server/storage/db'

/**
 * A server opening a database file that another process is writing before WAL is on (several servers started at once
 * on one new file: manyProcesses.test.ts saw one exit with "database is locked"). SQLite refuses the switch to WAL at
 * once there, without waiting its busy timeout; openDatabase tries again until the other's transaction ends.
 */
it('waits for another process holding the new file, then opens it in WAL mode', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocp-open-'))
  const file = path.join(dir, 'shared.sqlite')
  // The other process: a write transaction on the file in its first mode (rollback journal), held for 600 ms.
  const holder = spawn(
    process.execPath,
    [
      '-e',
      `const D = require(${JSON.stringify(require.resolve('better-sqlite3'))}); const db = new D(${JSON.stringify(file)});
       db.exec('CREATE TABLE t (x)'); db.prepare('BEGIN IMMEDIATE').run(); db.prepare('INSERT INTO t VALUES (1)').run();
       process.stdout.write('holding\\n'); const end = Date.now() + 600; while (Date.now() < end) {} db.prepare('COMMIT').run(); db.close()`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  try {
    await new Promise<void>((resolve, reject) => {
      holder.stdout.on('data', (d: Buffer) => d.toString().includes('holding') && resolve())
      holder.on('exit', (code) => reject(new Error(`the holder ended first (${code})`)))
    })
    const db = openDatabase(file)
    try {
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal')
      expect(db.prepare('SELECT x FROM t').all()).toEqual([{ x: 1 }])
    } finally {
      db.close()
    }
  } finally {
    holder.kill()
    fs.rmSync(dir, { recursive: true, force: true })
  }
})
