import type { Q } from '../query'
import crypto from 'node:crypto'
import type { CardProduct } from '../../../src/contract/member'
import { ORDER_STATUS } from '../../../src/contract/constants'

/** A shopper's card with its product's terms (benefits is JSON text) and its order's status. */
export interface UserCardRow {
  id: number
  card_no: string
  name: string
  level: number
  start_at: string
  end_at: string
  member_rate: number
  benefits: string
  /** The status of the order that bought it: refunding suspends the card, refunded voids it. */
  order_status: number
  /** The card that replaced this one by an upgrade (it ended then). */
  replaced_by: number | null
  /** The till-code secret (hex), issued to the owner only. */
  secret: string
}

/** A card that still holds value: its order is not being (or has not been) refunded. */
export interface HeldCard {
  id: number
  level: number
  name: string
  start_at: string
  end_at: string
  /** What was paid for it, in cents (the upgrade credit is a share of this). */
  paid: number
}

const CARD_COLS = 'uc.id, uc.card_no, p.name, p.level, uc.start_at, uc.end_at, p.member_rate, p.benefits, o.status AS order_status, uc.replaced_by, uc.secret'

const HELD = `o.status NOT IN (${ORDER_STATUS.REFUNDING}, ${ORDER_STATUS.REFUNDED})`

/** The card products on sale, as the shopper's list shows them. */
export const cardProducts = async (db: Q) =>
  (await db.all('SELECT id, name, level, price, days, member_rate, benefits FROM card_products WHERE on_sale = 1 ORDER BY level, id')) as Array<Omit<CardProduct, 'benefits'> & { benefits: string }>

/** One card product, on sale or not (an order of one withdrawn since still names it). */
export const cardProduct = async (db: Q, id: number) =>
  (await db.get('SELECT id, name, level, price, days, on_sale FROM card_products WHERE id = ?', id)) as { id: number; name: string; level: number; price: number; days: number; on_sale: number } | undefined

/** A card product row whole (the operator's command). */
export interface CardProductRow {
  id: number
  name: string
  level: number
  price: number
  days: number
  member_rate: number
  /** JSON: the benefit lines. */
  benefits: string
  on_sale: number
}

/** Every card product, withdrawn ones too (npm run admin -- cards). */
export const allCardProducts = async (db: Q) => (await db.all('SELECT id, name, level, price, days, member_rate, benefits, on_sale FROM card_products ORDER BY level, id')) as CardProductRow[]

export const cardProductRow = async (db: Q, id: number) => (await db.get('SELECT id, name, level, price, days, member_rate, benefits, on_sale FROM card_products WHERE id = ?', id)) as CardProductRow | undefined

export const insertCardProduct = async (db: Q, c: Omit<CardProductRow, 'id' | 'on_sale'>) =>
  db.insert('INSERT INTO card_products (name, level, price, days, member_rate, benefits, on_sale) VALUES (?, ?, ?, ?, ?, ?, 1)', c.name, c.level, c.price, c.days, c.member_rate, c.benefits)

export const setCardProductPrice = async (db: Q, id: number, price: number) => (await db.run('UPDATE card_products SET price = ? WHERE id = ?', price, id)).changes === 1

export const setCardProductOnSale = async (db: Q, id: number, onSale: boolean) => (await db.run('UPDATE card_products SET on_sale = ? WHERE id = ?', onSale ? 1 : 0, id)).changes === 1

export const cardsOf = async (db: Q, userId: number) =>
  (await db.all(`SELECT ${CARD_COLS} FROM user_cards uc JOIN card_products p ON p.id = uc.card_product_id JOIN orders o ON o.id = uc.order_id WHERE uc.user_id = ? ORDER BY uc.end_at DESC, uc.id DESC`, userId)) as UserCardRow[]

/** A card by id with its holder's phone (the till's check of a card code); a deleted owner's card is none. */
export const cardForTill = async (db: Q, id: number) =>
  (await db.get(`SELECT ${CARD_COLS}, u.phone FROM user_cards uc JOIN card_products p ON p.id = uc.card_product_id JOIN orders o ON o.id = uc.order_id JOIN users u ON u.id = uc.user_id
     WHERE uc.id = ? AND u.deleted_at IS NULL`, id)) as
    | (UserCardRow & { phone: string })
    | undefined

/** The extra member discount of the shopper's best card running at `now` (started, not ended, not suspended by a refund request), if any. */
export const activeMemberRate = async (db: Q, userId: number, now: string) =>
  (
    (await db.get(`SELECT p.member_rate FROM user_cards c JOIN card_products p ON p.id = c.card_product_id JOIN orders o ON o.id = c.order_id
       WHERE c.user_id = ? AND c.start_at <= ? AND c.end_at > ? AND ${HELD} ORDER BY p.level DESC LIMIT 1`, userId, now, now)) as { member_rate: number } | undefined
  )?.member_rate

/** The shopper's cards not ended at `now` (running or waiting to start) that still hold value. */
export const heldCards = async (db: Q, userId: number, now: string) =>
  (await db.all(`SELECT c.id, p.level, p.name, c.start_at, c.end_at, o.pay_amount AS paid FROM user_cards c JOIN card_products p ON p.id = c.card_product_id JOIN orders o ON o.id = c.order_id
     WHERE c.user_id = ? AND c.end_at > ? AND ${HELD} ORDER BY c.end_at, c.id`, userId, now)) as HeldCard[]

export const insertUserCard = async (db: Q, c: { user_id: number; card_product_id: number; card_no: string; start_at: string; end_at: string; order_id: number }) =>
  Number(
    await db.insert('INSERT INTO user_cards (user_id, card_product_id, card_no, start_at, end_at, order_id, secret) VALUES (?, ?, ?, ?, ?, ?, ?)', c.user_id, c.card_product_id, c.card_no, c.start_at, c.end_at, c.order_id, crypto.randomBytes(20).toString('hex')),
  )

/** An upgrade ends a card now (a card not started yet ends before it starts) and names its replacement. */
export const endByUpgrade = (db: Q, id: number, at: string, replacedBy: number) =>
  db.run('UPDATE user_cards SET end_at = ?, start_at = CASE WHEN start_at < ? THEN start_at ELSE ? END, replaced_by = ? WHERE id = ?', at, at, at, replacedBy, id)

/** The operator's console changes a card product (its level stays: server/domain/operator.ts saveCardProduct). */
export const updateCardProduct = async (db: Q, id: number, c: Omit<CardProductRow, 'id' | 'level'>) =>
  (await db.run('UPDATE card_products SET name = ?, price = ?, days = ?, member_rate = ?, benefits = ?, on_sale = ? WHERE id = ?', c.name, c.price, c.days, c.member_rate, c.benefits, c.on_sale, id)).changes === 1
