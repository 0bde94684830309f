import type { FastifyInstance } from 'fastify'
import { ORDER_STATUS } from '../../src/contract/constants'
import type { SeckillProduct } from '../../src/contract/seckill'
import type { DB } from '../db'
import { BizError, defineRoute } from '../http'
import { nowText } from '../time'

interface ProductRow {
  id: number
  session_id: number
  name: string
  image: string
  price: number
  original_price: number
  stock: number
  total_stock: number
  limit_per_user: number
  rules: string
  start_time: string
  end_time: string
}

const SELECT = `SELECT p.*, s.start_time, s.end_time FROM seckill_products p JOIN seckill_sessions s ON s.id = p.session_id`

function sessionState(start: string, end: string, now = nowText()): 'upcoming' | 'on' | 'ended' {
  if (now < start) return 'upcoming'
  return now >= end ? 'ended' : 'on'
}

function toProduct(r: ProductRow): SeckillProduct {
  const state = sessionState(r.start_time, r.end_time)
  return {
    ...r,
    images: [r.image],
    sold: r.total_stock - r.stock,
    state: state === 'on' && r.stock === 0 ? 'soldOut' : state,
  }
}

const maskName = (name: string) => (name.length <= 1 ? '*' : `${name[0]}**${name.length > 2 ? name[name.length - 1] : ''}`)

export function seckillRoutes(app: FastifyInstance, db: DB): void {
  defineRoute(app, db, 'hui_public.hsh_seckill_prod/index', { auth: false }, ({ input }) => {
    const sessions = (db.prepare('SELECT id, title, start_time, end_time FROM seckill_sessions ORDER BY start_time').all() as Array<{ id: number; title: string; start_time: string; end_time: string }>).map(
      (s) => ({ ...s, state: sessionState(s.start_time, s.end_time) }),
    )
    if (input.keyword) {
      // Search: every session, by product name.
      const like = `%${input.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
      const total = (db.prepare("SELECT COUNT(*) AS n FROM seckill_products WHERE name LIKE ? ESCAPE '\\'").get(like) as { n: number }).n
      const rows = db.prepare(`${SELECT} WHERE p.name LIKE ? ESCAPE '\\' ORDER BY p.id LIMIT ? OFFSET ?`).all(like, input.page_size, (input.page - 1) * input.page_size) as ProductRow[]
      return { sessions, list: rows.map(toProduct), total, page: input.page, page_size: input.page_size }
    }
    const sessionId = input.session_id ?? (sessions.find((s) => s.state === 'on') ?? sessions.find((s) => s.state === 'upcoming') ?? sessions[0])?.id
    const total = (db.prepare('SELECT COUNT(*) AS n FROM seckill_products WHERE session_id = ?').get(sessionId) as { n: number }).n
    const rows = db.prepare(`${SELECT} WHERE p.session_id = ? ORDER BY p.id LIMIT ? OFFSET ?`).all(sessionId, input.page_size, (input.page - 1) * input.page_size) as ProductRow[]
    return { sessions, list: rows.map(toProduct), total, page: input.page, page_size: input.page_size }
  })

  defineRoute(app, db, 'hui_public.hsh_seckill_prod/read', { auth: false }, ({ input, user }) => {
    const row = db.prepare(`${SELECT} WHERE p.id = ?`).get(input.id) as ProductRow | undefined
    if (!row) throw new BizError('商品不存在')
    const bought = user
      ? (db
          .prepare('SELECT COALESCE(SUM(quantity), 0) AS n FROM orders WHERE user_id = ? AND kind = ? AND ref_id = ? AND status NOT IN (?, ?)')
          .get(user.id, 'product', row.id, ORDER_STATUS.CANCELLED, ORDER_STATUS.REFUNDED) as { n: number }).n
      : 0
    return { info: toProduct(row), bought }
  })

  defineRoute(app, db, 'hui_public.hsh_seckill_prod/orderLog', { auth: false }, ({ input }) => {
    if (!db.prepare('SELECT id FROM seckill_products WHERE id = ?').get(input.id)) throw new BizError('商品不存在')
    const rows = db
      .prepare('SELECT u.nickname, o.quantity, o.create_time FROM orders o JOIN users u ON u.id = o.user_id WHERE o.kind = ? AND o.ref_id = ? AND o.status >= ? AND o.status <> ? ORDER BY o.id DESC LIMIT 20')
      .all('product', input.id, ORDER_STATUS.PAID, ORDER_STATUS.CANCELLED) as Array<{ nickname: string; quantity: number; create_time: string }>
    return { list: rows.map((r) => ({ nickname: maskName(r.nickname), quantity: r.quantity, time: r.create_time })) }
  })
}
