/**
 * The HTTP method of every API path (seed §7 plus the calls our screens need), the only contract
 * data the client needs at run time. Request/answer shapes are in ./schemas.ts (types only on the client).
 * Paths are relative to `/api/`.
 */
export const ENDPOINTS = {
  'personal.order/preCreate': 'POST',
  'personal.order/create': 'POST',
  'personal.order/payparam': 'POST',
  'personal.order/read': 'GET',
  'wechat/getJSSDKConfig': 'POST',
} as const satisfies Record<string, 'GET' | 'POST'>

export type EndpointPath = keyof typeof ENDPOINTS
