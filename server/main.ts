import { buildApp } from './app'
import { readConfig } from './config'

async function main() {
  const config = readConfig()
  const app = await buildApp({ dbPath: config.dbPath, staticDir: config.staticDir, logger: true, sandbox: config.sandbox, paySecret: config.paySecret })
  await app.listen({ port: config.port, host: config.host })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  console.log(`One Card Pass is running at http://${config.host}:${port}/`)
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void app.close().then(() => process.exit(0))
    })
  }
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
