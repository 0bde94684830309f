const fs = require('node:fs')
const path = require('node:path')

// The reference servers' own words for QA: their warnings, errors and anything they printed that is not a request line
// (reports/e2e-server-<worker>.log), then the servers stop.
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
        .filter((line) => line.trim() && !/"level":(?:10|20|30)\b/.test(line))
      fs.writeFileSync(path.join(reports, `e2e-server-${i + 1}.log`), `${kept.join('\n')}\n`)
      await server.stop()
    }),
  )
}
