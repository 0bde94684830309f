import type { Reason } from '@/contract/reasons'
import { isRefusal } from '@/core/request'

/** The reasons (src/contract/reasons.ts) that say a thing is not there — or not the asker's. */
const NOT_FOUND = { order: 'order_not_found', shop: 'shop_not_found', product: 'product_not_found', special: 'special_not_found' } as const satisfies Record<string, Reason>

/**
 * The server says the thing is not there (or not the shopper's: another shopper's order reads exactly like one that
 * never existed): the screen says "not found", never "retry". Decided by the refusal's reason, in any language.
 */
export function isNotFound(error: unknown, what: keyof typeof NOT_FOUND): boolean {
  return isRefusal(error, NOT_FOUND[what])
}
