/**
 * Takeout (issue 25), in the seed's naming style: shops and menus (public; the member price needs a session),
 * the shopper's takeout order (its takeout view, cancel before acceptance, confirm delivery) and the store's
 * takeout calls (accept, refuse, ready, dispatch, deliver, verify a pickup code, sold out, pause, settings).
 * Paid as order kind `takeout` (personal.order/preCreate, create; ./order.ts TakeoutPayload).
 *
 * Their own table, not ENDPOINTS: the app's request client imports ENDPOINTS on Home's first load, and these
 * calls are made only by the takeout sub-package and the store workbench. Shapes are in ./takeout.ts.
 * Runtime values (no zod): the client imports this file for real.
 */
// The table is generated from the definitions in ./api/takeout.ts (`npm run gen:api`): method, sign-in, shapes and docs are there.
export { TAKEOUT_ENDPOINTS, type TakeoutEndpointPath } from './generated/takeoutEndpoints'

/** How a takeout order reaches the shopper. */
export const TAKEOUT_MODES = ['delivery', 'pickup'] as const
export type TakeoutMode = (typeof TAKEOUT_MODES)[number]

/** A delivered or collected takeout order can be rated for this many days after it was finished (issue 39; its delivery or collection). */
export const TAKEOUT_RATE_DAYS = 7
/** A rating's own words, at most. */
export const TAKEOUT_RATING_WORDS_MAX = 200

/** Shop list sorts. */
export const TAKEOUT_SORTS = ['distance', 'sales', 'rating'] as const
export type TakeoutSort = (typeof TAKEOUT_SORTS)[number]

/** A paid takeout order no store accepts within this many minutes is refused by the timer (server: TAKEOUT_ACCEPT_MINUTES). */
export const TAKEOUT_ACCEPT_MINUTES_DEFAULT = 5

/** Subscription messages (./takeoutSubscribe.ts): the moves a shopper can be told of, each with its own template id. */
export const SUBSCRIBE_EVENTS = ['accepted', 'delivering', 'refused'] as const
export type SubscribeEvent = (typeof SUBSCRIBE_EVENTS)[number]
/** WeChat's answer per template id (requestSubscribeMessage): only `accept` grants a message. */
export const SUBSCRIBE_RESULTS = ['accept', 'reject', 'ban', 'filter'] as const
export type SubscribeResult = (typeof SUBSCRIBE_RESULTS)[number]
/** WeChat takes at most three template ids in one request. */
export const SUBSCRIBE_MAX_TEMPLATES = 3

/** A time slot as the shopper picks it and the payload carries it: business wall time "YYYY-MM-DD HH:mm". */
export const SLOT_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/

/**
 * Live status (issue 25): two NDJSON streams, not in TAKEOUT_ENDPOINTS (they do not answer one JSON envelope; the
 * request client does not send them — src/hooks/useLiveChanges.ts opens them through src/platform/stream). GET, the
 * token in the Access-Token header only. Lines: src/contract/takeout.ts TakeoutLiveEvent. docs/api.md "Live status".
 */
export const TAKEOUT_WATCH = {
  /** One of the shopper's own takeout orders (`?id=`). */
  order: 'personal.takeout/watch',
  /** Any takeout order of the staff member's store. */
  store: 'hui_shanghu.store_takeout/watch',
} as const

/** The streams' limits (server defaults; server/http/routes/takeoutLive.ts takes others for tests). */
export const TAKEOUT_LIVE_DEFAULTS = {
  /** The server ends a stream after this long (under WeChat's 60 s request limit); the client opens the next. */
  streamMs: 50_000,
  /** A heartbeat line this often, so proxies and the client see the stream is alive. */
  heartbeatMs: 15_000,
  /** One check of the database for every open stream of the process, this often (SQLite; on PostgreSQL the database announces changes: server/http/routes/takeoutLive.ts). */
  tickMs: 500,
  /** Open streams one user may hold at once (tabs, pages). */
  perUser: 4,
  /** Open streams one server process holds at most. */
  perProcess: 500,
  /**
   * Of perProcess, kept for the stores' streams (issue 43): the shoppers' streams together take at most
   * perProcess − storeReserve, so however many shoppers (or throwaway accounts) watch, every store can still open its list's.
   */
  storeReserve: 100,
  /** Open streams from one client address (the request's address, TRUST_PROXY deciding which: 5 % of the process's). */
  perAddress: 25,
  /** Open streams of one shop's staff together. */
  perShop: 20,
} as const
