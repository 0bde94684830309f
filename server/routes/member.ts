import type { FastifyInstance } from 'fastify'
import { ORDER_STATUS } from '../../src/contract/constants'
import type { CardProduct, Shop, UserCard, UserCoupon } from '../../src/contract/member'
import type { DB } from '../db'
import { BizError, defineRoute, requireUser } from '../http'
import { cancelOrder, findOwnOrder, toOrderInfo } from '../orders'
import { dayjs, fmt, nowText } from '../time'
import { userInfo } from './account'

const SHOP_SELECT = `SELECT s.id, s.name, s.class_id, c.name AS class_name, s.city_id, s.address, s.phone, s.hours, s.rating, s.discount_rate, s.image, s.intro, s.lat, s.lng
  FROM shops s JOIN business_classes c ON c.id = s.class_id`

interface CardRow {
  id: number
  card_no: string
  name: string
  level: number
  start_at: string
  end_at: string
  member_rate: number
  benefits: string
}

const toCard = (r: CardRow, now = nowText()): UserCard => ({ ...r, benefits: JSON.parse(r.benefits) as string[], active: r.start_at <= now && r.end_at > now })

const COUPON_SELECT = `SELECT uc.id, uc.coupon_id, c.title, c.amount, c.min_spend, c.shop_id, c.kind, uc.status, uc.expires_at FROM user_coupons uc JOIN coupons c ON c.id = uc.coupon_id`

