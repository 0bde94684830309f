/**
 * `npm run admin` as the operator runs it (scripts/admin.ts, its own process) on a test server's database: DATABASE_URL's
 * PostgreSQL or the SQLite file, whichever the server runs on. The output as the terminal would get it.
 */
import { runCommand, type CommandRun } from './processes'

export function runAdmin(databaseEnv: Record<string, string>, ...args: string[]): Promise<CommandRun> {
  // The database's clock alone: no CLOCK_AT of the environment the tests run in.
  const env: NodeJS.ProcessEnv = { ...process.env, ...databaseEnv }
  delete (env as Record<string, string | undefined>).CLOCK_AT
  return runCommand('admin', args, env)
}
