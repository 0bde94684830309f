import { Empty } from '../common'
import { ConfirmReceiptAnswer, GalleryAnswer, LogisticsAnswer, MallCategoryAnswer, MallProductAnswer, MallProductPage, MallProductQuery, MallSpecialAnswer, OrderIdPayload } from '../mall'
import { CartAddAnswer, CartAddPayload, CartAnswer, CartCheckPayload, CartCountAnswer, CartRemovePayload, CartSetPayload } from '../mallCart'
import { defineApi } from './define'

/**
 * The micro mall, its cart and parcels (issues 14, 24): paid as order kind `product` with `source: 'mall'`
 * (personal.order/preCreate, create). Shapes in ../mall.ts and ../mallCart.ts.
 */
export const MALL_API = defineApi({
  'hui_public.mall_category/index': {
    method: 'GET',
    auth: 'optional',
    req: Empty,
    res: MallCategoryAnswer,
    doc: 'Categories, in the order the mall shows them.',
  },
  'hui_public.mall_product/index': {
    method: 'GET',
    auth: 'optional',
    req: MallProductQuery,
    res: MallProductPage,
    doc: "Products, paged: by category, by special, or by keyword (Search's product tab).",
  },
  'hui_public.mall_product/read': {
    method: 'GET',
    auth: 'optional',
    req: OrderIdPayload,
    res: MallProductAnswer,
    doc: 'One product with its specs (each with its price, member price and stock).',
  },
  'hui_public.mall_special/read': {
    method: 'GET',
    auth: 'optional',
    req: OrderIdPayload,
    res: MallSpecialAnswer,
    doc: 'One special: banner, title, text (its products: mall_product/index with special_id).',
  },
  'hui_public.mall_gallery/index': {
    method: 'GET',
    auth: 'optional',
    req: Empty,
    res: GalleryAnswer,
    doc: 'The promotion gallery: slides, each linking to a product or a special.',
  },
  'personal.order/logistics': {
    method: 'GET',
    auth: 'required',
    req: OrderIdPayload,
    res: LogisticsAnswer,
    doc: "The shopper's parcel of one of their orders: carrier, tracking number, events newest first.",
  },
  'personal.order/confirmReceipt': {
    method: 'POST',
    auth: 'required',
    req: OrderIdPayload,
    res: ConfirmReceiptAnswer,
    doc: 'The shopper confirms a shipped parcel arrived: the order is completed.',
  },
  'personal.mall_cart/index': {
    method: 'GET',
    auth: 'required',
    req: Empty,
    res: CartAnswer,
    doc: "The shopper's cart (issue 24; ./mallCart.ts): lines grouped by store with their current price and stock.",
  },
  'personal.mall_cart/count': {
    method: 'GET',
    auth: 'required',
    req: Empty,
    res: CartCountAnswer,
    doc: "Pieces in the shopper's cart, for the cart's badge (the mall's top): one count, without reading the whole cart's lines, prices, stock and unpaid orders.",
  },
  'personal.mall_cart/add': {
    method: 'POST',
    auth: 'required',
    req: CartAddPayload,
    res: CartAddAnswer,
    doc: "Add a product's spec (the same spec again adds to its line, capped to its stock and limit).",
  },
  'personal.mall_cart/setQuantity': {
    method: 'POST',
    auth: 'required',
    req: CartSetPayload,
    res: CartAnswer,
    doc: "Set a cart line's quantity.",
  },
  'personal.mall_cart/check': {
    method: 'POST',
    auth: 'required',
    req: CartCheckPayload,
    res: CartAnswer,
    doc: 'Tick or untick lines for checkout (issue 39; the ticks stay within one store).',
  },
  'personal.mall_cart/remove': {
    method: 'POST',
    auth: 'required',
    req: CartRemovePayload,
    res: CartAnswer,
    doc: 'Remove lines from the cart.',
  },
})
