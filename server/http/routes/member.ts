import type { Q } from '../../storage/query'
import type { FastifyInstance } from 'fastify'
import { pointOf, type GeoPoint } from '../../../src/contract/geo'
import type { UserCard } from '../../../src/contract/member'
import { toUserCard } from '../../domain/cards'
import { claimableCoupons, claimCoupon } from '../../domain/coupons'
import { ORDER_TAB_STATUSES } from '../../../src/contract/orderQueries'
import { defineRoute, refuse, requireUser } from '../envelope'
import * as cards from '../../storage/repo/cards'
import * as coupons from '../../storage/repo/coupons'
import * as orders from '../../storage/repo/orders'
import * as shops from '../../storage/repo/shops'
import * as users from '../../storage/repo/users'
import { couponIn, named, nicknameIn } from '../../domain/names'
import type { ApiLang } from '../../../src/contract/common'
import type { UserCardRow } from '../../storage/repo/cards'
import type { UserRow } from '../../storage/repo/users'
import { nowText } from '../../time'
import { userInfo } from './account'
import { shopperView } from '../../domain/store/profile'
import { shopperProfileRow } from '../../storage/repo/shopProfile'

/** A card named in the shopper's language (its state from server/domain/cards.ts). */
const toCard = (r: UserCardRow, lang: ApiLang, now = nowText()): UserCard => {
  const card = toUserCard(r, now)
  return { ...card, name: named(lang, card.name), benefits: card.benefits.map((b) => named(lang, b)) }
}
/** The shopper's point of a GeoQuery: both halves or neither (one alone is a mistake, not "no location"). */
function geoOf(q: { lat?: number; lng?: number }): GeoPoint | null {
  if ((q.lat === undefined) !== (q.lng === undefined)) throw refuse('invalid_request', { detail: 'lat and lng go together' })
  return pointOf(q)
}
/** A shop with its business class named in the shopper's language. */
const shopIn = <S extends { class_name: string }>(lang: ApiLang, s: S): S => ({ ...s, class_name: named(lang, s.class_name) })

export function memberRoutes(app: FastifyInstance, db: Q): void {
  const myCards = async (userId: number, lang: ApiLang): Promise<UserCard[]> => (await cards.cardsOf(db, userId)).map((r) => toCard(r, lang))

  defineRoute(app, db, 'personal.user/info', async ({ user, lang }) => {
    const uid = requireUser(user).id
    const row = (await users.userById(db, uid)) as UserRow
    const count = (tab: 'unpaid' | 'paid' | 'completed' | 'refund') => orders.countInStatuses(db, uid, ORDER_TAB_STATUSES[tab] as readonly number[])
    return {
      user: { ...(await userInfo(db, row)), nickname: nicknameIn(lang, row.nickname) },
      card: (await myCards(uid, lang)).find((c) => c.active) ?? null,
      order_counts: { unpaid: await count('unpaid'), paid: await count('paid'), completed: await count('completed'), refund: await count('refund') },
    }
  })

  defineRoute(app, db, 'hui_public.card/index', async ({ lang }) => ({
    list: (await cards.cardProducts(db)).map((c) => ({ ...c, name: named(lang, c.name), benefits: (JSON.parse(c.benefits) as string[]).map((b) => named(lang, b)) })),
  }))

  defineRoute(app, db, 'personal.card/index', async ({ user, lang }) => ({ list: await myCards(requireUser(user).id, lang) }))

  defineRoute(app, db, 'hui_shanghu.shop/index', async ({ input, lang }) => {
    const { list, total } = await shops.shopPage(db, input, input.page_size, (input.page - 1) * input.page_size, geoOf(input))
    return { list: list.map((s) => shopIn(lang, s)), total, page: input.page, page_size: input.page_size }
  })

  defineRoute(app, db, 'hui_shanghu.shop/read', async ({ input, lang }) => {
    const info = await shops.shopById(db, input.id, geoOf(input))
    if (!info) throw refuse('shop_not_found')
    const row = await shopperProfileRow(db, input.id)
    return { info: shopIn(lang, info), ...(row ? { profile: shopperView(row) } : {}) }
  })

  defineRoute(app, db, 'personal.coupon/index', async ({ input, user, lang }) => {
    const uid = requireUser(user).id
    const { rows, total } = await coupons.userCouponPage(db, uid, input.tab, nowText(), input.page_size, (input.page - 1) * input.page_size)
    const list = rows.map((r) => couponIn(lang, input.tab === 'expired' ? { ...r, status: 'expired' as const } : r))
    return { list, total, page: input.page, page_size: input.page_size }
  })

  // Coupons to claim (issue 44: a shop's own, with its quantity, per-person limit and window; server/domain/coupons.ts).
  defineRoute(app, db, 'hui_public.coupon/index', ({ input, user, lang }) => claimableCoupons(db, lang, user?.id ?? null, input.shop_id))

  // One more of a coupon, within its per-person limit (a double tap or a race claims one place once).
  defineRoute(app, db, 'personal.coupon/claim', async ({ input, user, lang }) => ({ coupon: await claimCoupon(db, lang, requireUser(user).id, input.coupon_id) }))
}
