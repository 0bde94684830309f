import type { PriceQuote } from '../../../src/contract/order'
import type { TakeoutMode } from '../../../src/contract/takeoutEndpoints'
import type { AddressFields } from '../../storage/repo/addresses'

/**
 * What pricing a takeout order gives (./pricing.ts) and the order kinds' common shape carries (../pricing/kind.ts,
 * `KindPriced.takeout`): types only, so that neither of the two imports the other for them.
 */

export interface TakeoutItem {
  id: number
  name: string
  /** Unit price with the options. */
  price: number
  quantity: number
  /** The options' names ("大份、微辣"), the line's spec. */
  options: string
  option_ids: number[]
  /** The dish's picture (My orders, Order detail). */
  image: string
  /** The dish's packing fee per piece (issue 44), on top of the shop's per order. */
  packing: number
}

export interface TakeoutPriced {
  title: string
  shopId: number
  original: number
  member: number
  fee: number
  lines: PriceQuote['lines']
  /** `fees`: the delivery and packing fees apart (issue 39: OrderInfo.fees names them, the order page's money lines add them up; a pickup order's is packing only; older orders have only the sum, fee_amount). `stock_day`: the business day create takes dishes' daily stock on (issue 44). */
  detail: { items: TakeoutItem[]; address: AddressFields | null; remark: string; tableware: number; mode: TakeoutMode; distance: number | null; fees: { delivery: number; packing: number }; stock_day: string }
  quote: NonNullable<PriceQuote['takeout']>
  /** What create keeps in takeout_orders. */
  order: { mode: TakeoutMode; scheduled_for: string | null; promised_at: string; opens_at: number | null }
}