export function memberRoutes(app: FastifyInstance, db: DB): void {
  const myCards = (userId: number): UserCard[] =>
    (
      db
        .prepare('SELECT uc.id, uc.card_no, p.name, p.level, uc.start_at, uc.end_at, p.member_rate, p.benefits FROM user_cards uc JOIN card_products p ON p.id = uc.card_product_id WHERE uc.user_id = ? ORDER BY uc.end_at DESC')
        .all(userId) as CardRow[]
    ).map((r) => toCard(r))

  defineRoute(app, db, 'personal.user/info', { auth: true }, ({ user }) => {
    const uid = requireUser(user).id
    const row = db.prepare('SELECT id, phone, nickname, avatar, referrer_id FROM users WHERE id = ?').get(uid) as Parameters<typeof userInfo>[0]
    const cards = myCards(uid)
    const count = (statuses: number[]) =>
      (db.prepare(`SELECT COUNT(*) AS n FROM orders WHERE user_id = ? AND status IN (${statuses.map(() => '?').join(',')})`).get(uid, ...statuses) as { n: number }).n
    return {
      user: userInfo(row),
      card: cards.find((c) => c.active) ?? null,
      order_counts: {
        unpaid: count([ORDER_STATUS.UNPAID]),
        paid: count([ORDER_STATUS.PAID, ORDER_STATUS.ACCEPTED, ORDER_STATUS.DELIVERING]),
        completed: count([ORDER_STATUS.COMPLETED]),
        refund: count([ORDER_STATUS.REFUNDING, ORDER_STATUS.REFUNDED]),
      },
    }
  })

  defineRoute(app, db, 'personal.order/cancel', { auth: true }, ({ input, user }) => {
    const uid = requireUser(user).id
    cancelOrder(db, app.payProvider, findOwnOrder(db, uid, input.id))
    return { info: toOrderInfo(db, findOwnOrder(db, uid, input.id)) }
  })

  defineRoute(app, db, 'hui_public.card/index', { auth: false }, () => ({
    list: (db.prepare('SELECT id, name, level, price, days, member_rate, benefits FROM card_products ORDER BY level').all() as Array<Omit<CardProduct, 'benefits'> & { benefits: string }>).map((c) => ({
      ...c,
      benefits: JSON.parse(c.benefits) as string[],
    })),
  }))

  defineRoute(app, db, 'personal.card/index', { auth: true }, ({ user }) => ({ list: myCards(requireUser(user).id) }))

  defineRoute(app, db, 'hui_shanghu.shop/index', { auth: false }, ({ input }) => {
    const where = ['s.is_oil = 0']
    const args: Array<string | number> = []
    if (input.class_id) {
      where.push('s.class_id = ?')
      args.push(input.class_id)
    }
    if (input.city_id) {
      where.push('s.city_id = ?')
      args.push(input.city_id)
    }
    if (input.keyword) {
      where.push("s.name LIKE ? ESCAPE '\\'")
      args.push(`%${input.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
    }
    const sqlWhere = where.join(' AND ')
    const total = (db.prepare(`SELECT COUNT(*) AS n FROM shops s WHERE ${sqlWhere}`).get(...args) as { n: number }).n
    const list = db.prepare(`${SHOP_SELECT} WHERE ${sqlWhere} ORDER BY s.discount_rate ASC, s.id LIMIT ? OFFSET ?`).all(...args, input.page_size, (input.page - 1) * input.page_size) as Shop[]
    return { list, total, page: input.page, page_size: input.page_size }
  })

  defineRoute(app, db, 'hui_shanghu.shop/read', { auth: false }, ({ input }) => {
    const info = db.prepare(`${SHOP_SELECT} WHERE s.id = ?`).get(input.id) as Shop | undefined
    if (!info) throw new BizError('商家不存在')
    return { info }
  })

  defineRoute(app, db, 'personal.coupon/index', { auth: true }, ({ input, user }) => {
    const uid = requireUser(user).id
    const now = nowText()
    const cond =
      input.tab === 'available'
        ? { sql: "uc.status IN ('available', 'locked') AND uc.expires_at > ?", args: [now] }
        : input.tab === 'used'
          ? { sql: "uc.status = 'used'", args: [] }
          : { sql: "uc.status IN ('available', 'expired') AND uc.expires_at <= ?", args: [now] }
    const total = (db.prepare(`SELECT COUNT(*) AS n FROM user_coupons uc WHERE uc.user_id = ? AND ${cond.sql}`).get(uid, ...cond.args) as { n: number }).n
    const rows = db.prepare(`${COUPON_SELECT} WHERE uc.user_id = ? AND ${cond.sql} ORDER BY uc.expires_at LIMIT ? OFFSET ?`).all(uid, ...cond.args, input.page_size, (input.page - 1) * input.page_size) as UserCoupon[]
    const list = rows.map((r) => (input.tab === 'expired' ? { ...r, status: 'expired' as const } : r))
    return { list, total, page: input.page, page_size: input.page_size }
  })

  defineRoute(app, db, 'hui_public.coupon/index', { auth: false }, ({ input, user }) => {
    const rows = (
      input.shop_id
        ? db.prepare('SELECT id, title, amount, min_spend, shop_id, kind FROM coupons WHERE shop_id IS NULL OR shop_id = ? ORDER BY amount DESC').all(input.shop_id)
        : db.prepare('SELECT id, title, amount, min_spend, shop_id, kind FROM coupons ORDER BY amount DESC').all()
    ) as Array<{ id: number; title: string; amount: number; min_spend: number; shop_id: number | null; kind: string | null }>
    const mine = new Set(user ? (db.prepare('SELECT coupon_id FROM user_coupons WHERE user_id = ?').all(user.id) as Array<{ coupon_id: number }>).map((r) => r.coupon_id) : [])
    return { list: rows.map((r) => ({ ...r, claimed: mine.has(r.id) })) }
  })

  defineRoute(app, db, 'personal.coupon/claim', { auth: true }, ({ input, user }) => {
    const uid = requireUser(user).id
    const coupon = db.prepare('SELECT id, valid_days FROM coupons WHERE id = ?').get(input.coupon_id) as { id: number; valid_days: number } | undefined
    if (!coupon) throw new BizError('优惠券不存在')
    // One of each coupon per shopper; a double tap claims once.
    const id = db.transaction(() => {
      if (db.prepare('SELECT id FROM user_coupons WHERE user_id = ? AND coupon_id = ?').get(uid, coupon.id)) throw new BizError('已领取过该优惠券')
      return db.prepare("INSERT INTO user_coupons (user_id, coupon_id, status, expires_at) VALUES (?, ?, 'available', ?)").run(uid, coupon.id, fmt(dayjs().add(coupon.valid_days, 'day'))).lastInsertRowid
    })()
    return { coupon: db.prepare(`${COUPON_SELECT} WHERE uc.id = ?`).get(id) as UserCoupon }
  })
}
