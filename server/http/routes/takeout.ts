import type { Q } from '../../storage/query'
import type { FastifyInstance } from 'fastify'
import type { ApiLang } from '../../../src/contract/common'
import { pointOf, type GeoPoint } from '../../../src/contract/geo'
import type { TakeoutShop } from '../../../src/contract/takeout'
import { defineRoute, refuse, requireUser } from '../envelope'
import { findOwnOrder, shownRow, toOrderInfo } from '../../domain/orders'
import type { PayProviders } from '../../domain/pay/providers'
import { deliveryPoint } from '../../domain/address/districtCentres'
import * as addresses from '../../storage/repo/addresses'
import * as cards from '../../storage/repo/cards'
import type { OrderRow } from '../../storage/repo/orders'
import * as orders from '../../storage/repo/orders'
import * as repo from '../../storage/repo/takeout'
import { actionsOf, requireStaff, storeGivenReason, toStoreOrder, type Staff } from '../../domain/store/store'
import {
  acceptTakeout,
  cancelTakeout,
  confirmTakeout,
  deliverTakeout,
  dispatchTakeout,
  readyTakeout,
  refuseTakeout,
  shopperExtrasOf,
  takeoutViewOf,
  verifyPickup,
} from '../../domain/takeout/takeout'
import { rateTakeout, ratingView } from '../../domain/takeout/rating'
import { setDishSoldOut, setTakeoutPaused } from '../../domain/store/menu'
import { requireMember } from '../../domain/store/staff'
import { refundTimeline } from '../../domain/pay/refunds'
import { menuOf, openState, rideMinutes, settingsOf, slotsOf, summaryOf } from '../../domain/takeout/pricing'
import { fmt, nowMs, nowText } from '../../time'

const MINUTE = 60_000

/**
 * Takeout's calls (src/contract/takeoutEndpoints.ts; docs/api.md "Takeout"). Shops and menus are public (the member
 * price needs a session); the shopper's order calls need one; every store call passes requireStaff first and reads
 * or moves only its own store's takeout orders. Open / closed on the server's clock.
 */
