import type { Q } from '../query'
import { ORDER_STATUS } from '../../../src/contract/constants'

export interface ShipmentRow {
  order_id: number
  carrier: string
  tracking_no: string
  /** ms, on the carrier's clock. */
  shipped_at: number
  shipped_by: number | null
}

export const shipmentOf = async (db: Q, orderId: number) => (await db.get('SELECT * FROM shipments WHERE order_id = ?', orderId)) as ShipmentRow | undefined

/** false when the order has a shipment already (one parcel per order). */
export const insertShipment = async (db: Q, s: ShipmentRow): Promise<boolean> =>
  (await db.run('INSERT INTO shipments (order_id, carrier, tracking_no, shipped_at, shipped_by) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING', s.order_id, s.carrier, s.tracking_no, s.shipped_at, s.shipped_by)).changes === 1

export const storedEvents = async (db: Q, orderId: number) => (await db.all('SELECT state, at FROM parcel_events WHERE order_id = ? ORDER BY at', orderId)) as Array<{ state: string; at: number }>

export const storeEvent = (db: Q, orderId: number, state: string, at: number) => db.run('INSERT INTO parcel_events (order_id, state, at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING', orderId, state, at)

/** Parcels still moving or waiting for the shopper: shipped orders not completed yet. */
export const openParcels = async (db: Q, limit: number) =>
  (await db.all('SELECT s.* FROM shipments s JOIN orders o ON o.id = s.order_id WHERE o.status IN (?, ?) ORDER BY s.shipped_at LIMIT ?', ORDER_STATUS.DELIVERING, ORDER_STATUS.REFUNDING, limit)) as ShipmentRow[]

/** Paid mall orders of a store waiting to be shipped. */
export const toShipCount = async (db: Q, shopId: number) =>
  ((await db.get("SELECT COUNT(*) AS n FROM orders o WHERE o.shop_id = ? AND o.delivery = 'ship' AND o.status = ? AND NOT EXISTS (SELECT 1 FROM shipments s WHERE s.order_id = o.id)", shopId, ORDER_STATUS.PAID)) as { n: number }).n
