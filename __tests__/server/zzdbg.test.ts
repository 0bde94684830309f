import { startServer } from './helpers'
it('login', async () => {
  const s = await startServer()
  try {
    console.log(JSON.stringify((await s.call('POST', 'Captcha/sendSmsCaptcha', { phone: '13700000001' })).body))
    console.log(JSON.stringify((await s.call('GET', 'sandbox/smsOutbox', { phone: '13700000001' })).body))
  } finally { await s.close() }
})
