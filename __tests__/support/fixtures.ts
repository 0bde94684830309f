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
