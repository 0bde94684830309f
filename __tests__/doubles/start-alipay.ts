/**
 * Starts the Alipay double (./alipay.ts) as a process of its own, for a server started as `npm start` runs it (the
 * browser tier's production journey, or a person trying the server in production mode):
 *
 *   npx tsx __tests__/doubles/start-alipay.ts https://shop.example.com > alipay.env
 *
 * prints the server's Alipay variables (ALIPAY_APP_ID, the app's private key, "Alipay's public key" — the double's —,
 * ALIPAY_GATEWAY, ALIPAY_SELLER_ID, PUBLIC_URL from the argument, default http://127.0.0.1:3000) as `NAME="value"` lines (a shell or an env file reads them),
 * the keys' line breaks written as \n, and runs until it is stopped. Its cashier page (the WAP pay_url) has a pay
 * button that pays, notifies PUBLIC_URL/notify/alipay and goes back to return_url, as Alipay's does.
 */
import { startAlipayDouble } from './alipay'

async function main(): Promise<void> {
  const publicUrl = process.argv[2] ?? 'http://127.0.0.1:3000'
  const double = await startAlipayDouble()
  for (const [name, value] of Object.entries(double.env(publicUrl))) process.stdout.write(`${name}="${value.replace(/\r?\n/g, '\\n')}"\n`)
  const stop = () => void double.close().then(() => process.exit(0))
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

void main()
