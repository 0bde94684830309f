/**
 * `npm run admin` as the operator runs it (scripts/admin.ts, its own process) on a test server's database: DATABASE_URL's
 * PostgreSQL or the SQLite file, whichever the server runs on. The output as the terminal would get it.
 */
import { spawn } from 'node:child_process'
import path from 'node:path'

const ROOT = path.resolve(__dirname, '../..')
const TSX = path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs')

export interface AdminRun {
  code: number | null
  out: string
  err: string
}

export function runAdmin(databaseEnv: Record<string, string>, ...args: string[]): Promise<AdminRun> {
  return new Promise((resolve, reject) => {
    // The database's clock alone: no CLOCK_AT of the environment the tests run in.
    const env: NodeJS.ProcessEnv = { ...process.env, ...databaseEnv }
    delete (env as Record<string, string | undefined>).CLOCK_AT
    const child = spawn(process.execPath, [TSX, 'scripts/admin.ts', ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    child.stdout.on('data', (d: Buffer) => (out += d.toString()))
    child.stderr.on('data', (d: Buffer) => (err += d.toString()))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, out, err }))
  })
}
