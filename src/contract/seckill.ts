import { z } from 'zod'
import { Id, oneLine } from './common'
import { PageQuery, pagedOf } from './paging'

export const SeckillSession = z.object({ id: z.number().int(), title: z.string(), start_time: z.string(), end_time: z.string(), state: z.enum(['upcoming', 'on', 'ended']) })
export type SeckillSession = z.infer<typeof SeckillSession>
export const SeckillProduct = z.object({
  id: z.number().int(),
  session_id: z.number().int(),
  name: z.string(),
  image: z.string(),
  images: z.array(z.string()),
  price: z.number().int(),
  original_price: z.number().int(),
  stock: z.number().int(),
  total_stock: z.number().int(),
  sold: z.number().int(),
  limit_per_user: z.number().int(),
  rules: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  state: z.enum(['upcoming', 'on', 'ended', 'soldOut']),
  /** Where it is collected (a flash-sale product is picked up at its store with the order's code); null: none set. */
  pickup_shop: z.object({ id: z.number().int(), name: z.string(), address: z.string() }).nullable(),
})
export type SeckillProduct = z.infer<typeof SeckillProduct>

export const SeckillListQuery = PageQuery.extend({ session_id: Id.optional(), keyword: oneLine(z.string().trim()).max(30, 'keyword is too long').optional() })
export const SeckillListAnswer = pagedOf(SeckillProduct).extend({ sessions: z.array(SeckillSession) })
export const SeckillReadPayload = z.object({ id: Id })
export const SeckillReadAnswer = z.object({ info: SeckillProduct, bought: z.number().int() })
export const OrderLogAnswer = z.object({ list: z.array(z.object({ nickname: z.string(), quantity: z.number().int(), time: z.string() })) })
export type SeckillListAnswer = z.infer<typeof SeckillListAnswer>
