/**
 * .env.example lists every variable the server reads (issue 40: REFERRAL_SECRET, GOLDPLAN_*, WXPAY_SUB_MCH_ID and
 * DISCOUNT_DAY_TEMPLATE were missing): the variables read in server/ — `process.env.X`, `env.X`, `env['X']`,
 * `anyReader(env, 'X'…)` (server/env.ts and the providers' config.ts) — and the keys of the server's schema and of the
 * providers' configs (server/http/config.ts SERVER_ENV, server/providers/configs.ts) against the names the file lists
 * (`NAME=` or `# NAME=`; NAME_FILE counts as NAME). And the other way: nothing listed that the server does not read.
 */
import fs from 'node:fs'
import path from 'node:path'
import { SERVER_ENV } from '../../server/http/config'
import { PROVIDER_CONFIGS } from '../../server/providers/configs'

const ROOT = path.resolve(__dirname, '../..')

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true }).filter((d) => d.isFile() && /\.tsx?$/.test(d.name)).map((d) => path.join(d.parentPath ?? d.path, d.name))
}

/** Comments out (a name in a comment is not a read), strings kept (a read names its variable in one). */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1')

const READS = [
  // process.env.X (not inside a string: an esbuild `define` names process.env.TARO_ENV as text)
  /(?<!['"`])\bprocess\.env\.([A-Z][A-Z0-9_]+)\b/g,
  // env.X (a reader's `env` argument)
  /(?<![.'"`\w])env\.([A-Z][A-Z0-9_]+)\b/g,
  // env['X']
  /\benv\[\s*['"]([A-Z][A-Z0-9_]+)['"]\s*\]/g,
  // envText(env, 'X'), envInt(env, 'X', …), readWhatever(env, "X")
  /\b\w+\(\s*env\s*,\s*['"]([A-Z][A-Z0-9_]+)['"]/g,
]

function variablesReadInServer(): Map<string, string> {
  const found = new Map<string, string>()
  for (const file of sources('server')) {
    const text = withoutComments(fs.readFileSync(file, 'utf8'))
    for (const pattern of READS) for (const m of text.matchAll(pattern)) if (!found.has(m[1])) found.set(m[1], path.relative(ROOT, file))
  }
  for (const name of Object.keys(SERVER_ENV)) if (!found.has(name)) found.set(name, 'server/http/config.ts SERVER_ENV')
  for (const entry of PROVIDER_CONFIGS) for (const name of entry.variables) if (!found.has(name)) found.set(name, `server/providers/configs.ts (${entry.name})`)
  return found
}

function listedInExample(): Set<string> {
  const text = fs.readFileSync(path.join(ROOT, '.env.example'), 'utf8')
  return new Set([...text.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1].replace(/_FILE$/, '')))
}

describe('.env.example', () => {
  it('lists every variable the server reads', () => {
    const read = variablesReadInServer()
    // The scan finds what it should: reads of each kind, and the ones issue 40 found missing.
    for (const name of ['NODE_ENV', 'DATABASE_URL', 'BUSINESS_TZ', 'CLOCK_AT_FROM_MS', 'REFERRAL_SECRET', 'GOLDPLAN_FRAME_ORIGIN', 'GOLDPLAN_RECEIPT_URL', 'WXPAY_SUB_MCH_ID', 'DISCOUNT_DAY_TEMPLATE', 'WX_GZH_APPID', 'WXPAY_API_V3_KEY']) {
      expect(read.has(name)).toBe(true)
    }
    const listed = listedInExample()
    const missing = [...read].filter(([name]) => !listed.has(name)).map(([name, where]) => `${name} (read in ${where})`)
    expect(missing).toEqual([])
  })

  it('lists nothing the server does not read (the app build’s TARO_APP_* aside)', () => {
    const read = variablesReadInServer()
    const stale = [...listedInExample()].filter((name) => !name.startsWith('TARO_APP_') && !read.has(name))
    expect(stale).toEqual([])
  })

  it('finds a read the file does not list (the scan is not blind)', () => {
    const sample = withoutComments("const a = process.env.SOME_NEW_SETTING\nconst b = envText(env, 'OTHER_SETTING')\n// process.env.IN_A_COMMENT\nconst c = { 'process.env.TARO_ENV': 'h5' }")
    const names = READS.flatMap((p) => [...sample.matchAll(p)].map((m) => m[1]))
    expect(names.sort()).toEqual(['OTHER_SETTING', 'SOME_NEW_SETTING'])
  })
})
