/**
 * WeChat Pay's double (__tests__/doubles/wechatpay.ts) as a process of its own, for the tiers that start the server as
 * `npm start` does (the mini-program simulator, the browser tier): `tsx scripts/wechatpay-double.ts [--sp] [--verify
 * platform|public_key|both] [--notify-url https://…]` prints one line of JSON — the double's `url`, the WXPAY_* `env` to
 * start the server with, the merchant's public key (`merchant_public_key`, PEM: a paySign verifies with it) — and
 * serves until it is stopped (SIGTERM / SIGINT). Its controls (/__double/pay, /__double/refund, /__double/trade) pay a
 * trade and send WeChat Pay's signed notification to a server.
 */
import { startWechatPayDouble } from '../__tests__/doubles/wechatpay'

async function main(): Promise<void> {
  const args = process.argv.slice(2)
  const arg = (name: string) => {
    const i = args.indexOf(name)
    return i >= 0 ? args[i + 1] : undefined
  }
  const verify = arg('--verify') as 'platform' | 'public_key' | 'both' | undefined
  const double = await startWechatPayDouble({ signWith: verify === 'platform' ? 'platform' : 'public_key' })
  const env = double.env({ sp: args.includes('--sp'), verify, notifyUrl: arg('--notify-url') })
  const merchantPublicKey = double.merchantPublicKey.export({ type: 'spki', format: 'pem' })
  process.stdout.write(`${JSON.stringify({ url: double.url, env, merchant_public_key: merchantPublicKey })}\n`)
  const stop = () => void double.close().then(() => process.exit(0))
  process.once('SIGTERM', stop)
  process.once('SIGINT', stop)
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
