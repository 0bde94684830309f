import fs from 'node:fs'
import path from 'node:path'
import { ConfigError, describeVariable, fieldKind, type Env, type EnvProblem } from './env'
import { SCHEMA_VERSION } from './storage/history'
import { lookAtPostgres, lookAtSqliteFile, type DatabaseLook } from './storage/inspect'
import { REFERENCE_TABLES } from './storage/reference'
import { readConfig, SERVER_ENV, type ServerConfig } from './http/config'
import { PROVIDER_CONFIGS, type Finding } from './providers/configs'

/**
 * `npm run doctor` (issue 40; docs/going-live.md "Checking the configuration"): what this server would start with, checked
 * offline — every variable's value (a secret's never: only whether it is set and from where), the files they name, the
 * providers' keys against their certificates and certificate dates (server/providers/configs.ts), template ids' shape —
 * and, asked with --db, whether the database answers. Then what it cannot check from here: the domains and addresses each
 * console must list. Exit code 1 on a definite problem (what would stop the start, or a database that does not answer),
 * else 0; warnings do not fail.
 */

export interface DoctorOptions {
  /** Connect to the database (DATABASE_URL's PostgreSQL, or open DB_PATH's SQLite file read-only). */
  db: boolean
}

const MARK: Record<Finding['level'], string> = { ok: 'ok  ', info: '    ', warn: 'WARN', fail: 'FAIL' }
const line = (f: Finding) => `  ${MARK[f.level]} ${f.variable ? `${f.variable}: ` : ''}${f.message}`

/** The variable a problem is about, without its _FILE (a provider's file variable is that provider's). */
const base = (variable: string) => variable.replace(/_FILE$/, '')

export async function runDoctor(env: Env, opts: DoctorOptions): Promise<{ text: string; exitCode: number }> {
  const out: string[] = []
  const findings: Finding[] = []
  const say = (...lines: string[]) => out.push(...lines)
  const report = (f: Finding) => {
    findings.push(f)
    say(line(f))
  }

  // What would stop the start. The providers' own findings are reported in their sections.
  const providerVariables = new Set(PROVIDER_CONFIGS.flatMap((p) => p.variables))
  let config: ServerConfig | null = null
  let problems: EnvProblem[] = []
  try {
    config = readConfig(env)
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    problems = [...error.problems]
  }
  const production = env.NODE_ENV?.trim() === 'production'

  say('One Card Pass — configuration check (npm run doctor; docs/going-live.md)', '')
  say(`Mode: ${config ? (config.sandbox ? 'SANDBOX (nothing real: made-up SMS, payments, WeChat, carrier)' : 'production (no sandbox)') : production ? 'production' : 'sandbox (unless SANDBOX=0)'}${config ? `, ${config.demoData ? 'demo data' : 'no demo data'}` : ''}`)
  if (config?.production && config.sandbox) report({ level: 'warn', variable: 'SANDBOX', message: 'the sandbox is on in production (SANDBOX=1): its stand-ins answer instead of real providers' })
  if (config?.production && config.demoData) report({ level: 'warn', variable: 'DEMO_DATA', message: 'the demo goes into a new database (never use it on one with real shops)' })

  say('', 'Server settings:')
  for (const [name, schema] of Object.entries(SERVER_ENV)) {
    let shown: string
    try {
      shown = describeVariable(env, name, fieldKind(schema))
    } catch {
      shown = 'unreadable (see below)'
    }
    if (shown === 'not set') {
      // Its default, as the schema makes it from nothing.
      const fallback = schema.safeParse(undefined)
      shown = fallback.success && fallback.data !== null && fieldKind(schema) !== 'secret' ? `(default: ${String(fallback.data)})` : '(not set)'
    }
    say(`  ${name.padEnd(28)}${shown}`)
  }
  if (config?.production && !config.publicUrl) report({ level: 'warn', variable: 'PUBLIC_URL', message: "not set: the providers' notification and return addresses are built on it, and the consoles' lists below cannot name your domain" })
  const serverProblems = problems.filter((p) => !providerVariables.has(base(p.variable)) && !PROVIDER_CONFIGS.some((e) => e.name === p.variable))
  for (const p of serverProblems) report({ level: 'fail', variable: p.variable, message: p.problem })

  say('', 'Files:')
  // The NAME_FILE of a variable this server reads (not every *_FILE of the shell: SSL_CERT_FILE is not ours).
  const ours = new Set([...Object.keys(SERVER_ENV), ...providerVariables])
  const files = Object.keys(env).filter((k) => k.endsWith('_FILE') && ours.has(base(k)) && env[k]?.trim())
  if (files.length === 0) say('  (no NAME_FILE variable set)')
  for (const name of files.sort()) {
    const at = (env[name] as string).trim()
    try {
      fs.accessSync(at, fs.constants.R_OK)
      const mode = fs.statSync(at).mode & 0o777
      report({ level: mode & 0o004 ? 'warn' : 'ok', variable: name, message: `${at} readable${mode & 0o004 ? ` — and by every user of this machine (mode ${mode.toString(8)}): chmod 600 it` : ''}` })
    } catch {
      // readConfig reported it (an unreadable file stops the start); named here with the others.
      say(`  FAIL ${name}: ${at} cannot be read`)
    }
  }
  const staticDir = config?.staticDir ?? './dist-h5'
  if (!fs.existsSync(path.join(staticDir, 'index.html'))) report({ level: 'warn', variable: 'STATIC_DIR', message: `${staticDir}/index.html not found: the H5 app is not served (npm run build:h5)` })
  if (config && !config.databaseUrl) {
    const folder = path.dirname(path.resolve(config.dbPath))
    try {
      fs.accessSync(fs.existsSync(folder) ? folder : path.dirname(folder), fs.constants.W_OK)
      say(`  ok   DB_PATH: ${config.dbPath} (its folder is writable)`)
    } catch {
      report({ level: 'fail', variable: 'DB_PATH', message: `${folder} is not writable by this process (SQLite writes its file and journal there)` })
    }
  }

  for (const entry of PROVIDER_CONFIGS) {
    say('', `${entry.title} (server/providers/${entry.name}):`)
    for (const name of entry.variables) {
      let shown: string
      try {
        shown = describeVariable(env, name, entry.secrets.includes(name) ? 'secret' : 'text')
      } catch {
        shown = 'unreadable (see below)'
      }
      if (shown !== 'not set') say(`  ${name.padEnd(28)}${shown}`)
    }
    for (const f of entry.check?.(env) ?? []) report(f)
    // What the provider's own config (read<Provider>Config) refused beyond these checks.
    const own = problems.filter((p) => (entry.variables.includes(base(p.variable)) || p.variable === entry.name) && !findings.some((f) => f.level === 'fail' && f.variable === p.variable && f.message === p.problem))
    for (const p of own) report({ level: 'fail', variable: p.variable, message: p.problem })
  }

  if (opts.db) {
    say('', 'Database:')
    for (const f of await checkDatabase(config)) report(f)
  }

  say('', 'Not checked from here — declare in each console (docs/going-live.md "Domains and addresses to declare"):')
  for (const l of consoleList(config?.publicUrl ?? null)) say(`  - ${l}`)

  const failed = findings.filter((f) => f.level === 'fail').length
  const warned = findings.filter((f) => f.level === 'warn').length
  say('', failed > 0 ? `${failed} problem${failed > 1 ? 's' : ''} to fix${warned ? `, ${warned} warning${warned > 1 ? 's' : ''}` : ''}: the server would not start (or would fail) with this configuration.` : `No definite problem${warned ? ` (${warned} warning${warned > 1 ? 's' : ''})` : ''}.`)
  return { text: out.join('\n'), exitCode: failed > 0 ? 1 : 0 }
}

