const fs = require('node:fs')
const path = require('node:path')

// The reference server's own words for QA: its warnings, errors and anything it printed that is not a request line
// (reports/e2e-server[-<shard>].log), then the server stops.
module.exports = async () => {
  const server = globalThis.__E2E__
  if (!server) return
  const kept = server
    .output()
    .split('\n')
    .filter((line) => line.trim() && !/"level":(?:10|20|30)\b/.test(line))
  const reports = path.resolve(__dirname, '..', 'reports')
  fs.mkdirSync(reports, { recursive: true })
  fs.writeFileSync(path.join(reports, `e2e-server${process.env.JUNIT_SHARD ? `-${process.env.JUNIT_SHARD}` : ''}.log`), `${kept.join('\n')}\n`)
  await server.stop()
}
