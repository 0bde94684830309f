const { endServer } = require('./serverEnd')

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
  await Promise.all(
    servers.map((server, i) =>
      endServer(server, `e2e-${server.databaseUrl ? 'postgres-' : ''}server-${i + 1}`, server.databaseUrl ? [perProcess(server.output())] : []),
    ),
  )
}
