import type { Q } from '../../storage/query'
import { FUEL_MAX_CENTS, FUEL_MIN_CENTS } from '../../../src/contract/fuelEndpoints'
import type { OilFigures } from '../../../src/contract/order'
import * as shops from '../../storage/repo/shops'
import type { ShopTerms } from '../../storage/repo/shops'
import { discountsOf } from '../discount'
import { discountDayCut } from '../discountDay/discountDay'
import { fuelTerms, litresFor, memberLitrePrice } from '../fuel'
import { refuse } from '../refusal'
import { activeCardRate, type KindPayload, type KindPriced } from './kind'

/**
 * Pay a bill and fuel: the amount on the till, the shop's discount, then the card's member rate on what is left
 * (server/domain/discount.ts). A bill may have a part no discount applies to and a discount day's further cut; fuel
 * adds the litres the amount buys at the station's price of the day.
 */

async function shopOrFail(db: Q, id: number): Promise<ShopTerms> {
  const shop = await shops.shopTerms(db, id)
  if (!shop) throw refuse('shop_not_found')
  return shop
}

/** What bills and fuel share: the shop's discount and the member rate on the amount less its undiscounted part. */
function atShop(shop: ShopTerms, amount: number, undiscounted: number, rate: number | null) {
  const { discount, member } = discountsOf(amount - undiscounted, shop.discount_rate, rate)
  return { title: shop.name, original: amount, discount, member, fee: 0, shopId: shop.id, refId: null, quantity: 1, lines: [] }
}

export async function priceBill(db: Q, userId: number, p: KindPayload<'bill'>): Promise<KindPriced> {
  const shop = await shopOrFail(db, p.shop_id)
  if (shop.is_oil) throw refuse('bill_at_fuel_station')
  const undiscounted = p.undiscounted_amount ?? 0
  if (undiscounted > p.amount) throw refuse('undiscounted_over_amount')
  const rate = await activeCardRate(db, userId)
  const priced = atShop(shop, p.amount, undiscounted, rate)
  // A discount day (issue 26): a card member's bill at a shop taking part, priced on the server's business day.
  const dayCut = (await discountDayCut(db, shop.id, rate, p.amount - undiscounted - priced.discount - priced.member)) ?? undefined
  return { ...priced, detail: { undiscounted_amount: undiscounted, ...(dayCut ? { discount_day: dayCut } : {}) }, ...(dayCut ? { discountDay: dayCut } : {}) }
}

export async function priceFuel(db: Q, userId: number, p: KindPayload<'oil'>): Promise<KindPriced> {
  const shop = await shopOrFail(db, p.shop_id)
  if (!shop.is_oil) throw refuse('not_a_fuel_station')
  const rate = await activeCardRate(db, userId)
  const { litrePrice } = await fuelTerms(db, p)
  if (p.amount < FUEL_MIN_CENTS || p.amount > FUEL_MAX_CENTS) throw refuse('fuel_amount_range', { min: FUEL_MIN_CENTS / 100, max: FUEL_MAX_CENTS / 100 })
  const oil: OilFigures = { grade: p.oil_grade, pump_no: p.pump_no, litres: litresFor(p.amount, litrePrice), litre_price: litrePrice, member_litre_price: memberLitrePrice(litrePrice, shop.discount_rate, rate) }
  // Fuel has no undiscounted part (kept as 0 in the detail, as bills keep theirs).
  const detail = { oil_grade: oil.grade, pump_no: oil.pump_no, litres: oil.litres, litre_price: oil.litre_price, member_litre_price: oil.member_litre_price, undiscounted_amount: 0 }
  return { ...atShop(shop, p.amount, 0, rate), detail, oil }
}
