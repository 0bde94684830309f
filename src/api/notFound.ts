import type { Reason } from '@/contract/reasons'
import { isRefusal } from '@/core/request'

/** The reasons (src/contract/reasons.ts) that say a thing is not there — or not the asker's. */
const NOT_FOUND = { order: 'order_not_found', shop: 'shop_not_found', product: 'product_not_found', special: 'special_not_found', station: 'station_not_found' } as const satisfies Record<string, Reason>

/**
 * The server says the thing is not there (or not the shopper's: another shopper's order reads exactly like one that
 * never existed): the screen says "not found", never "retry". Decided by the refusal's reason, in any language.
 */
export function isNotFound(error: unknown, what: keyof typeof NOT_FOUND): boolean {
  return isRefusal(error, NOT_FOUND[what])
}

/**
 * The id a link names (`?id=41`): a whole number above 0, else 0 — a missing, empty or malformed id ("abc",
 * "1.5", "-3") never reaches the server: the screen says "not found" at once.
 */
export function idParam(raw: string | undefined): number {
  if (raw === undefined || !/^\d{1,15}$/.test(raw)) return 0
  return Number(raw)
}
