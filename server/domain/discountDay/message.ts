import type { SandboxMessage } from '../../../src/contract/takeoutSubscribe'
import { sql, type DB } from '../../storage/db'

/**
 * A discount day's reminder (server/domain/discountDay/discountDay.ts sendDueReminders, inside its transaction): the subscription message
 * WeChat would have been asked to send that morning, recorded in the sandbox outbox beside takeout's
 * (server/domain/takeout/subscriptions.ts), with no order. Fields as subscribeMessage.send takes them (thing ≤ 20 characters; the day
 * as a date); the words are the template's, in Chinese as WeChat shows them.
 */
export function recordDiscountDayMessage(db: DB, m: { userId: number; touser: string | null; templateId: string; day: string; shopCount: number; at: number }): void {
  const data: SandboxMessage['data'] = {
    thing1: { value: '一卡通优惠日' },
    date2: { value: m.day },
    thing3: { value: `今天 ${m.shopCount} 家门店会员再享折扣` },
  }
  sql(db, 'INSERT INTO sandbox_messages (user_id, order_id, touser, template_id, event, page, data, created_at) VALUES (?, NULL, ?, ?, ?, ?, ?, ?)').run(
    m.userId,
    m.touser,
    m.templateId,
    'discount_day',
    'pages/discountsDay/index',
    JSON.stringify(data),
    m.at,
  )
}
