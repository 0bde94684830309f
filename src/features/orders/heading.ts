import type { OrderInfo } from '@/contract/order'
import type { t as translate } from './messages'

/**
 * An order named once: the shop on top and what was bought below; with no shop (a card, a flash-sale product),
 * the title alone. A bill, fuel or takeout order is titled with the shop's name (server/domain/orders.ts): what was
 * bought is then its kind (优惠买单 / 加油 / 外卖), never the name a second time.
 */
export function orderHeading(order: Pick<OrderInfo, 'kind' | 'title' | 'shop_name' | 'oil'>, t: typeof translate): { name: string; item: string | null } {
  if (!order.shop_name) return { name: order.title, item: null }
  // Fuel: grade, pump and litres (paid at the pump: no redemption code).
  if (order.kind === 'oil' && order.oil) return { name: order.shop_name, item: t('orders.oilLine', { grade: order.oil.grade, pump: order.oil.pump_no, litres: order.oil.litres.toFixed(2) }) }
  return { name: order.shop_name, item: order.title && order.title !== order.shop_name ? order.title : t(`orders.kind.${order.kind}`) }
}
