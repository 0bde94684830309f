import type { CartAnswer, CartChecked, CartLine, CartStore } from '@/contract/mallCart'
import type { Shop, UserCard, UserCoupon } from '@/contract/member'
import type { OrderInfo, PayparamAnswer, PriceQuote } from '@/contract/order'
import type { SeckillProduct } from '@/contract/seckill'
import type { Paged } from '@/contract/paging'

/** Demo answers shaped by the shared contract (a type error here means the contract moved). */
export const shop: Shop = {
  id: 3,
  name: '味道小馆',
  class_id: 1,
  class_name: '美食',
  city_id: 1,
  address: '福田区华强北路 8 号',
  phone: '0755-88886666',
  hours: '10:00-22:00',
  rating: 4.6,
  discount_rate: 88,
  image: '/assets/shop-3.svg',
  intro: '家常菜',
  lat: 22.54,
  lng: 114.08,
}

export const coupon: UserCoupon = { id: 7, coupon_id: 1, title: '满50减10', amount: 1000, min_spend: 5000, shop_id: null, kind: 'bill', status: 'available', expires_at: '2026-12-31 23:59:59' }

export const card: UserCard = {
  state: 'active',
  id: 5,
  card_no: '8800001234',
  name: '金卡',
  level: 2,
  start_at: '2026-11-01 00:00:00',
  end_at: '2027-11-01 00:00:00',
  active: true,
  member_rate: 95,
  benefits: ['买单 95 折'],
}

export function order(over: Partial<OrderInfo> = {}): OrderInfo {
  return {
    id: 41,
    order_no: 'OC202611220001',
    kind: 'bill',
    title: '买单',
    shop_id: 3,
    shop_name: '味道小馆',
    order_status: 10,
    original_amount: 10000,
    discount_amount: 1200,
    coupon_amount: 1000,
    fee_amount: 0,
    pay_amount: 7800,
    create_time: '2026-11-22 12:00:00',
    pay_time: '2026-11-22 12:01:00',
    expire_time: null,
    ...over,
  }
}

/** A cart with nothing in it (`count`: what the badge says). */
export const emptyCart = (count = 0): CartAnswer => ({ stores: [], count, member: false, checked: null, unpaid_orders: [] })

/** A cart line: 赣南脐橙 5 斤装 × 2, ticked, at the price (`unit_price` follows `price` unless given: no card). */
export function cartLine(over: Partial<CartLine> = {}): CartLine {
  const line: CartLine = {
    id: 1,
    product_id: 1,
    spec_id: 11,
    name: '赣南脐橙',
    spec_name: '5 斤装',
    image: '/assets/img/mall-1.svg',
    price: 3990,
    member_price: 3590,
    unit_price: 3990,
    checked: true,
    quantity: 2,
    stock: 100,
    max: 5,
    sold_out: false,
    off_sale: false,
    over_stock: false,
    pickup: true,
    ...over,
  }
  return over.unit_price === undefined ? { ...line, unit_price: line.price } : line
}

/** The cart as the server answers it for these stores (server/http/routes/cart.ts cartOf): count, the ticked lines' sum. */
export function cartAnswer(stores: CartStore[], more: Partial<Pick<CartAnswer, 'member' | 'unpaid_orders'>> = {}): CartAnswer {
  let checked: CartChecked | null = null
  for (const g of stores) {
    for (const l of g.lines) {
      if (!l.checked || (checked && checked.store_id !== g.store.id)) continue
      checked ??= { store_id: g.store.id, lines: 0, pieces: 0, amount: 0 }
      checked.lines += 1
      checked.pieces += l.quantity
      checked.amount += l.unit_price * l.quantity
    }
  }
  const count = stores.flatMap((g) => g.lines).reduce((n, l) => n + l.quantity, 0)
  return { stores, count, member: false, checked, unpaid_orders: [], ...more }
}

/** The same order before it is paid: what a payment starts from. */
export const unpaidOrder = (over: Partial<OrderInfo> = {}): OrderInfo => order({ order_status: 0, pay_time: null, ...over })

/** The server's price for a bill (87.65 payable: not what the client would compute, so a screen showing it shows the server's price). */
export function quote(over: Partial<PriceQuote> = {}): PriceQuote {
  return { kind: 'bill', title: '买单', original_amount: 10000, discount_amount: 1200, member_discount_amount: 0, coupon_amount: 0, fee_amount: 0, pay_amount: 8765, coupon_id: null, lines: [], ...over }
}

/** payparam's answer: JSAPI parameters (mini-program, WeChat browser) and the H5 cashier URL; no Alipay trade. */
export function payparam(over: Partial<PayparamAnswer> = {}): PayparamAnswer {
  return {
    pay_state: 0,
    pay_param: { payInfo: { appId: 'wx1', timeStamp: '1', nonceStr: 'n', package: 'prepay_id=p', signType: 'RSA', paySign: 's' }, pay_url: '/sandbox/cashier?t=1', tradeNO: null },
    expend: { pay_info: '' },
    ...over,
  }
}

export const product: SeckillProduct = {
  id: 9,
  session_id: 1,
  name: '奶茶两杯',
  image: '/assets/p-9.svg',
  images: [],
  price: 990,
  original_price: 3000,
  stock: 10,
  total_stock: 20,
  sold: 10,
  limit_per_user: 1,
  rules: '',
  start_time: '2026-11-22 10:00:00',
  end_time: '2026-11-22 23:00:00',
  state: 'on',
  pickup_shop: { id: 8, name: '好邻居便利', address: '南山区后海大道 66 号' },
}

export function paged<T>(list: T[], page = 1, page_size = 10, total = list.length): Paged<T> {
  return { list, total, page, page_size }
}
