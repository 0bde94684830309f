import type { Q } from '../storage/query'
import type { FastifyBaseLogger } from 'fastify'
import { nowMs } from '../time'

export interface SmsMessage {
  phone: string
  code: string
  at: number
}

/**
 * Development stand-ins for the outside world: an SMS sender that logs codes (and keeps an outbox the
 * tests can read with the sandbox key). The payment provider stand-in lives in provider.ts.
 */
export interface Sandbox {
  enabled: boolean
  /** Per-start secret the sandbox helpers ask for (X-Sandbox-Key): reaching the port is not enough. */
  key: string
  sendSms(phone: string, code: string): Promise<void>
  outbox(phone: string): Promise<SmsMessage[]>
}

/** Messages the outbox keeps (the newest, over all phones). */
export const OUTBOX_LIMIT = 200

/**
 * The outbox is a table (sandbox_sms, issue 28): a code sent through one server process is read through whichever
 * process answers the sandbox helper (docs/multi-process.md). Kept only with the sandbox on — a production server
 * keeps no copy of the codes it texts.
 */
export function createSandbox(db: Q, enabled: boolean, key: string, log: FastifyBaseLogger): Sandbox {
  return {
    enabled,
    key,
    async sendSms(phone, code) {
      if (!enabled) return
      const id = Number(await db.insert('INSERT INTO sandbox_sms (phone, code, at) VALUES (?, ?, ?)', phone, code, nowMs()))
      await db.run('DELETE FROM sandbox_sms WHERE id <= ?', id - OUTBOX_LIMIT)
      // A real sender would call the SMS provider here; in development the code goes to the log.
      log.info(`[sms] ${phone.slice(0, 3)}****${phone.slice(-4)} code ${code}`)
    },
    outbox: async (phone) => (await db.all('SELECT phone, code, at FROM sandbox_sms WHERE phone = ? ORDER BY id DESC', phone)) as SmsMessage[],
  }
}
