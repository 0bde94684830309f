import type { ORDER_TABS } from '@/contract/constants'

export type OrdersTab = (typeof ORDER_TABS)[number]

/** switchTab cannot carry a query: the tab to open on My orders is handed over here. */
let requested: OrdersTab | null = null

export function requestOrdersTab(tab: OrdersTab): void {
  requested = tab
}

export function takeRequestedOrdersTab(): OrdersTab | null {
  const tab = requested
  requested = null
  return tab
}
