/**
 * How much one takeout order may hold (issue 43), one rule for the app's cart (its steppers: src/features/takeout/cart.ts)
 * and the server's price (server/domain/takeout/pricing.ts). Fifty lines of one dish × 99 each were accepted (¥108,903
 * quoted): now lines of the same dish and options are one line, and an order holds at most
 * - `perDish` of one dish, whatever its options (a kitchen's batch; a canteen-sized order is a catering order, not a
 *   delivery),
 * - `items` pieces in all (about what two riders' boxes carry),
 * - `lines` different lines (a dish in one set of options is a line).
 * Plain TypeScript, no zod (the app bundles it).
 */
export const TAKEOUT_CAPS = { perDish: 99, items: 200, lines: 50 } as const

/** A cart's or an order's line: a dish, its chosen options (in any order) and how many. */
export interface TakeoutLine {
  dish_id: number
  option_ids: readonly number[]
  quantity: number
}

const optionsKey = (ids: readonly number[]) => [...ids].sort((a, b) => a - b).join(',')

/** The same dish with the same options (in any order). */
export const sameTakeoutLine = (a: Omit<TakeoutLine, 'quantity'>, b: Omit<TakeoutLine, 'quantity'>): boolean => a.dish_id === b.dish_id && optionsKey(a.option_ids) === optionsKey(b.option_ids)

/** Lines of the same dish and options made one, their quantities added, in the order each first appears. */
export function mergeTakeoutLines<T extends TakeoutLine>(lines: readonly T[]): T[] {
  const out: T[] = []
  for (const line of lines) {
    const at = out.findIndex((l) => sameTakeoutLine(l, line))
    if (at < 0) out.push({ ...line })
    else out[at] = { ...out[at], quantity: out[at].quantity + line.quantity }
  }
  return out
}

/** The cap a set of lines (merged or not) breaks first, or null: a dish over `perDish`, the pieces over `items`, the lines over `lines`. */
export function takeoutOverCap(lines: readonly TakeoutLine[]): { cap: 'dish'; dish_id: number } | { cap: 'items' } | { cap: 'lines' } | null {
  const merged = mergeTakeoutLines(lines)
  const perDish = new Map<number, number>()
  for (const l of merged) perDish.set(l.dish_id, (perDish.get(l.dish_id) ?? 0) + l.quantity)
  for (const [dish_id, n] of perDish) if (n > TAKEOUT_CAPS.perDish) return { cap: 'dish', dish_id }
  if (merged.reduce((n, l) => n + l.quantity, 0) > TAKEOUT_CAPS.items) return { cap: 'items' }
  if (merged.length > TAKEOUT_CAPS.lines) return { cap: 'lines' }
  return null
}

/**
 * How many more of a dish in these options the lines may take (0: none), and the cap that binds there: what is left
 * of the dish's cap and of the order's, and none for a new line once the order has `lines` lines.
 */
export function takeoutRoom(lines: readonly TakeoutLine[], dishId: number, optionIds: readonly number[]): { room: number; cap: 'dish' | 'items' | 'lines' } {
  const ofDish = lines.filter((l) => l.dish_id === dishId).reduce((n, l) => n + l.quantity, 0)
  const all = lines.reduce((n, l) => n + l.quantity, 0)
  const isNew = !lines.some((l) => sameTakeoutLine(l, { dish_id: dishId, option_ids: optionIds }))
  if (isNew && mergeTakeoutLines(lines).length >= TAKEOUT_CAPS.lines) return { room: 0, cap: 'lines' }
  const dishRoom = Math.max(0, TAKEOUT_CAPS.perDish - ofDish)
  const itemsRoom = Math.max(0, TAKEOUT_CAPS.items - all)
  return dishRoom <= itemsRoom ? { room: dishRoom, cap: 'dish' } : { room: itemsRoom, cap: 'items' }
}
