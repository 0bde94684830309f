/**
 * The production build of the server (issue 41; scripts/build-server.ts, docs/going-live.md "Building it"): built into
 * a folder that holds nothing but it and node_modules — no server/, no src/, no TypeScript file — and run with esbuild,
 * TypeScript and tsx made unresolvable (a `--require` hook refuses them), as a production install without the dev
 * dependencies has it. The compiled server starts, migrates its database (on PostgreSQL — TEST_DATABASE_URL — from the
 * .sql files shipped beside it), answers the API, and draws Home and Me with their inline page scripts (both were built
 * from the sources at the first request before), and texts a login code through the SMS provider's SDK (loaded when
 * first used, a dynamic import); the operator's commands run compiled too. Everything the compiled
 * files require is a dependency, none a devDependency.
 */
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import { builtinModules } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { buildServer, SERVER_ENTRIES } from '../../scripts/build-server'
import { startSmsDouble, type SmsDouble } from '../doubles/sms'
import { freshPgDatabase, type PgDatabase } from './pg'

interface Server {
  base: string
  dbPath: string
  stop: () => Promise<void>
  output: () => string
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startTestServer } = require('../../scripts/test-server.cjs') as {
  startTestServer: (o: { staticDir: string; label: string; env: Record<string, string>; sandbox: boolean; built: { main: string; nodeArgs: string[] } }) => Promise<Server>
}

const ROOT = path.resolve(__dirname, '..', '..')
/** Makes the compilers unresolvable in the process it is required into: a build that still needs one fails. */
const BLOCK = `const Module = require('node:module')
const resolve = Module._resolveFilename
Module._resolveFilename = function (request, ...rest) {
  if (/^(esbuild|typescript|tsx)(\\/|$)/.test(request)) throw Object.assign(new Error("Cannot find module '" + request + "' (the built server must not need it)"), { code: 'MODULE_NOT_FOUND' })
  return resolve.call(this, request, ...rest)
}
`

let dir: string
let app: string
let server: Server
let pg: PgDatabase | null = null
let sms: SmsDouble

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocp-built-'))
  app = path.join(dir, 'app')
  const ms = await buildServer(path.join(app, 'dist-server'))
  console.log(`server build: ${(ms / 1000).toFixed(1)} s`)
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(app, 'node_modules'), 'dir')
  fs.writeFileSync(path.join(dir, 'block.cjs'), BLOCK)
  const site = path.join(dir, 'site')
  fs.mkdirSync(site)
  fs.writeFileSync(path.join(site, 'index.html'), '<!doctype html><html><head><title>一卡通</title></head><body><div id="app"></div></body></html>')
  if (process.env.TEST_DATABASE_URL) pg = await freshPgDatabase(process.env.TEST_DATABASE_URL)
  sms = await startSmsDouble()
  server = await startTestServer({
    staticDir: site,
    label: 'built',
    sandbox: false,
    env: { NODE_ENV: 'production', ...sms.env(), ...(pg ? { DATABASE_URL: pg.url } : {}) },
    built: { main: path.join(app, 'dist-server', 'main.js'), nodeArgs: ['--require', path.join(dir, 'block.cjs')] },
  })
})

afterAll(async () => {
  await server?.stop()
  await pg?.drop()
  await sms?.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

const page = async (url: string, cookie = '') => {
  const res = await fetch(`${server.base}${url}`, { headers: cookie ? { cookie } : {} })
  return { status: res.status, html: await res.text() }
}
const drawn = (html: string) => /<div id="first-screen"[\s\S]*?<\/script>/.exec(html)?.[0] ?? ''

describe('the server built to plain JavaScript, run without its sources or a compiler', () => {
  it('holds no TypeScript file, and the folder it runs from has neither server/ nor src/', () => {
    const files = fs.readdirSync(app, { recursive: true, withFileTypes: true }).filter((d) => !d.isSymbolicLink() && d.isFile())
    expect(files.filter((d) => /\.tsx?$/.test(d.name))).toEqual([])
    expect(['server', 'src'].filter((d) => fs.existsSync(path.join(app, d)))).toEqual([])
  })

  it('starts ready, its database migrated to the sources\' version, and answers the API', async () => {
    const ready = (await (await fetch(`${server.base}/readyz`)).json()) as { ready: boolean; checks: Record<string, string> }
    expect(ready).toMatchObject({ ready: true, checks: { database: 'ok' } })
    expect(ready.checks.migrations).toMatch(/^ok \(version \d+\)$/)
    const info = (await (await fetch(`${server.base}/api/index/serverInfo`)).json()) as { code: number }
    expect(info.code).toBe(1)
    expect(server.output()).toContain('Production mode: no sandbox')
  })

  it('draws Home and Me with their page scripts, in either language', async () => {
    const home = await page('/')
    expect(home.status).toBe(200)
    expect(drawn(home.html)).not.toBe('')
    // The page's first script (built to ES5 ahead) is in the page, and so is the one that drops the drawing.
    expect(home.html).toMatch(/exports\.run\(/)
    const me = await page('/pages/personal/index', 'ocp_lang=en')
    expect(me.status).toBe(200)
    expect(drawn(me.html)).toContain('>My account<')
    expect(server.output()).not.toMatch(/Cannot find module/)
  })

  it('texts a login code through the SMS provider (its SDK loaded when first used)', async () => {
    const res = await fetch(`${server.base}/api/Captcha/sendSmsCaptcha`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phone: '13900004101' }) })
    expect(((await res.json()) as { code: number; reason?: string }).reason).toBeUndefined()
    expect(sms.texts.map((t) => t.phone.slice(-11))).toEqual(['13900004101'])
    expect(sms.texts[0].params[0]).toMatch(/^\d{6}$/)
  })

  it("runs the operator's commands compiled: admin and doctor on the server's database", async () => {
    const run = (name: string, ...args: string[]) =>
      promisify(execFile)(process.execPath, ['--require', path.join(dir, 'block.cjs'), path.join(app, 'dist-server', `${name}.js`), ...args], {
        cwd: app,
        env: { ...process.env, NODE_ENV: 'production', DB_PATH: server.dbPath, ...(pg ? { DATABASE_URL: pg.url } : {}) },
        timeout: 60_000,
      })
    expect((await run('admin', 'cards')).stdout).toContain('no card products')
    expect((await run('doctor')).stdout).toContain('Mode: production (no sandbox)')
  })

  it('requires at run time only what package.json lists as dependencies (a production install has it)', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }
    const builtin = new Set(builtinModules)
    const needed = new Set<string>()
    for (const name of [...Object.keys(SERVER_ENTRIES), 'views']) {
      const text = fs.readFileSync(path.join(app, 'dist-server', `${name}.js`), 'utf8')
      for (const [, spec] of text.matchAll(/\b(?:require|import)\("([^"./][^"]*)"\)/g)) {
        const bare = spec.replace(/^node:/, '')
        if (builtin.has(bare) || builtin.has(bare.split('/')[0])) continue
        needed.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0])
      }
    }
    expect(needed.has('fastify')).toBe(true)
    expect([...needed].filter((p) => !(p in pkg.dependencies))).toEqual([])
  })

  it('keeps source maps: a stack trace names the TypeScript file', () => {
    const map = JSON.parse(fs.readFileSync(path.join(app, 'dist-server', 'main.js.map'), 'utf8')) as { sources: string[] }
    expect(map.sources.some((s) => s.endsWith('server/main.ts'))).toBe(true)
  })
})
