import type { SandboxMessage } from '../../../src/contract/takeoutSubscribe'
import * as store from '../../storage/discountDays'
import type { Storage, Store } from '../../storage/engine'
import { fmt } from '../../time'

const EVENT = 'discount_day'

/**
 * A discount day's reminder (server/domain/discountDay/discountDay.ts sendDueReminders, inside its transaction): the subscription message
 * WeChat would have been asked to send that morning, recorded in the sandbox outbox beside takeout's
 * (server/domain/takeout/subscriptions.ts), with no order. Fields as subscribeMessage.send takes them (thing ≤ 20 characters; the day
 * as a date); the words are the template's, in Chinese as WeChat shows them.
 */
export async function recordDiscountDayMessage(trx: Store, m: { userId: number; touser: string | null; templateId: string; day: string; shopCount: number; at: number }): Promise<void> {
  const data: SandboxMessage['data'] = {
    thing1: { value: '一卡通优惠日' },
    date2: { value: m.day },
    thing3: { value: `今天 ${m.shopCount} 家门店会员再享折扣` },
  }
  await store.recordMessage(trx, { userId: m.userId, touser: m.touser, templateId: m.templateId, event: EVENT, page: 'pages/discountsDay/index', data: JSON.stringify(data), at: m.at })
}

/**
 * The sandbox outbox's latest `limit` messages (GET /api/sandbox/messages without an order) while the seam is PostgreSQL
 * and takeout is not on it yet (the hybrid, issue 28): takeout's messages are on SQLite (server/domain/takeout/subscriptions.ts
 * sandboxMessages), the discount days' on the seam. Both kinds by their time, oldest first; ids are each engine's own.
 * On SQLite the seam is the same table and sandboxMessages alone answers.
 */
export async function mergedOutbox(storage: Storage, takeout: SandboxMessage[], limit: number): Promise<SandboxMessage[]> {
  const ours = (await store.messagesOfEvent(storage.db, EVENT, limit)).map(({ data, created_at, ...m }): SandboxMessage => ({
    ...m,
    event: EVENT,
    data: JSON.parse(data) as SandboxMessage['data'],
    at: fmt(created_at),
  }))
  // A stable sort: takeout's first within one second ('YYYY-MM-DD HH:mm:ss' orders as text).
  const byTime = (a: SandboxMessage, b: SandboxMessage) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0)
  return [...takeout.filter((m) => m.event !== EVENT), ...ours].sort(byTime).slice(-limit)
}
