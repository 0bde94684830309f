/**
 * The operator's backup (issue 42; docs/operations.md "Backing it up and restoring it"), safe while the server serves:
 *
 *   npm run backup -- FILE        a consistent copy of the SQLite database DB_PATH (as server/http/config.ts reads it)
 *
 * SQLite's online backup API (better-sqlite3's db.backup), in one step: it reads one snapshot of the database under a
 * read transaction, which in WAL mode never blocks the server's writes (nor is it restarted by them), and includes what
 * is still only in the `-wal` file — unlike a `cp` of a running server's file. The copy is written beside FILE first and
 * takes FILE's name only when complete (a link: an existing FILE is never overwritten, even one made meanwhile), so a
 * file of that name is always a whole backup. Uploaded pictures are rows of the same database (table `uploads`): the
 * backup holds them too.
 *
 * On PostgreSQL (DATABASE_URL set) it copies nothing and says to use PostgreSQL's own tools (pg_dump).
 *
 * Exit 0 when written (its size and time printed), 1 when refused (FILE exists, no database, PostgreSQL), 2 on a usage
 * mistake.
 */
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { readDatabaseConfig } from '../server/http/config'
import { ConfigError, type Env } from '../server/env'

const USAGE = 'usage: npm run backup -- FILE   (an online backup of the SQLite database DB_PATH into FILE, a new file)'

export interface BackupIo {
  out: (line: string) => void
  err: (line: string) => void
}

const sizeText = (bytes: number) => (bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KiB` : `${(bytes / 1024 / 1024).toFixed(1)} MiB`)

/** Runs the command; resolves to its exit code. */
export async function runBackup(argv: string[], env: Env = process.env, io: BackupIo = { out: (l) => console.log(l), err: (l) => console.error(l) }): Promise<number> {
  const [target, ...extra] = argv
  if (!target || extra.length > 0 || target.startsWith('-')) {
    io.err(USAGE)
    return 2
  }
  let config: ReturnType<typeof readDatabaseConfig>
  try {
    config = readDatabaseConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) {
      io.err(error.message)
      return 2
    }
    throw error
  }
  if (config.databaseUrl) {
    io.err('The database is PostgreSQL (DATABASE_URL): back it up with its own tools, e.g. pg_dump -Fc "$DATABASE_URL" > onecard.dump (docs/operations.md "Backing it up and restoring it").')
    return 1
  }
  const file = path.resolve(target)
  if (fs.existsSync(file)) {
    io.err(`${file} exists already: a backup never overwrites a file (choose a new name).`)
    return 1
  }
  if (!fs.existsSync(path.dirname(file))) {
    io.err(`The folder ${path.dirname(file)} does not exist.`)
    return 1
  }
  if (!fs.existsSync(config.dbPath)) {
    io.err(`There is no database at DB_PATH (${config.dbPath}).`)
    return 1
  }
  const started = Date.now()
  const partial = `${file}.partial-${process.pid}`
  // Not openDatabase (server/storage/db.ts): a backup must not migrate or otherwise write the server's database.
  const db = new Database(config.dbPath, { fileMustExist: true })
  try {
    db.pragma('busy_timeout = 5000')
    // Every page in one step: one snapshot, never restarted by the server's writes in between steps.
    await db.backup(partial, { progress: () => 0x7fffffff })
    // One self-contained file (the copy keeps the server's WAL mode; a server started on it turns WAL on again), and
    // its own check before it takes the name.
    const check = new Database(partial, { fileMustExist: true })
    let integrity: string
    try {
      check.pragma('journal_mode = DELETE')
      integrity = String(check.pragma('integrity_check', { simple: true }))
    } finally {
      check.close()
    }
    if (integrity !== 'ok') {
      io.err(`The copy failed SQLite's integrity check (${integrity}); nothing written to ${file}.`)
      return 1
    }
    try {
      fs.linkSync(partial, file)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
        io.err(`${file} was made by someone else meanwhile: a backup never overwrites a file (choose a new name).`)
        return 1
      }
      throw error
    }
    const bytes = fs.statSync(file).size
    io.out(`backed up ${config.dbPath} to ${file}: ${sizeText(bytes)} (${bytes} bytes) in ${((Date.now() - started) / 1000).toFixed(2)} s`)
    return 0
  } finally {
    db.close()
    for (const f of [partial, `${partial}-wal`, `${partial}-shm`, `${partial}-journal`]) fs.rmSync(f, { force: true })
  }
}

// Run as a command (npm run backup); imported (a test), it only defines runBackup.
if (require.main === module) {
  runBackup(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code
    },
    (error: unknown) => {
      console.error(error)
      process.exitCode = 1
    },
  )
}
