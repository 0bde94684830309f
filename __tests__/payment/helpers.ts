import type { OrderInfo } from '@/contract/order'
import { transport } from '@/platform/transport'

export type Handler = (path: string, data: Record<string, unknown>) => { code: number; msg?: string; data: unknown }

/** Route the request client's transport to an in-test fake server by API path. */
export function fakeServer(handler: Handler) {
  return jest.spyOn(transport, 'send').mockImplementation(async (req) => {
    const path = req.url.replace(/^.*\/api\//, '')
    return { status: 200, body: { msg: '', ...handler(path, req.data) } }
  })
}

export const order = (over: Partial<OrderInfo> = {}): OrderInfo => ({
  id: 42,
  order_no: 'OCP42',
  kind: 'bill',
  title: 'Bill',
  shop_id: 3,
  shop_name: 'Shop',
  order_status: 0,
  original_amount: 10000,
  discount_amount: 1000,
  coupon_amount: 0,
  fee_amount: 0,
  pay_amount: 9000,
  create_time: '2026-11-22 10:00:00',
  pay_time: null,
  expire_time: null,
  points: 0,
  ...over,
})

export const payparam = (over: Record<string, unknown> = {}) => ({
  pay_state: 0,
  pay_param: { payInfo: { appId: 'wx1', timeStamp: '1', nonceStr: 'n', package: 'prepay_id=p', signType: 'RSA', paySign: 's' }, pay_url: '/sandbox/cashier?t=1', tradeNO: null },
  expend: { pay_info: '' },
  ...over,
})
