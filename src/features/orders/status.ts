import type { MessageKey } from '@/core/i18n'

const KNOWN = [0, 10, 20, 30, 40, 50, 60, 70] as const

/** The words for an order status (docs/api.md), in the current language. */
export function statusKey(status: number): MessageKey {
  const s = (KNOWN as readonly number[]).includes(status) ? status : 0
  return `order.status.${s}` as MessageKey
}
