import type { Q } from '../../storage/query'
import type { OrderAction } from '../../../src/contract/store'
import { storeReasonIn } from '../../../src/contract/storeReasons'
import { SUBSCRIBE_EVENTS, SUBSCRIBE_MAX_TEMPLATES, type SandboxMessage, type SubscribeEvent, type SubscribeResult } from '../../../src/contract/takeoutSubscribe'
import { maskPhone } from '../store/store'
import { fmt, nowMs } from '../../time'
import * as orders from '../../storage/repo/orders'
import * as repo from '../../storage/repo/takeout'
import { listMessages } from '../../storage/repo/wechat'
import * as grants from '../../storage/repo/takeoutSubscriptions'
import { openidsOf } from '../../storage/repo/users'
import { recordMessage } from '../messages'

/**
 * Subscription messages of takeout orders (issue 25 "Live status"; docs/api.md "Subscription messages", docs/sandbox.md).
 * The shopper's one-time consents are kept per order and template (takeout_subscriptions); when the order moves — the
 * store accepts, it goes out for delivery or is ready to collect, the store or the timer refuses it — the first unused
 * consent whose template covers that move is used up and the message is recorded in the outbox (wechat_messages), in the
 * move's own transaction; it is sent after the commit (server/domain/messages.ts: WeChat's subscribe/send, or in the sandbox
 * nothing — the outbox is what GET /api/sandbox/messages lists).
 */

/** Template id per event (server/http/config.ts: TAKEOUT_TEMPLATE_ACCEPTED, _DELIVERING, _REFUSED); null: not told. */
export type TakeoutTemplates = Readonly<Record<SubscribeEvent, string | null>>

export const NO_TEMPLATES: TakeoutTemplates = { accepted: null, delivering: null, refused: null }

/** The configured templates, events in order (any two may share an id). */
export const templateList = (t: TakeoutTemplates) => SUBSCRIBE_EVENTS.flatMap((event) => (t[event] ? [{ event, template_id: t[event] as string }] : []))

/** The ids the app asks WeChat for: unique, at most three (WeChat's limit for one request). */
export const templateIds = (t: TakeoutTemplates): string[] => [...new Set(templateList(t).map((x) => x.template_id))].slice(0, SUBSCRIBE_MAX_TEMPLATES)

/**
 * Keeps the shopper's accepted templates for their order (the caller checked it is theirs): one grant per order and
 * template (a report sent twice grants once); ids not configured are ignored. Answers the order's granted template ids.
 */
export async function recordGrants(db: Q, templates: TakeoutTemplates, userId: number, orderId: number, results: ReadonlyArray<{ template_id: string; result: SubscribeResult }>): Promise<string[]> {
  const known = templateList(templates)
  for (const r of results) {
    if (r.result !== 'accept') continue
    const events = known.filter((k) => k.template_id === r.template_id).map((k) => k.event)
    if (events.length === 0) continue
    await grants.insertGrant(db, { user_id: userId, order_id: orderId, template_id: r.template_id, events: events.join(','), granted_at: nowMs() })
  }
  return grants.grantedTemplates(db, orderId, userId)
}

/** The moves a shopper is told of; others (cancelled by the shopper, delivered, picked up) send nothing. */
const EVENT_OF: Partial<Record<OrderAction['action'], SubscribeEvent>> = {
  takeout_accepted: 'accepted',
  takeout_dispatched: 'delivering',
  takeout_ready: 'delivering',
  takeout_refused: 'refused',
  takeout_auto_refused: 'refused',
}

/** WeChat's field limits: `thing` 20 characters. */
const thing = (s: string) => (Array.from(s).length > 20 ? `${Array.from(s).slice(0, 19).join('')}…` : s)
const minute = (text: string) => text.slice(0, 16)

/**
 * Called with every move of a takeout order, inside its transaction (server/domain/takeout/takeout.ts `act`): uses up the first unused
 * grant covering the move and records the message. True when a message was recorded.
 */
export async function messageOnMove(db: Q, orderId: number, action: OrderAction['action'], reason: string | null): Promise<boolean> {
  const event = EVENT_OF[action]
  if (!event) return false
  const grant = await grants.unusedGrantFor(db, orderId, event)
  if (!grant) return false
  const now = nowMs()
  if (!(await grants.useGrant(db, grant.id, now))) return false
  const row = await orders.byId(db, orderId)
  const t = await repo.takeoutOrderOf(db, orderId)
  if (!row || !t) return false
  const shop = (await repo.shopById(db, t.shop_id))?.name ?? row.title
  const note =
    event === 'accepted'
      ? `${t.mode === 'pickup' ? '预计可取' : '预计送达'} ${minute(t.promised_at).slice(5)}`
      : event === 'delivering'
        ? action === 'takeout_ready'
          ? `取餐号 ${t.pickup_no ?? ''}`.trim()
          : `骑手 ${t.rider_name ?? ''} ${t.rider_phone ? maskPhone(t.rider_phone) : ''}`.trim()
        : `${reason ? `${storeReasonIn('zh', reason)}，` : ''}已全额退款`
  const phrase = event === 'accepted' ? '商家已接单' : action === 'takeout_ready' ? '待取餐' : event === 'delivering' ? '配送中' : action === 'takeout_auto_refused' ? '超时未接单' : '商家已拒单'
  const data: SandboxMessage['data'] = {
    character_string1: { value: row.order_no },
    thing2: { value: thing(shop) },
    phrase3: { value: phrase },
    time4: { value: minute(fmt(now)) },
    thing5: { value: thing(note) },
  }
  const user = await openidsOf(db, grant.user_id)
  await recordMessage(db, { user_id: grant.user_id, order_id: orderId, touser: user?.wx_openid ?? null, template_id: grant.template_id, event, page: `pages/takeout/orderDetail?id=${orderId}`, data, at: now })
  return true
}

/** The outbox as the sandbox shows it, oldest first: one order's messages, or the latest 100 (whatever became of each). */
export async function sandboxMessages(db: Q, orderId?: number): Promise<SandboxMessage[]> {
  return (await listMessages(db, orderId)).map((m) => ({
    id: m.id,
    order_id: m.order_id,
    user_id: m.user_id,
    touser: m.touser,
    template_id: m.template_id,
    event: m.event as SandboxMessage['event'],
    page: m.page,
    data: JSON.parse(m.data) as SandboxMessage['data'],
    at: fmt(m.created_at),
  }))
}
