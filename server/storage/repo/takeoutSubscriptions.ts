import type { Q } from '../query'

/**
 * A shopper's one-time consents to be told of a takeout order's moves (takeout_subscriptions: one per order and template,
 * `events` the comma-separated moves its template covers). The rules: server/domain/takeout/subscriptions.ts.
 */

/** A consent kept (a second report of the same order and template keeps the first). */
export const insertGrant = (db: Q, g: { user_id: number; order_id: number; template_id: string; events: string; granted_at: number }) =>
  db.run('INSERT INTO takeout_subscriptions (user_id, order_id, template_id, events, granted_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING', g.user_id, g.order_id, g.template_id, g.events, g.granted_at)

/** The template ids the shopper granted for the order, in the order granted. */
export const grantedTemplates = async (db: Q, orderId: number, userId: number): Promise<string[]> =>
  ((await db.all('SELECT template_id FROM takeout_subscriptions WHERE order_id = ? AND user_id = ? ORDER BY id', orderId, userId)) as Array<{ template_id: string }>).map((g) => g.template_id)

/** The order's first unused consent covering the event. */
export const unusedGrantFor = async (db: Q, orderId: number, event: string) =>
  (await db.get("SELECT id, user_id, template_id FROM takeout_subscriptions WHERE order_id = ? AND used_at IS NULL AND (',' || events || ',') LIKE ? ORDER BY id LIMIT 1", orderId, `%,${event},%`)) as
    | { id: number; user_id: number; template_id: string }
    | undefined

/** A consent used up at `now` (only if still unused); whether it was. */
export const useGrant = async (db: Q, id: number, now: number): Promise<boolean> => (await db.run('UPDATE takeout_subscriptions SET used_at = ? WHERE id = ? AND used_at IS NULL', now, id)).changes === 1
