import type { Q } from '../../storage/query'
import * as repo from '../../storage/repo/seckillConsole'
import type { ProductStored, SessionStored } from '../../storage/repo/seckillConsole'
import type { ConsoleSeckillProduct, ConsoleSeckillSession, SeckillIndexAnswer } from '../../../src/contract/console'
import { refuse } from '../refusal'
import { businessMidnight, fmt, nowMs } from '../../time'

/**
 * Flash sales in the operator's console (issue 45): sessions recur every business day (minutes after its midnight, as
 * the shoppers' list reads them: server/storage/repo/seckill.ts), products with their stock, limit and pickup shop.
 * What shoppers see is read from these rows on every call (no answer of the flash-sale list or Home is kept anywhere:
 * the first answers of a page are asked afresh per page, server/hosting/static.ts), so a write shows at once. An order
 * keeps the amounts it was created with (orders.original_amount / discount_amount / total_amount), whatever the product
 * becomes.
 */

const DAY_MINUTES = 1440
const pad = (n: number) => String(n).padStart(2, '0')
const clockOf = (minute: number) => `${pad(Math.floor((minute % DAY_MINUTES) / 60))}:${pad(minute % 60)}`
const minuteOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))

export function sessionOf(s: SessionStored, now = nowMs()): ConsoleSeckillSession {
  const midnight = businessMidnight(now).valueOf()
  const start = Number(s.start_minute)
  const end = Number(s.end_minute)
  return {
    id: Number(s.id),
    title: s.title,
    start: clockOf(start),
    end: clockOf(end),
    next_day: end >= DAY_MINUTES,
    start_time: fmt(midnight + start * 60_000),
    end_time: fmt(midnight + end * 60_000),
  }
}

export function productOf(p: ProductStored): ConsoleSeckillProduct {
  const total = Number(p.total_stock)
  const stock = Number(p.stock)
  return {
    id: Number(p.id),
    session_id: Number(p.session_id),
    name: p.name,
    image: p.image,
    original_price: Number(p.original_price),
    price: Number(p.price),
    total_stock: total,
    stock,
    sold: total - stock,
    limit_per_user: Number(p.limit_per_user),
    rules: p.rules,
    pickup_shop_id: p.pickup_shop_id === null ? null : Number(p.pickup_shop_id),
    on_sale: p.withdrawn_at === null,
  }
}

export async function seckillIndex(db: Q): Promise<SeckillIndexAnswer> {
  const [sessions, products, shops] = await Promise.all([repo.allSessions(db), repo.allProducts(db), repo.pickupShops(db)])
  const now = nowMs()
  return {
    sessions: sessions.map((s) => ({ ...sessionOf(s, now), products: products.filter((p) => Number(p.session_id) === Number(s.id)).map(productOf) })),
    shops: shops.map((s) => ({ id: Number(s.id), name: s.name })),
  }
}

/** "HH:mm"–"HH:mm" as stored: the end after the start, the next day's when at or before it. */
export function sessionMinutes(start: string, end: string): { start_minute: number; end_minute: number } {
  const s = minuteOf(start)
  let e = minuteOf(end)
  if (e <= s) e += DAY_MINUTES
  return { start_minute: s, end_minute: e }
}

export async function saveSession(db: Q, id: number | undefined, fields: { title: string; start: string; end: string }): Promise<{ before: SessionStored | null; after: SessionStored }> {
  const minutes = sessionMinutes(fields.start, fields.end)
  if (id === undefined) {
    const newId = await repo.insertSession(db, { title: fields.title, ...minutes })
    return { before: null, after: (await repo.session(db, newId)) as SessionStored }
  }
  const before = await repo.session(db, id)
  if (!before) throw refuse('console_session_not_found')
  await repo.updateSession(db, { id, title: fields.title, ...minutes })
  return { before, after: (await repo.session(db, id)) as SessionStored }
}

export interface ProductFields {
  session_id: number
  name: string
  image: string
  original_price: number
  price: number
  total_stock: number
  limit_per_user: number
  pickup_shop_id: number
  rules: string
}

const UPLOAD = /^\/uploads\/([A-Za-z0-9_-]{22})\.\w+$/

export async function saveProduct(db: Q, id: number | undefined, f: ProductFields): Promise<{ before: ProductStored | null; after: ProductStored }> {
  if (f.price >= f.original_price) throw refuse('console_flash_price_over_original')
  if (!(await repo.session(db, f.session_id))) throw refuse('console_session_not_found')
  if (!(await repo.pickupShopExists(db, f.pickup_shop_id))) throw refuse('console_pickup_shop_invalid')
  const upload = UPLOAD.exec(f.image)?.[1]
  if (upload !== undefined && !(await repo.uploadExists(db, upload))) throw refuse('console_picture_invalid')
  if (id === undefined) {
    const newId = await repo.insertProduct(db, f)
    return { before: null, after: (await repo.product(db, newId)) as ProductStored }
  }
  const before = await repo.product(db, id)
  if (!before) throw refuse('product_not_found')
  const sold = Number(before.total_stock) - Number(before.stock)
  if (f.total_stock < sold || !(await repo.updateProduct(db, id, f))) throw refuse('console_stock_below_sold', { sold })
  return { before, after: (await repo.product(db, id)) as ProductStored }
}

export async function setOnSale(db: Q, id: number, onSale: boolean): Promise<{ before: ProductStored; after: ProductStored }> {
  const before = await repo.product(db, id)
  if (!before) throw refuse('product_not_found')
  await repo.setWithdrawn(db, id, onSale ? null : (before.withdrawn_at ?? nowMs()))
  return { before, after: (await repo.product(db, id)) as ProductStored }
}
