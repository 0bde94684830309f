const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')

// The reference servers' own words for QA: their warnings, errors and anything they printed that is not a request line
// (reports/e2e-server-<worker>.log; on PostgreSQL reports/e2e-postgres-server-<worker>.log, with the 5xx answers' lines
// too), then the servers stop (on PostgreSQL their databases are dropped: globalSetup.js).
/** Which of a server's processes (pid) took the requests: all of them, and the orders created (one line for the log). */
function perProcess(output) {
  const all = {}
  const creates = {}
  for (const line of output.split('\n')) {
    if (!line.includes('"msg":"incoming request"')) continue
    const pid = (/"pid":(\d+)/.exec(line) || [])[1] || '?'
    all[pid] = (all[pid] || 0) + 1
    if (line.includes('/api/personal.order/create')) creates[pid] = (creates[pid] || 0) + 1
  }
  return `requests per process (pid: count): ${JSON.stringify(all)}; personal.order/create: ${JSON.stringify(creates)}`
}

module.exports = async () => {
  const servers = globalThis.__E2E__
  if (!servers) return
  const reports = path.resolve(__dirname, '..', 'reports')
  fs.mkdirSync(reports, { recursive: true })
  await Promise.all(
    servers.map(async (server, i) => {
      const kept = server
        .output()
        .split('\n')
        .filter((line) => line.trim() && (!/"level":(?:10|20|30)\b/.test(line) || (server.databaseUrl && /"statusCode":5\d\d/.test(line))))
      if (server.databaseUrl) kept.push(perProcess(server.output()))
      fs.writeFileSync(path.join(reports, `e2e-${server.databaseUrl ? 'postgres-' : ''}server-${i + 1}.log`), `${kept.join('\n')}\n`)
      await server.stop()
      // The sessions the files of this server's worker handed each other (e2e/browser.ts sessionOf): its tokens end with it.
      const prefix = `ocp-e2e-session-${new URL(server.base).port}-`
      for (const name of fs.readdirSync(os.tmpdir())) if (name.startsWith(prefix)) fs.rmSync(path.join(os.tmpdir(), name), { force: true })
    }),
  )
}
