import type { Generated } from 'kysely'

/**
 * The discount days' tables on the storage seam (issue 28; schema: server/storage/db.ts MIGRATIONS, issue 26), and the
 * sandbox outbox as the discount days write it (sandbox_messages: takeout still writes and reads it synchronously,
 * server/domain/takeout/subscriptions.ts).
 */
export interface DiscountDayTables {
  discount_days: DiscountDaysTable
  discount_day_shops: DiscountDayShopsTable
  discount_day_reminders: DiscountDayRemindersTable
  sandbox_messages: SandboxMessagesTable
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

export interface SandboxMessagesTable {
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
}
