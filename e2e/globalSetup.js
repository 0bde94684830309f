// Start the reference server as `npm start` does, serving dist-h5; its address reaches the tests through
// E2E_BASE_URL (and its database through E2E_DB_PATH, read-only, to check what journeys did).
const fs = require('node:fs')
const path = require('node:path')
const { startTestServer } = require('../scripts/test-server.cjs')

module.exports = async () => {
  const dist = path.resolve(__dirname, '..', 'dist-h5')
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error('dist-h5/ is missing: run `npm run build:h5` (npm run test:e2e does it for you)')
  const server = await startTestServer({ staticDir: dist, label: 'e2e' })
  process.env.E2E_BASE_URL = server.base
  process.env.E2E_DB_PATH = server.dbPath
  process.env.E2E_SANDBOX_KEY = server.sandboxKey
  globalThis.__E2E__ = server
}
