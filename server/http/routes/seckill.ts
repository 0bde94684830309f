import type { Q } from '../../storage/query'
import type { FastifyInstance } from 'fastify'
import type { SeckillProduct } from '../../../src/contract/seckill'
import { nicknameIn, sessionTitleIn } from '../../domain/names'
import { defineRoute, refuse } from '../envelope'
import * as orders from '../../storage/repo/orders'
import * as seckill from '../../storage/repo/seckill'
import type { FlashProductRow } from '../../storage/repo/seckill'
import { likePattern } from '../../storage/repo/shops'
import { searchTerm } from '../../../src/contract/searchWords'
import { nowText } from '../../time'

function sessionState(start: string, end: string, now = nowText()): 'upcoming' | 'on' | 'ended' {
  if (now < start) return 'upcoming'
  return now >= end ? 'ended' : 'on'
}

/** A demo product's picture has two more for its swiper (server/demo/assets.ts: product-<id>-2, -3); any other picture is the only one. */
const DEMO_PICTURE = /^(\/assets\/img\/product-\d+)\.svg$/
const picturesOf = (image: string): string[] => {
  const base = DEMO_PICTURE.exec(image)?.[1]
  return base ? [image, `${base}-2.svg`, `${base}-3.svg`] : [image]
}

/** A product as answered: its state by the server's clock now (sold out only while its session is on). */
function toProduct(r: FlashProductRow): SeckillProduct {
  const { pickup_shop_id, pickup_shop_name, pickup_shop_address, withdrawn_at: _withdrawn, ...rest } = r
  const state = sessionState(r.start_time, r.end_time)
  return {
    ...rest,
    images: picturesOf(r.image),
    sold: r.total_stock - r.stock,
    state: state === 'on' && r.stock === 0 ? 'soldOut' : state,
    pickup_shop: pickup_shop_id !== null && pickup_shop_name !== null ? { id: pickup_shop_id, name: pickup_shop_name, address: pickup_shop_address ?? '' } : null,
  }
}

const maskName = (name: string) => (name.length <= 1 ? '*' : `${name[0]}**${name.length > 2 ? name[name.length - 1] : ''}`)

export function seckillRoutes(app: FastifyInstance, db: Q): void {
  defineRoute(app, db, 'hui_public.hsh_seckill_prod/index', async ({ input, lang }) => {
    // A session's title is the system's ("08:00 场"): in the shopper's language. Product names are the merchants'.
    const sessions = (await seckill.flashSessions(db)).map((s) => ({ ...s, title: sessionTitleIn(lang, s.title), state: sessionState(s.start_time, s.end_time) }))
    const offset = (input.page - 1) * input.page_size
    if (input.keyword) {
      // Search: every session, by product name.
      const { rows, total } = await seckill.searchProductPage(db, likePattern(searchTerm(input.keyword)), input.page_size, offset)
      return { sessions, list: rows.map(toProduct), total, page: input.page, page_size: input.page_size }
    }
    const sessionId = input.session_id ?? (sessions.find((s) => s.state === 'on') ?? sessions.find((s) => s.state === 'upcoming') ?? sessions[0])?.id
    const { rows, total } = await seckill.sessionProductPage(db, sessionId, input.page_size, offset)
    return { sessions, list: rows.map(toProduct), total, page: input.page, page_size: input.page_size }
  })

  defineRoute(app, db, 'hui_public.hsh_seckill_prod/read', async ({ input, user }) => {
    const row = await seckill.flashProduct(db, input.id)
    // Taken off sale in the console: gone for shoppers (its orders still show it, server/domain/orders.ts).
    if (!row || row.withdrawn_at !== null) throw refuse('product_not_found')
    const bought = user ? (await orders.flashBought(db, user.id, row.id)) : 0
    return { info: toProduct(row), bought }
  })

  defineRoute(app, db, 'hui_public.hsh_seckill_prod/orderLog', async ({ input, lang }) => {
    if (!(await seckill.flashProductExists(db, input.id))) throw refuse('product_not_found')
    const rows = await orders.flashBuyers(db, input.id, 20)
    return { list: rows.map((r) => ({ nickname: maskName(nicknameIn(lang, r.nickname)), quantity: r.quantity, time: r.create_time })) }
  })
}
