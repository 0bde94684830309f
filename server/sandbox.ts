import type { FastifyBaseLogger } from 'fastify'
import { nowMs } from './time'

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
  sendSms(phone: string, code: string): void
  outbox(phone: string): SmsMessage[]
}

const OUTBOX_LIMIT = 200

export function createSandbox(enabled: boolean, key: string, log: FastifyBaseLogger): Sandbox {
  const messages: SmsMessage[] = []
  return {
    enabled,
    key,
    sendSms(phone, code) {
      messages.push({ phone, code, at: nowMs() })
      if (messages.length > OUTBOX_LIMIT) messages.shift()
      // A real sender would call the SMS provider here; in development the code goes to the log.
      if (enabled) log.info(`[sms] ${phone.slice(0, 3)}****${phone.slice(-4)} code ${code}`)
    },
    outbox: (phone) => messages.filter((m) => m.phone === phone).reverse(),
  }
}
