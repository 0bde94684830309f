import type { CardProduct } from '../../src/contract/member'
import { sql, type DB } from '../db'

/** A shopper's card with its product's terms (benefits is JSON text). */
export interface UserCardRow {
  id: number
  card_no: string
  name: string
  level: number
  start_at: string
  end_at: string
  member_rate: number
  benefits: string
}

export const cardProducts = (db: DB) =>
  sql(db, 'SELECT id, name, level, price, days, member_rate, benefits FROM card_products ORDER BY level').all() as Array<Omit<CardProduct, 'benefits'> & { benefits: string }>

export const cardProduct = (db: DB, id: number) => sql(db, 'SELECT id, name, price, days FROM card_products WHERE id = ?').get(id) as { id: number; name: string; price: number; days: number } | undefined

export const cardsOf = (db: DB, userId: number) =>
  sql(
    db,
    'SELECT uc.id, uc.card_no, p.name, p.level, uc.start_at, uc.end_at, p.member_rate, p.benefits FROM user_cards uc JOIN card_products p ON p.id = uc.card_product_id WHERE uc.user_id = ? ORDER BY uc.end_at DESC',
  ).all(userId) as UserCardRow[]

/** The extra member discount of the shopper's best card still running at `now`, if any. */
export const activeMemberRate = (db: DB, userId: number, now: string) =>
  (
    sql(db, 'SELECT p.member_rate FROM user_cards c JOIN card_products p ON p.id = c.card_product_id WHERE c.user_id = ? AND c.end_at > ? ORDER BY p.level DESC LIMIT 1').get(userId, now) as
      | { member_rate: number }
      | undefined
  )?.member_rate

/** When the shopper's last running card ends (null: none running at `now`). */
export const cardsEnd = (db: DB, userId: number, now: string) => (sql(db, 'SELECT MAX(end_at) AS end_at FROM user_cards WHERE user_id = ? AND end_at > ?').get(userId, now) as { end_at: string | null }).end_at

export const insertUserCard = (db: DB, c: { user_id: number; card_product_id: number; card_no: string; start_at: string; end_at: string; order_id: number }) =>
  sql(db, 'INSERT INTO user_cards (user_id, card_product_id, card_no, start_at, end_at, order_id) VALUES (?, ?, ?, ?, ?, ?)').run(c.user_id, c.card_product_id, c.card_no, c.start_at, c.end_at, c.order_id)
