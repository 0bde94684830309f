// The Playwright tier's jest environment (issue 27): when a test or hook fails, every page still open in a browser
// the test file launched (e2e/browser.ts `launch` registers its contexts) is photographed into
// reports/e2e/<file>--<test>--<n>.png before the file's afterAll hooks close them.
const fs = require('node:fs')
const path = require('node:path')
const { TestEnvironment } = require('jest-environment-node')
const { startTestServer } = require('../scripts/test-server.cjs')
const { endServer } = require('./serverEnd')

const SHOTS = path.resolve(__dirname, '..', 'reports', 'e2e')

const slug = (text) => text.replace(/[^\w.-]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 120)

/** The test's describe blocks and title, as the JUnit report names it. */
function titleOf(test) {
  const names = []
  for (let block = test; block && block.name !== 'ROOT_DESCRIBE_BLOCK'; block = block.parent) names.unshift(block.name)
  return names.join(' ')
}

/**
 * This worker's server (e2e/globalSetup.js starts one per worker): its addresses under the names the tests read. Set on
 * the worker's own environment before the test context copies it. In band (one file, one worker) JEST_WORKER_ID is 1.
 */
function useWorkersServer() {
  const worker = process.env.JEST_WORKER_ID || '1'
  for (const name of ['E2E_BASE_URL', 'E2E_DB_PATH', 'E2E_SANDBOX_KEY']) {
    const value = process.env[`${name}_${worker}`]
    if (!value) throw new Error(`${name}_${worker} is not set: globalSetup starts one server per worker (E2E_WORKERS)`)
    process.env[name] = value
  }
  // On PostgreSQL (`npm run test:e2e:postgres`) the worker's server's database, which e2e/browser.ts `dbRow` reads.
  const databaseUrl = process.env[`E2E_DATABASE_URL_${worker}`]
  if (databaseUrl) process.env.E2E_DATABASE_URL = databaseUrl
  else delete process.env.E2E_DATABASE_URL
}

/**
 * A file whose docblock says `@e2eOwnServer` changes demo data other files read (console.e2e.ts: a card's price, fuel
 * prices, flash sales, banners, the mall): it runs on a server of its own, started before the file and stopped after
 * it (reports/e2e-server-<file>.log), so no file depends on which ran before it on the worker's server. On PostgreSQL
 * (`npm run test:e2e:postgres`) it keeps the worker's server, whose database the run made.
 */
const OWN_SERVER = 'e2eOwnServer'

class E2EEnvironment extends TestEnvironment {
  constructor(config, context) {
    useWorkersServer()
    super(config, context)
    this.file = path.basename(context.testPath, '.e2e.ts')
    this.wantsOwnServer = OWN_SERVER in (context.docblockPragmas || {}) && !process.env.E2E_DATABASE_URL
  }

  async setup() {
    await super.setup()
    if (!this.wantsOwnServer) return
    this.ownServer = await startTestServer({ staticDir: path.resolve(__dirname, '..', 'dist-h5'), label: `e2e-${this.file}` })
    const env = this.global.process.env
    env.E2E_BASE_URL = this.ownServer.base
    env.E2E_DB_PATH = this.ownServer.dbPath
    env.E2E_SANDBOX_KEY = this.ownServer.sandboxKey
  }

  async teardown() {
    if (this.ownServer) await endServer(this.ownServer, `e2e-server-${this.file}`)
    await super.teardown()
  }

  async handleTestEvent(event) {
    if (event.name !== 'test_fn_failure' && event.name !== 'hook_failure') return
    const contexts = this.global.__ocpContexts
    if (!contexts || contexts.size === 0) return
    const name = event.test ? titleOf(event.test) : `${event.hook.type}`
    const pages = []
    for (const context of contexts) {
      try {
        pages.push(...context.pages())
      } catch {
        // a closed context: nothing to photograph
      }
    }
    fs.mkdirSync(SHOTS, { recursive: true })
    let n = 0
    for (const page of pages) {
      if (page.isClosed()) continue
      n += 1
      const file = path.join(SHOTS, `${slug(this.file)}--${slug(name)}--${n}.png`)
      // Bounded: a page that cannot be photographed in 10 s (a hung renderer) is skipped, the failure stands.
      await page.screenshot({ path: file, timeout: 10_000 }).catch(() => undefined)
    }
  }
}

module.exports = E2EEnvironment
