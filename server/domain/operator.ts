import type { Q } from '../storage/query'
import * as cards from '../storage/repo/cards'
import type { CardProductRow } from '../storage/repo/cards'
import * as shops from '../storage/repo/shops'
import { refuse } from './refusal'
import { CARD_PRODUCT_LIMITS } from '../../src/contract/console'

/**
 * What the operator sets up in a production database before the operator's console exists (issue 40; `npm run admin`,
 * scripts/admin.ts; docs/going-live.md "Setting up the database"): the membership cards sold and their prices, and the
 * shops' WeChat Pay sub-merchant ids. Approving the first shops is the merchant applications' review (./merchant.ts).
 * The values come checked from the command (scripts/admin.ts); the rules here are the database's.
 */

/** What a card product is made of (price in fen, member_rate the percent a member pays at partner shops: 95 = 5 % off). */
export interface NewCardProduct {
  name: string
  level: number
  price: number
  days: number
  member_rate: number
  benefits: string[]
}

/** The rules of a card product: the contract's (the console's form and the command line check the same). */
export const CARD_LIMITS = CARD_PRODUCT_LIMITS

export async function listCardProducts(db: Q): Promise<Array<Omit<CardProductRow, 'benefits'> & { benefits: string[] }>> {
  return (await cards.allCardProducts(db)).map((c) => ({ ...c, on_sale: Number(c.on_sale), benefits: JSON.parse(c.benefits) as string[] }))
}

export async function createCardProduct(db: Q, c: NewCardProduct): Promise<number> {
  return db.transaction('serializable', async (db) => cards.insertCardProduct(db, { ...c, benefits: JSON.stringify(c.benefits) }))
}

/** A new price for new purchases (orders already made keep theirs). */
export async function priceCardProduct(db: Q, id: number, price: number): Promise<CardProductRow> {
  return db.transaction('serializable', async (db) => {
    if (!(await cards.setCardProductPrice(db, id, price))) throw refuse('card_not_found')
    return (await cards.cardProductRow(db, id)) as CardProductRow
  })
}

/** Withdraw a card product (no longer listed or sold; cards bought stay valid), or put it on sale again. */
export async function setCardProductOnSale(db: Q, id: number, onSale: boolean): Promise<CardProductRow> {
  return db.transaction('serializable', async (db) => {
    if (!(await cards.setCardProductOnSale(db, id, onSale))) throw refuse('card_not_found')
    return (await cards.cardProductRow(db, id)) as CardProductRow
  })
}

/**
 * The console's save of a card product (issue 45): a new one (no id), or every field of one changed but its level —
 * the upgrade rules compare the levels of cards already held (`console_card_level_fixed`). Answers the row before
 * (null: new) and after, for the audit trail; run inside the caller's transaction (joined) so the audit row is written
 * with it.
 */
export async function saveCardProduct(db: Q, id: number | undefined, c: NewCardProduct & { on_sale: boolean }): Promise<{ before: CardProductRow | null; after: CardProductRow }> {
  return db.transaction('serializable', async (db) => {
    const benefits = JSON.stringify(c.benefits)
    if (id === undefined) {
      const newId = await cards.insertCardProduct(db, { ...c, benefits })
      if (!c.on_sale) await cards.setCardProductOnSale(db, newId, false)
      return { before: null, after: (await cards.cardProductRow(db, newId)) as CardProductRow }
    }
    const before = await cards.cardProductRow(db, id)
    if (!before) throw refuse('card_not_found')
    if (Number(before.level) !== c.level) throw refuse('console_card_level_fixed')
    await cards.updateCardProduct(db, id, { name: c.name, price: c.price, days: c.days, member_rate: c.member_rate, benefits, on_sale: c.on_sale ? 1 : 0 })
    return { before, after: (await cards.cardProductRow(db, id)) as CardProductRow }
  })
}

/** Every shop, newest first, with its owner's phone, its staff count and — when the database has the column — its sub-merchant id. */
export async function listShops(db: Q): Promise<Array<shops.OperatorShopRow & { wxpay_sub_mchid?: string | null }>> {
  const rows = await shops.operatorShops(db)
  const ids = await shops.subMchids(db)
  return rows.map((r) => ({ ...r, id: Number(r.id), staff: Number(r.staff), ...(ids ? { wxpay_sub_mchid: ids.get(Number(r.id)) ?? null } : {}) }))
}

/** The database has no shops.wxpay_sub_mchid yet (the WeChat Pay provider's migration adds it). */
export class NoSubMchidColumn extends Error {}

/** Sets a shop's WeChat Pay sub-merchant id (service-provider mode: its payments are made to it), or clears it (null). */
export async function setShopSubMchid(db: Q, shopId: number, subMchid: string | null): Promise<void> {
  if ((await shops.subMchids(db)) === null) throw new NoSubMchidColumn('this database has no shops.wxpay_sub_mchid column yet: it comes with the WeChat Pay provider (server/providers/wechatpay) and its migration')
  await db.transaction('serializable', async (db) => {
    if (!(await shops.setSubMchid(db, shopId, subMchid))) throw refuse('shop_not_found')
  })
}
