import { useCallback, useState } from 'react'
import type { Dish, TakeoutMenuAnswer } from '@/contract/takeout'
import type { TakeoutOrderPayload } from '@/contract/order'
import { sameTakeoutLine, TAKEOUT_CAPS, takeoutRoom } from '@/contract/takeoutCart'
import { getItem, setItem, type TakeoutCartLine } from '@/core/storage'

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const isCartLine = (v: unknown): v is TakeoutCartLine =>
  isObj(v) && Number.isInteger(v.dish_id) && Number.isInteger(v.quantity) && (v.quantity as number) > 0 && (v.quantity as number) <= TAKEOUT_CAPS.perDish && Array.isArray(v.option_ids) && v.option_ids.every((o) => Number.isInteger(o))

/** Every shop's cart as stored, each line checked (a foreign or damaged line reads as absent, never a crash). */
function readAll(): Record<string, TakeoutCartLine[]> {
  const out: Record<string, TakeoutCartLine[]> = {}
  for (const [shop, lines] of Object.entries(getItem('takeoutCarts') ?? {})) {
    if (!/^\d+$/.test(shop) || !Array.isArray(lines)) continue
    const ok = (lines as unknown[]).filter(isCartLine).map((l) => ({
      dish_id: l.dish_id,
      option_ids: [...l.option_ids],
      quantity: l.quantity,
      ...(Number.isInteger(l.unit) && (l.unit as number) >= 0 ? { unit: l.unit } : {}),
      ...(typeof l.name === 'string' && l.name !== '' ? { name: l.name.slice(0, 60) } : {}),
    }))
    if (ok.length > 0) out[shop] = ok
  }
  return out
}

/** One cart per shop, kept in the app's storage module across restarts (src/core/storage.ts `takeoutCarts`). */
export function readCart(shopId: number): TakeoutCartLine[] {
  return readAll()[String(shopId)] ?? []
}

export function writeCart(shopId: number, lines: TakeoutCartLine[]): void {
  const all = readAll()
  if (lines.length > 0) all[String(shopId)] = lines
  else delete all[String(shopId)]
  setItem('takeoutCarts', all)
}

/** The orders made from each shop's cart, not yet seen paid (each id checked; a damaged record reads as none). */
function readOrders(): Record<string, number[]> {
  const out: Record<string, number[]> = {}
  for (const [shop, ids] of Object.entries(getItem('takeoutCartOrders') ?? {})) {
    if (!/^\d+$/.test(shop) || !Array.isArray(ids)) continue
    const ok = (ids as unknown[]).filter((id): id is number => Number.isInteger(id) && (id as number) > 0)
    if (ok.length > 0) out[shop] = ok
  }
  return out
}

/**
 * An order was made from the shop's cart and is not paid yet (H5 left for the cashier, the payment sheet was
 * closed): the cart stays — a shopper who gives up paying finds it as it was — until the order is seen paid.
 */
export function cartOrdered(shopId: number, orderId: number): void {
  const all = readOrders()
  all[String(shopId)] = [orderId, ...(all[String(shopId)] ?? []).filter((id) => id !== orderId)].slice(0, 5)
  setItem('takeoutCartOrders', all)
}

/** The order page (or the payment) saw this order paid: the cart it was made from is emptied. */
export function cartOrderPaid(shopId: number, orderId: number): void {
  const all = readOrders()
  const ids = all[String(shopId)] ?? []
  if (!ids.includes(orderId)) return
  delete all[String(shopId)]
  setItem('takeoutCartOrders', all)
  writeCart(shopId, [])
}

/** The cap that stopped an add (src/contract/takeoutCart.ts TAKEOUT_CAPS): the dish's, the order's pieces or its lines. */
export type CartCap = 'dish' | 'items' | 'lines'

/**
 * The shop's cart as state, written through to storage on every change. It holds what one order may (issue 43, the
 * contract's TAKEOUT_CAPS, which the server applies too): `add` puts in what room is left and answers the cap that
 * stopped it (null: all of it went in); `room` is what the steppers ask before they offer "+".
 */
export function useCart(shopId: number) {
  const [lines, setLines] = useState<TakeoutCartLine[]>(() => readCart(shopId))
  const save = useCallback(
    (next: TakeoutCartLine[]) => {
      writeCart(shopId, next)
      setLines(next)
    },
    [shopId],
  )
  const room = (dishId: number, optionIds: number[]) => takeoutRoom(lines, dishId, optionIds)
  /** `seen`: the line's price and name on the menu now (a line added or changed at it has seen it: issue 44). */
  const add = (dishId: number, optionIds: number[], by = 1, seen?: { unit: number; name: string }): CartCap | null => {
    const space = by > 0 ? takeoutRoom(lines, dishId, optionIds) : null
    const step = space ? Math.min(by, space.room) : by
    if (step === 0) return space ? space.cap : null
    const at = lines.findIndex((l) => sameTakeoutLine(l, { dish_id: dishId, option_ids: optionIds }))
    if (at < 0) {
      if (step > 0) save([...lines, { dish_id: dishId, option_ids: [...optionIds].sort((a, b) => a - b), quantity: step, ...(seen ?? {}) }])
    } else {
      const quantity = lines[at].quantity + step
      save(quantity <= 0 ? lines.filter((_, i) => i !== at) : lines.map((l, i) => (i === at ? { ...l, quantity, ...(seen ?? {}) } : l)))
    }
    return space && step < by ? space.cap : null
  }
  return { lines, add, room, save, clear: () => save([]) }
}

