import type { Generated } from 'kysely'

/**
 * The discount days' tables on the storage seam (issue 28; schema: server/storage/migrations/0021_discount_days.sqlite.sql, issue 26), and the
 * subscription messages' outbox as the discount days write it (wechat_messages, issue 40: takeout writes and reads it
 * through server/storage/repo/wechat.ts).
 */
export interface DiscountDayTables {
  discount_days: DiscountDaysTable
  discount_day_shops: DiscountDayShopsTable
  discount_day_reminders: DiscountDayRemindersTable
  wechat_messages: WechatMessagesTable
}

export interface DiscountDaysTable {
  /** A business day, 'YYYY-MM-DD' (Asia/Shanghai). */
  day: string
}

export interface DiscountDayShopsTable {
  shop_id: number
  /** Percent paid of what is left after the shop's and the card's discounts (50–99). */
  extra_rate: number
}

export interface DiscountDayRemindersTable {
  user_id: number
  day: string
  template_id: string
  /** Epoch ms, the server's clock. */
  granted_at: number
  /** Epoch ms once the sweep recorded the message; null until then. */
  sent_at: number | null
}

/** The subscription messages' outbox (server/storage/migrations/0036_wechat.sqlite.sql): what the discount days insert. */
export interface WechatMessagesTable {
  id: Generated<number>
  user_id: number
  /** null: a discount day's reminder (no order). */
  order_id: number | null
  touser: string | null
  template_id: string
  event: string
  page: string
  /** The template's fields as JSON. */
  data: string
  /** Epoch ms, the server's clock. */
  created_at: number
  state: Generated<'pending' | 'sent' | 'refused' | 'skipped' | 'failed'>
  attempts: Generated<number>
  /** Epoch ms: when the sender may take it (next). */
  next_attempt_at: number
}
