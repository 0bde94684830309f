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

/**
 * Staff and invites (issue 26; shapes in ./storeStaff.ts; docs/api.md "Staff and invites"). Their own table: the
 * gate differs from STORE_ENDPOINTS' — the Staff screen's calls are the owner's (any staff member may read the
 * list), and the invite's two calls are a logged-in colleague's who is staff of no store yet.
 */
export const STORE_STAFF_ENDPOINTS = {
  /** The store's people and, for the owner, its open invites (any staff member reads it).*/
  'hui_shanghu.store_staff/index': 'GET',
  /** The owner makes a one-time invite (24 h); its code is in this answer only. */
  'hui_shanghu.store_staff/invite': 'POST',
  /**
   * The owner's open invite as a mini-program code (issue 40; WeChat's getwxacodeunlimit, scene `i=<code>`): a PNG data URL,
   * or null where there is none (the sandbox, no mini-program configured, WeChat refused) — the screen draws the link's QR code.
   */
  'hui_shanghu.store_staff/inviteCode': 'POST',
  /** The owner withdraws an open invite. */
  'hui_shanghu.store_staff/revoke': 'POST',
  /** The owner removes a staff member: their store rights end at once. */
  'hui_shanghu.store_staff/remove': 'POST',
  /** A logged-in colleague reads the invite of a link (which store, until when). */
  'hui_shanghu.store_invite/read': 'GET',
  /** ... and accepts it: staff of that store (once per invite; one store per user). */
  'hui_shanghu.store_invite/accept': 'POST',
} as const satisfies Record<string, 'GET' | 'POST'>

export type StoreStaffEndpointPath = keyof typeof STORE_STAFF_ENDPOINTS

/** The mini-program code's scene for an invite: `i=` and the 22-character code (WeChat allows 32 characters of its set). */
export const INVITE_SCENE_PREFIX = 'i='

/** The invite code a scanned mini-program code's scene carries (`i=<code>`, URL-encoded as WeChat hands it over), or ''. */
export function inviteCodeOfScene(scene: string | undefined): string {
  if (!scene) return ''
  let text = scene
  try {
    text = decodeURIComponent(scene)
  } catch {
    return ''
  }
  return text.startsWith(INVITE_SCENE_PREFIX) ? text.slice(INVITE_SCENE_PREFIX.length) : ''
}
