import { buildApp } from './app'
import { readConfig } from './config'
import { BUSINESS_TZ, nowMs, nowText, realNowMs } from './time'

async function main() {
  const config = readConfig()
  const app = await buildApp({
    dbPath: config.dbPath,
    staticDir: config.staticDir,
    logger: true,
    sandbox: config.sandbox,
    sandboxKey: config.sandboxKey,
    paySecret: config.paySecret,
    referralSecret: config.referralSecret,
    smsPerClient: config.smsPerClient,
    trustProxy: config.trustProxy,
    refundAutoApproveHours: config.refundAutoApproveHours,
    sweepMs: config.sweepMs,
    sessionCacheMs: config.sessionCacheMs,
    takeoutAcceptMinutes: config.takeoutAcceptMinutes,
    takeoutTemplates: config.takeoutTemplates,
    discountDayTemplate: config.discountDayTemplate,
    goldplan: config.goldplan,
  })
  await app.listen({ port: config.port, host: config.host })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  console.log(`One Card Pass is running at http://${config.host}:${port}/`)
  if (config.sandbox) {
    // The operator must see that nothing here is real, and the sandbox helpers are not open to whoever reaches the port.
    console.log(
      [
        '==== SANDBOX MODE (NODE_ENV is not "production", or SANDBOX=1) — nothing here is real ====',
        '  simulated: SMS sender (login codes are printed in this log), payment provider (cashier at /sandbox/cashier,',
        '             trade closing and refunds), WeChat login, openid and JSSDK signatures',
        `  sandbox helpers (/api/sandbox/*) answer only with the header  X-Sandbox-Key: ${config.sandboxKey}`,
        '  (a new key at every start unless SANDBOX_KEY is set; run with NODE_ENV=production for none of this)',
        `  payment notifications are signed with ${process.env.PAY_NOTIFY_SECRET ? 'PAY_NOTIFY_SECRET' : 'a secret new at this start (PAY_NOTIFY_SECRET sets one)'}`,
        // The one clock (server/time.ts): moved by CLOCK_AT or POST /api/sandbox/clock (docs/sandbox.md).
        `  the server's clock reads ${nowText()} (${BUSINESS_TZ} business time${Math.abs(nowMs() - realNowMs()) > 1000 ? ', moved: CLOCK_AT or POST /api/sandbox/clock' : ''})`,
      ].join('\n'),
    )
  } else {
    console.log('Production mode: no sandbox. WeChat login and online payment answer "not configured" until a provider is set up.')
  }
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