/** Whether the database answers: its schema version and the reference data (SQLite's file opened read-only). */
async function checkDatabase(config: ServerConfig | null): Promise<Finding[]> {
  if (!config) return [{ level: 'info', message: 'not checked: the configuration above has problems' }]
  const url = config.databaseUrl
  if (url) {
    let look: DatabaseLook | undefined
    try {
      look = await lookAtPostgres(url)
      const version = look.version
      const found: Finding[] = [{ level: 'ok', variable: 'DATABASE_URL', message: `PostgreSQL answers (schema version ${version || 'none yet: migrated at the first start'} of ${SCHEMA_VERSION})` }]
      if (version > SCHEMA_VERSION) found.push({ level: 'fail', variable: 'DATABASE_URL', message: `the database is at version ${version}, newer than this code's ${SCHEMA_VERSION}` })
      if (version > 0) found.push(await referenceRows(look))
      return found
    } catch (error) {
      return [{ level: 'fail', variable: 'DATABASE_URL', message: `does not answer: ${(error as Error).message.replace(/postgres(ql)?:\/\/[^@\s]*@/g, 'postgres://…@')}` }]
    } finally {
      await look?.close().catch(() => undefined)
    }
  }
  if (!fs.existsSync(config.dbPath)) return [{ level: 'info', variable: 'DB_PATH', message: `${config.dbPath} does not exist yet: the first start creates it` }]
  const look = lookAtSqliteFile(config.dbPath)
  try {
    const version = look.version
    const found: Finding[] = [{ level: version > SCHEMA_VERSION ? 'fail' : 'ok', variable: 'DB_PATH', message: `SQLite ${config.dbPath}, schema version ${version} of ${SCHEMA_VERSION}` }]
    found.push(await referenceRows(look))
    return found
  } finally {
    await look.close()
  }
}

async function referenceRows(look: DatabaseLook): Promise<Finding> {
  const counts = await look.counts([...REFERENCE_TABLES, 'shops', 'card_products'])
  return { level: 'info', message: `rows: ${counts.map((c) => `${c.table} ${c.n}`).join(', ')}` }
}

/** What each console must list for this server: the domains and addresses no offline check can see. */
export function consoleList(publicUrl: string | null): string[] {
  const origin = publicUrl ?? 'https://<PUBLIC_URL>'
  const host = publicUrl ? new URL(publicUrl).host : '<your domain>'
  return [
    `Mini-program (mp.weixin.qq.com → Development → Development settings → Server domains): request ${origin}, uploadFile ${origin}, downloadFile ${origin}; socket: none (the app opens no WebSocket); business domain (web-view) ${host} with its verification file in STATIC_DIR`,
    `Official account (mp.weixin.qq.com → Settings → Official account settings → Function settings): web authorisation domain ${host} and JS interface safe domain ${host} (each needs its MP_verify_….txt in STATIC_DIR); Basic configuration → IP whitelist: this server's outgoing address (access_token)`,
    `WeChat Pay (pay.weixin.qq.com → Product centre → Development settings): JSAPI payment directory ${origin}/pages/ ; H5 payment domain ${host}; the mini-program's and official account's app ids bound to the merchant (AppID account management)`,
    `WeChat Pay notifications come to ${origin}/notify/wechatpay/pay and ${origin}/notify/wechatpay/refund (sent with each request: nothing to declare, but the address must answer from the internet over https)`,
    `Alipay (open.alipay.com → the app → Development settings): authorisation redirect address ${origin} (auth_base); the app's public key uploaded (the doctor prints its start above), interface signing: public key, RSA2; notifications come to ${origin}/notify/alipay`,
    'SMS (console.cloud.tencent.com/smsv2): the signature and the code template approved (the template with one parameter, the code)',
  ]
}