/** A cart line as shown: the dish and options from the server's menu, their prices the menu's. */
export interface ShownLine {
  line: TakeoutCartLine
  dish: Dish
  optionNames: string[]
  /** Dish + options, list price (the menu's figures; the order's price is always the server's quote). */
  unit: number
  /** The same with the card's member rate (the menu's member price on the dish + the options at that rate), or null. */
  memberUnit: number | null
  /** Not orderable now: the dish left the menu, is sold out, or an option is gone. */
  gone: 'sold_out' | 'missing' | null
  /** The price when it was added, when the menu's is another now (issue 44: said at the cart and at Confirm); else null. */
  was: number | null
}

export function showLines(lines: TakeoutCartLine[], menu: TakeoutMenuAnswer): ShownLine[] {
  const out: ShownLine[] = []
  for (const line of lines) {
    const dish = menu.dishes.find((d) => d.id === line.dish_id)
    if (!dish) continue
    const options = dish.option_groups.flatMap((g) => g.options)
    const chosen = line.option_ids.map((id) => options.find((o) => o.id === id))
    const missing = chosen.some((o) => !o)
    const optionsPrice = chosen.reduce((sum, o) => sum + (o?.price ?? 0), 0)
    const unit = dish.price + optionsPrice
    const memberUnit = dish.member_price !== null && menu.member_rate !== null ? dish.member_price + Math.round((optionsPrice * menu.member_rate) / 100) : null
    out.push({
      line,
      dish,
      optionNames: chosen.flatMap((o) => (o ? [o.name] : [])),
      unit,
      memberUnit,
      gone: missing ? 'missing' : dish.sold_out ? 'sold_out' : null,
      was: line.unit !== undefined && line.unit !== unit && !missing ? line.unit : null,
    })
  }
  return out
}

/** A line whose dish the menu no longer has (taken off since it was added): said by the name it had (issue 44). */
export interface VanishedLine {
  line: TakeoutCartLine
  name: string
}

/**
 * The lines the menu no longer has. Said at the cart and at Confirm, left out of the order, removed by the shopper; a
 * line from before names were kept (no name) is dropped when the cart is opened against a fresh menu (keptLines).
 */
export function vanishedLines(lines: TakeoutCartLine[], menu: TakeoutMenuAnswer): VanishedLine[] {
  return lines.filter((l) => l.name !== undefined && !menu.dishes.some((d) => d.id === l.dish_id)).map((l) => ({ line: l, name: l.name as string }))
}

/** The lines worth keeping against a fresh menu: those on it, and the vanished ones that can still be named. */
export function keptLines(lines: TakeoutCartLine[], menu: TakeoutMenuAnswer): TakeoutCartLine[] {
  return lines.filter((l) => l.name !== undefined || menu.dishes.some((d) => d.id === l.dish_id))
}

/** Something in the cart changed since it was added: a price, or a dish gone (the menu says so once, as it opens). */
export const cartChanged = (shown: ShownLine[], vanished: VanishedLine[]): boolean => vanished.length > 0 || shown.some((s) => s.was !== null)

/** The line's price and name as the menu has them now (what `add` keeps as seen). */
export const seenOf = (dish: Dish, optionIds: number[]): { unit: number; name: string } => {
  const options = dish.option_groups.flatMap((g) => g.options)
  return { unit: dish.price + optionIds.reduce((s, id) => s + (options.find((o) => o.id === id)?.price ?? 0), 0), name: dish.name }
}

export interface CartSums {
  count: number
  /** List price of the orderable lines (what the minimum order is judged on). */
  dishes: number
  /** What the card takes off the dishes (never the fees). */
  memberSaving: number
}

export function sums(shown: ShownLine[]): CartSums {
  const live = shown.filter((s) => !s.gone)
  return {
    count: live.reduce((n, s) => n + s.line.quantity, 0),
    dishes: live.reduce((n, s) => n + s.unit * s.line.quantity, 0),
    memberSaving: live.reduce((n, s) => n + (s.memberUnit === null ? 0 : (s.unit - s.memberUnit) * s.line.quantity), 0),
  }
}

export function itemsOf(shown: ShownLine[]): TakeoutOrderPayload['items'] {
  return shown.filter((s) => !s.gone).map((s) => ({ id: s.dish.id, quantity: s.line.quantity, ...(s.line.option_ids.length > 0 ? { option_ids: s.line.option_ids } : {}) }))
}
