import type { SmsSender } from './types'

/** Where the sandbox keeps what it "texts" (server/sandbox/sandbox.ts: the sandbox_sms table, read back by GET /api/sandbox/smsOutbox). */
export interface SandboxOutbox {
  keep(phone: string, code: string): Promise<void>
}

/**
 * The sandbox's sender (moved from server/sandbox/sandbox.ts, behaviour unchanged): the code is kept in the sandbox's
 * outbox (the tests read it with the sandbox key) and printed in the request's log line, the number masked. Nothing
 * leaves the machine.
 */
export function sandboxSmsSender(outbox: SandboxOutbox): SmsSender {
  return {
    name: 'sandbox',
    async send(phone, code, _scene, log) {
      await outbox.keep(phone, code)
      log.info(`[sms] ${phone.slice(0, 3)}****${phone.slice(-4)} code ${code}`)
      return { sent: true }
    },
  }
}

/** A production server without a sender: nothing is stored or texted, the shopper is told (sms_not_configured). */
export const noSmsSender: SmsSender = {
  name: 'none',
  send: async () => ({ refused: 'sms_not_configured' }),
}
