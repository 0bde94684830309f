/**
 * The store's calls (issue 12), in the seed's naming style: staff of one store (stored `userIds.storeId`)
 * verify redemption codes, check member card codes, read the store's orders and answer refunds.
 *
 * Their own table, not ENDPOINTS: the app's request client imports ENDPOINTS on Home's first load, and
 * these calls are made only by the store workbench (its own sub-package). The workbench looks their method
 * up here. Request/answer shapes are in ./store.ts (SCHEMAS in ./schemas.ts has them too).
 */
// The table is generated from the definitions in ./api/store.ts (`npm run gen:api`): method, sign-in, shapes and docs are there.
export { STORE_ENDPOINTS, type StoreEndpointPath } from './generated/storeEndpoints'

/**
 * Staff and invites (issue 26; shapes in ./storeStaff.ts; docs/api.md "Staff and invites"). Their own table: the
 * gate differs from STORE_ENDPOINTS' — the Staff screen's calls are the owner's (any staff member may read the
 * list), and the invite's two calls are a logged-in colleague's who is staff of no store yet.
 */
// The table is generated from the definitions in ./api/storeStaff.ts (`npm run gen:api`): method, sign-in, shapes and docs are there.
export { STORE_STAFF_ENDPOINTS, type StoreStaffEndpointPath } from './generated/storeStaffEndpoints'

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
