// Start the reference servers as `npm start` does, serving dist-h5: one per jest worker (E2E_WORKERS, scripts/e2e.mjs;
// 1 without it), each with its own database. Worker i's addresses reach the tests through E2E_BASE_URL_i, E2E_DB_PATH_i
// (read-only, to check what journeys did) and E2E_SANDBOX_KEY_i; e2e/environment.js hands a test file its worker's
// under the plain names (E2E_BASE_URL …).
const fs = require('node:fs')
const path = require('node:path')
const { startTestServer } = require('../scripts/test-server.cjs')

module.exports = async () => {
  const dist = path.resolve(__dirname, '..', 'dist-h5')
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error('dist-h5/ is missing: run `npm run build:h5` (npm run test:e2e does it for you)')
  const count = Math.max(1, Number(process.env.E2E_WORKERS) || 1)
  const servers = await Promise.all(Array.from({ length: count }, (_, i) => startTestServer({ staticDir: dist, label: `e2e-${i + 1}` })))
  servers.forEach((server, i) => {
    process.env[`E2E_BASE_URL_${i + 1}`] = server.base
    process.env[`E2E_DB_PATH_${i + 1}`] = server.dbPath
    process.env[`E2E_SANDBOX_KEY_${i + 1}`] = server.sandboxKey
  })
  globalThis.__E2E__ = servers
}
