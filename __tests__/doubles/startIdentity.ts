/**
 * The identity providers' doubles as a process of their own, for a browser journey whose server runs in another process
 * (issue 40): `npx tsx __tests__/doubles/startIdentity.ts` starts the Tencent Cloud SMS double and the WeChat API double on
 * 127.0.0.1, prints one JSON line `{ "env": { … } }` — the variables that point a server at them (SMS_PROVIDER,
 * TENCENT_SMS_*, WX_*) — and runs until it is sent SIGTERM or SIGINT. A test reads the texted codes from the SMS double's
 * `GET <TENCENT_SMS_ENDPOINT>/__texts?phone=…`.
 */
import { startSmsDouble } from './sms'
import { startWechatDouble } from './wechat'

async function main(): Promise<void> {
  const sms = await startSmsDouble()
  const wechat = await startWechatDouble()
  process.stdout.write(`${JSON.stringify({ env: { ...sms.env(), ...wechat.env() } })}\n`)
  const stop = () => void Promise.all([sms.close(), wechat.close()]).then(() => process.exit(0))
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}

void main()
