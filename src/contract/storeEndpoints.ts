/**
 * The store's calls (issue 12), in the seed's naming style: staff of one store (stored `userIds.storeId`)
 * verify redemption codes, check member card codes, read the store's orders and answer refunds.
 *
 * Their own table, not ENDPOINTS: the app's request client imports ENDPOINTS on Home's first load, and
 * these calls are made only by the store workbench (its own sub-package). The workbench looks their method
 * up here. Request/answer shapes are in ./store.ts (SCHEMAS in ./schemas.ts has them too).
 */
export const STORE_ENDPOINTS = {
  'hui_shanghu.store/workbench': 'GET',
  'hui_shanghu.store_order/index': 'GET',
  'hui_shanghu.store_order/read': 'GET',
  'hui_shanghu.store_order/verifyPreview': 'GET',
  'hui_shanghu.store_order/verify': 'POST',
  'hui_shanghu.store_order/refundApprove': 'POST',
  'hui_shanghu.store_order/refundReject': 'POST',
  'hui_shanghu.store_card/check': 'GET',
  /** The store's own checks of member till codes (issue 23; ./tillChecks.ts). */
  'hui_shanghu.store_card/checks': 'GET',
  /** A paid mall order to be delivered goes out: carrier and tracking number (src/contract/mall.ts ShipPayload). */
  'hui_shanghu.store_order/ship': 'POST',
} as const satisfies Record<string, 'GET' | 'POST'>

export type StoreEndpointPath = keyof typeof STORE_ENDPOINTS
