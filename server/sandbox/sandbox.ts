import type { Q } from '../storage/query'
import { nowMs } from '../time'
import { dropSandboxTextsUpTo, keepSandboxText, sandboxTextsTo } from '../storage/repo/users'

export interface SmsMessage {
  phone: string
  code: string
  at: number
}

/**
 * The sandbox's switch and key, and its SMS outbox: the sandbox's sender (server/providers/sms/sandbox.ts) keeps each
 * code here and prints it in the log; the tests read it with the sandbox key. The payment provider's stand-in lives in
 * server/domain/pay/provider.ts, WeChat's in server/providers/wechat/sandbox.ts.
 */
export interface Sandbox {
  enabled: boolean
  /** Per-start secret the sandbox helpers ask for (X-Sandbox-Key): reaching the port is not enough. */
  key: string
  /** Keeps a texted code (the newest OUTBOX_LIMIT over all phones). */
  keep(phone: string, code: string): Promise<void>
  outbox(phone: string): Promise<SmsMessage[]>
}

/** Messages the outbox keeps (the newest, over all phones). */
export const OUTBOX_LIMIT = 200

/**
 * The outbox is a table (sandbox_sms, issue 28): a code sent through one server process is read through whichever
 * process answers the sandbox helper (docs/multi-process.md). Kept only with the sandbox on — a production server
 * keeps no copy of the codes it texts.
 */
export function createSandbox(db: Q, enabled: boolean, key: string): Sandbox {
  return {
    enabled,
    key,
    async keep(phone, code) {
      if (!enabled) return
      const id = Number(await keepSandboxText(db, phone, code, nowMs()))
      await dropSandboxTextsUpTo(db, id - OUTBOX_LIMIT)
    },
    outbox: (phone) => sandboxTextsTo(db, phone),
  }
}
