const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')

const REPORTS = path.resolve(__dirname, '..', 'reports')

/**
 * A Playwright-tier server ended (e2e/globalTeardown.js for the workers' servers, e2e/environment.js for a file's own):
 * its own words for QA — warnings, errors and anything it printed that is not a request line (on PostgreSQL the 5xx
 * answers' lines too), and `extra` lines — into reports/<name>.log; then it stops, and the sessions its files handed each
 * other (e2e/browser.ts sessionOf: ocp-e2e-session-<port>-<phone> in the temp folder) are removed with it.
 */
async function endServer(server, name, extra = []) {
  const kept = server
    .output()
    .split('\n')
    .filter((line) => line.trim() && (!/"level":(?:10|20|30)\b/.test(line) || (server.databaseUrl && /"statusCode":5\d\d/.test(line))))
  fs.mkdirSync(REPORTS, { recursive: true })
  fs.writeFileSync(path.join(REPORTS, `${name}.log`), `${[...kept, ...extra].join('\n')}\n`)
  await server.stop()
  const prefix = `ocp-e2e-session-${new URL(server.base).port}-`
  for (const file of fs.readdirSync(os.tmpdir())) if (file.startsWith(prefix)) fs.rmSync(path.join(os.tmpdir(), file), { force: true })
}

module.exports = { endServer }
