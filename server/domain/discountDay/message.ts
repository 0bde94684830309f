import type { SandboxMessage } from '../../../src/contract/takeoutSubscribe'
import * as repo from '../../storage/repo/discountDays'
import type { Q } from '../../storage/query'

const EVENT = 'discount_day'

/**
 * A discount day's reminder (server/domain/discountDay/discountDay.ts sendDueReminders, inside its transaction): the subscription message
 * WeChat would have been asked to send that morning, recorded in the sandbox outbox beside takeout's
 * (server/domain/takeout/subscriptions.ts), with no order. Fields as subscribeMessage.send takes them (thing ≤ 20 characters; the day
 * as a date); the words are the template's, in Chinese as WeChat shows them.
 */
export async function recordDiscountDayMessage(trx: Q, m: { userId: number; touser: string | null; templateId: string; day: string; shopCount: number; at: number }): Promise<void> {
  const data: SandboxMessage['data'] = {
    thing1: { value: '一卡通优惠日' },
    date2: { value: m.day },
    thing3: { value: `今天 ${m.shopCount} 家门店会员再享折扣` },
  }
  await repo.recordMessage(trx, { userId: m.userId, touser: m.touser, templateId: m.templateId, event: EVENT, page: 'pages/discountsDay/index', data: JSON.stringify(data), at: m.at })
}
