import Database from 'better-sqlite3'
import { HISTORY } from '../../server/storage/history'

/**
 * A SQLite file as a server of an earlier version left it, for the tests of a migration: the first `version`
 * migrations run and recorded (user_version), so the server that opens it next runs the rest.
 */
export function openAtVersion(file: string, version: number): Database.Database {
  const old = new Database(file)
  for (const m of HISTORY.slice(0, version)) old.exec(m.sqlite)
  old.pragma(`user_version = ${version}`)
  return old
}

/** The schema version just before the migration whose SQL contains `marker` (throws if none does). */
export function versionBefore(marker: string): number {
  const index = HISTORY.findIndex((m) => m.sqlite.includes(marker))
  if (index < 1) throw new Error(`no migration after the first contains ${marker}`)
  return index
}