export function takeoutRoutes(app: FastifyInstance, db: Q, providers: PayProviders, opts: { acceptMinutes: number; autoApproveHours: number }): void {
  const { acceptMinutes, autoApproveHours } = opts

  defineRoute(app, db, 'hui_public.takeout_category/index', async ({ lang }) => ({
    list: (await repo.categories(db)).map((c) => ({ id: c.id, name: lang === 'en' ? c.name_en : c.name, icon: c.icon })),
  }))

  /**
   * Open shops first, then the sort's order; ties by id so pages never repeat or skip a shop. "Nearest" needs a point:
   * without one (a city only) it falls back to the best selling, never to the ids (issue 39).
   */
  const ordered = (list: TakeoutShop[], sort: 'distance' | 'sales' | 'rating') => {
    const key = (s: TakeoutShop) => (sort === 'rating' ? -s.rating : sort === 'distance' && s.distance !== null ? s.distance : -s.monthly_sales)
    return [...list].sort((a, b) => Number(a.open.state !== 'open') - Number(b.open.state !== 'open') || key(a) - key(b) || a.id - b.id)
  }

  /**
   * Where the food goes (issue 39, docs/decisions/2026-12-06-takeout-list-by-delivery-place.md): one of the shopper's
   * own addresses (its point; an address without one reaches only shops without a radius), else the point asked
   * about, else none (a city only: no distance, no claim about delivery).
   */
  const placeOf = async (input: { address_id?: number; lat?: number; lng?: number }, user: Parameters<typeof requireUser>[0]): Promise<{ point: GeoPoint | null; judged: boolean }> => {
    if (input.address_id !== undefined) {
      const stored = await addresses.addressPoint(db, requireUser(user).id, input.address_id)
      if (!stored) throw refuse('address_not_found')
      // The point priceTakeout judges too: a map pick only within its district, else the district's centre (issue 43).
      return { point: deliveryPoint(stored).point, judged: true }
    }
    const point = pointOf(input)
    return { point, judged: point !== null }
  }
  /** Delivers to the place: its radius covers the point (a place without a point: only a shop without a radius). */
  const delivers = (row: { radius_m: number }, shop: TakeoutShop) => (shop.distance === null ? row.radius_m === 0 : shop.in_range === true)

  defineRoute(app, db, 'hui_public.takeout_shop/index', async ({ input, user }) => {
    const now = nowMs()
    const place = await placeOf(input, user)
    // With a place, only the shops that deliver there (as Meituan's list): another city's shop never sits among them.
    const rows = await repo.shopsWhere(db, place.judged ? { ...input, city_id: undefined } : input)
    let list = rows.map((r) => ({ row: r, shop: summaryOf(r, now, place.point) }))
    if (place.judged) list = list.filter(({ row, shop }) => delivers(row, shop))
    const sorted = ordered(
      list.map((x) => x.shop),
      input.sort,
    )
    const start = (input.page - 1) * input.page_size
    return { list: sorted.slice(start, start + input.page_size), total: sorted.length, page: input.page, page_size: input.page_size }
  })

  defineRoute(app, db, 'hui_public.takeout_shop/read', async ({ input }) => {
    const row = await repo.shopById(db, input.id)
    if (!row) throw refuse('shop_not_found')
    const now = nowMs()
    const shop = summaryOf(row, now, pointOf(input))
    return {
      info: {
        ...shop,
        phone: row.phone,
        intro: row.intro,
        lat: row.lat,
        lng: row.lng,
        settings: settingsOf(row),
        asap_at: shop.open.state === 'open' ? fmt(now + (row.prep_minutes + rideMinutes(shop.distance)) * MINUTE) : null,
        slots: shop.open.state === 'paused' ? [] : slotsOf(row, now, 'delivery'),
      },
    }
  })

  defineRoute(app, db, 'hui_public.takeout_shop/menu', async ({ input, user }) => {
    if (!(await repo.shopById(db, input.shop_id))) throw refuse('shop_not_found')
    const rate = user ? ((await cards.activeMemberRate(db, user.id, nowText())) ?? null) : null
    return menuOf(db, input.shop_id, rate)
  })

  defineRoute(app, db, 'hui_public.takeout/search', async ({ input, user }) => {
    const now = nowMs()
    const place = await placeOf(input, user)
    const rows = await repo.shopsWhere(db, { keyword: input.keyword, city_id: place.judged ? undefined : input.city_id })
    // A shop looked for by name is found even when it does not deliver there: after those that do, marked (in_range false).
    const judged = rows.map((r) => {
      const shop = summaryOf(r, now, place.point)
      return { shop, reaches: !place.judged || delivers(r, shop) }
    })
    const sorted = [
      ...ordered(judged.filter((x) => x.reaches).map((x) => x.shop), 'distance'),
      ...ordered(judged.filter((x) => !x.reaches).map((x) => ({ ...x.shop, in_range: false })), 'distance'),
    ]
    const start = (input.page - 1) * input.page_size
    const list = await Promise.all(sorted.slice(start, start + input.page_size).map(async (s) => ({
      ...s,
      dishes: (await repo.matchingDishes(db, s.id, input.keyword, 3)).map((d) => ({ id: d.id, name: d.name, price: d.price, image: d.image })),
    })))
    return { list, total: sorted.length, page: input.page, page_size: input.page_size }
  })

  // The shopper's takeout order ---------------------------------------------------------------------------------

  // With the refund's timeline (as personal.order/read) and the order page's extras (issue 39: the shop, money lines, order
  // again, rating). As a reader sees it: an unpaid order past its time reads as cancelled (shownRow); the sweep cancels it.
  const mine = async (lang: ApiLang, row: OrderRow) => {
    const takeout = await takeoutViewOf(db, shownRow(row), 'shopper', acceptMinutes, lang)
    const refund = row.refund_requested_at === null ? null : await refundTimeline(db, row, autoApproveHours, lang)
    return { info: { ...(await toOrderInfo(db, lang, row)), refund }, takeout, ...(await shopperExtrasOf(db, row, takeout)) }
  }
  const ownTakeoutRow = async (userId: number, id: number) => {
    const row = await findOwnOrder(db, userId, id)
    // A takeout order from before takeout had its own state (no takeout_orders row) has no takeout view.
    if (row.kind !== 'takeout' || !(await repo.takeoutOrderOf(db, row.id))) throw refuse('order_not_found')
    return row
  }

  defineRoute(app, db, 'personal.takeout/read', async ({ input, user, lang }) => mine(lang, await ownTakeoutRow(requireUser(user).id, input.id)))

  defineRoute(app, db, 'personal.takeout/cancel', async ({ input, user, lang }) => {
    const uid = requireUser(user).id
    await ownTakeoutRow(uid, input.id)
    await cancelTakeout(db, providers, uid, input.id)
    return mine(lang, (await orders.byId(db, input.id)) as OrderRow)
  })

  defineRoute(app, db, 'personal.takeout/confirm', async ({ input, user, lang }) => mine(lang, await confirmTakeout(db, requireUser(user).id, input.id)))

  defineRoute(app, db, 'personal.takeout/rate', async ({ input, user, lang }) => {
    const row = await rateTakeout(db, requireUser(user).id, input.id, input.stars, input.words)
    return mine(lang, (await orders.byId(db, row.id)) as OrderRow)
  })

  // The store's -------------------------------------------------------------------------------------------------------

  const full = async (lang: ApiLang, row: OrderRow) => ({
    info: await toStoreOrder(db, lang, row, autoApproveHours),
    takeout: await takeoutViewOf(db, row, 'store', acceptMinutes, lang),
    actions: await actionsOf(db, row.id, lang),
    rating: ratingView(await repo.ratingOf(db, row.id)),
  })
  const takeoutShopOf = async (staff: Staff) => {
    const row = await repo.shopById(db, staff.shopId)
    if (!row) throw refuse('takeout_not_offered')
    return row
  }
  const settingsAnswer = async (staff: Staff) => {
    const row = await takeoutShopOf(staff)
    return {
      shop: { id: staff.shopId, name: staff.shopName },
      settings: settingsOf(row),
      open: openState(row, nowMs()),
      accept_minutes: acceptMinutes,
      dishes: (await repo.dishesOf(db, staff.shopId)).map((d) => ({ id: d.id, category: d.category, name: d.name, price: d.price, sold_out: d.sold_out === 1 })),
    }
  }

  defineRoute(app, db, 'hui_shanghu.store_takeout/index', async ({ input, user, lang }) => {
    const staff = await requireStaff(db, user)
    const { ids, total } = await repo.storeTakeoutPage(db, staff.shopId, { status: input.status, todo: input.todo }, input.page_size, (input.page - 1) * input.page_size)
    const list = await Promise.all(ids.map(async (id) => {
      const row = (await orders.byId(db, id)) as OrderRow
      return { info: await toStoreOrder(db, lang, row, autoApproveHours), takeout: await takeoutViewOf(db, row, 'store', acceptMinutes, lang) }
    }))
    return { list, total, page: input.page, page_size: input.page_size }
  })

  defineRoute(app, db, 'hui_shanghu.store_takeout/read', async ({ input, user, lang }) => {
    const staff = await requireStaff(db, user)
    const row = await orders.byId(db, input.id)
    if (!row || row.shop_id !== staff.shopId || row.kind !== 'takeout' || !(await repo.takeoutOrderOf(db, row.id))) throw refuse('order_not_found')
    return full(lang, row)
  })

  defineRoute(app, db, 'hui_shanghu.store_takeout/accept', async ({ input, user, lang }) => full(lang, await acceptTakeout(db, await requireStaff(db, user), input.id)))

  defineRoute(app, db, 'hui_shanghu.store_takeout/refuse', async ({ input, user, lang }) => full(lang, await refuseTakeout(db, providers, await requireStaff(db, user), input.id, storeGivenReason(input))))

  defineRoute(app, db, 'hui_shanghu.store_takeout/ready', async ({ input, user, lang }) => full(lang, await readyTakeout(db, await requireStaff(db, user), input.id)))

  defineRoute(app, db, 'hui_shanghu.store_takeout/dispatch', async ({ input, user, lang }) =>
    full(lang, await dispatchTakeout(db, await requireStaff(db, user), input.id, { name: input.rider_name, phone: input.rider_phone })),
  )

  defineRoute(app, db, 'hui_shanghu.store_takeout/deliver', async ({ input, user, lang }) => full(lang, await deliverTakeout(db, await requireStaff(db, user), input.id)))

  defineRoute(app, db, 'hui_shanghu.store_takeout/verifyPickup', async ({ input, user, lang }) => full(lang, await verifyPickup(db, await requireStaff(db, user), input.code.replace(/\s/g, ''))))

  defineRoute(app, db, 'hui_shanghu.store_takeout/settings', async ({ user }) => settingsAnswer(await requireStaff(db, user)))

  // Staff may mark sold out and pause, as the owner may; each change is on the shop's history (issue 44).
  defineRoute(app, db, 'hui_shanghu.store_takeout/soldOut', async ({ input, user }) => {
    const staff = await requireMember(db, user)
    await takeoutShopOf(staff)
    await setDishSoldOut(db, staff, input.dish_id, input.sold_out)
    return settingsAnswer(staff)
  })

  defineRoute(app, db, 'hui_shanghu.store_takeout/pause', async ({ input, user }) => {
    const staff = await requireMember(db, user)
    await takeoutShopOf(staff)
    await setTakeoutPaused(db, staff, input.paused)
    return settingsAnswer(staff)
  })
}
