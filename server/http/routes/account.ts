import crypto from 'node:crypto'
import { forgetReminders } from '../../domain/discountDay/discountDay'
import type { FastifyInstance } from 'fastify'
import type { DeletionBlocker, DeletionRefusalData, UserInfo } from '../../../src/contract/account'
import type { ApiLang } from '../../../src/contract/common'
import { IN_PROGRESS } from '../../../src/contract/orderQueries'
import type { Q } from '../../storage/query'
import { BizError, defineRoute, refuse, requireUser } from '../envelope'
import { SMS_MAX_ATTEMPTS, SMS_VALID_MS, hashToken } from '../../domain/account'
import { nicknameIn, orderTitleIn } from '../../domain/names'
import { cancelIfTradesClosed } from '../../domain/orders'
import { closeOpenTrades } from '../../domain/pay/outbox'
import type { PayProviders } from '../../domain/pay/providers'
import * as addresses from '../../storage/repo/addresses'
import * as coupons from '../../storage/repo/coupons'
import { eraseApplicationOf } from '../../storage/repo/merchantApplications'
import { eraseTracesElsewhere, flushErasure } from '../../domain/erasure'
import { withdrawInvitesOf } from '../../domain/store/staff'
import * as orders from '../../storage/repo/orders'
import * as site from '../../storage/repo/site'
import { staffShopOf } from '../../storage/repo/store'
import * as users from '../../storage/repo/users'
import type { UserRow } from '../../storage/repo/users'
import * as cart from '../../storage/repo/cart'
import { fmt, nowMs, nowText } from '../../time'
import { recordReferral } from '../../domain/referral'
import { countRequest, pruneClientLimits } from '../clientLimits'
import type { FastifyRequest } from 'fastify'
import type { SmsSender } from '../../providers/sms/types'
import { WechatError, type WechatIdentity, type WechatServices } from '../../providers/wechat/types'
import { forgetMessagesOf } from '../../storage/repo/wechat'
import { checkOauthState, makeOauthState } from '../../domain/wechatLogin'

export const SMS_RESEND_MS = 60_000
/** Codes one phone may receive in any 24 hours (a rolling window: no reset at midnight). */
export const SMS_DAILY_CAP = 10
/**
 * Codes one phone may receive in any hour (issue 40): Tencent Cloud SMS's own default for a number is 1 in 30 s, 5 an hour,
 * 10 a day — asked a 6th time within the hour it refuses (LimitExceeded.PhoneNumberOneHourLimit); here the shopper is told
 * how long to wait before a text is tried at all.
 */
export const SMS_HOURLY_CAP = 5
const HOUR_MS = 3_600_000
const DAY_MS = 86_400_000
/** Window of the per-client limit (the number is SMS_PER_CLIENT, default 5). */
export const SMS_CLIENT_WINDOW_MS = 10 * 60_000
/** Codes one client (address) may ask for in a day, over all phones (SMS_PER_CLIENT_DAY; issue 40). */
export const SMS_PER_CLIENT_DAY_DEFAULT = 50
const TOKEN_DAYS = 30

/**
 * The shopper as answered by bind and the profile. `userIds` (docs/product.md#who-may-do-what): staff of a store carry their own id
 * as userIdBuss and the store as storeId (the workbench shows for them); userIdAgent stays null (no agent role).
 */
export async function userInfo(db: Q, row: UserRow): Promise<UserInfo> {
  const shopId = (await staffShopOf(db, row.id))?.shop_id ?? null
  return {
    id: row.id,
    phone: row.phone,
    nickname: row.nickname,
    avatar: row.avatar,
    referrer_id: row.referrer_id,
    userIds: { userIdAgent: null, userIdBuss: shopId === null ? null : row.id, storeId: shopId },
  }
}

/** "H5 · Chrome / Android" from a User-Agent: enough for a shopper to recognise a device. */
export function deviceLabel(ua: string | undefined, platform: string): string {
  const s = ua ?? ''
  const wechat = /MicroMessenger|miniProgram|wechatdevtools/i.test(s) ? 'WeChat' : null
  const browser = wechat ?? (/Edg\//.test(s) ? 'Edge' : /Chrome\//.test(s) ? 'Chrome' : /Firefox\//.test(s) ? 'Firefox' : /Safari\//.test(s) ? 'Safari' : null)
  const os = /iPhone|iPad|iOS/.test(s) ? 'iOS' : /Android/.test(s) ? 'Android' : /Windows/.test(s) ? 'Windows' : /Mac OS X/.test(s) ? 'macOS' : /Linux/.test(s) ? 'Linux' : null
  const what = [browser, os].filter(Boolean).join(' / ')
  return (what ? `${platform} · ${what}` : platform).slice(0, 80)
}

/**
 * Expired sessions and login codes older than a day go; used or stale codes lose their digits at once; per-client
 * limits whose window ended go (server/http/clientLimits.ts). Every process runs it: deletes and updates of what is due.
 */
export async function pruneSessions(db: Q, now = nowMs()): Promise<{ tokens: number; codes: number }> {
  return db.transaction('serializable', async (db) => {
    const tokens = await users.deleteExpiredSessions(db, now)
    // Kept for a day (the per-phone cap counts them), but a used or stale code is no secret to keep.
    const codes = await users.deleteCodesBefore(db, now - DAY_MS)
    await users.blankCodes(db, now - SMS_VALID_MS)
    await pruneClientLimits(db, now)
    return { tokens, codes }
  })
}

export interface AccountOptions {
  /** Login codes one client may ask for in 10 minutes. */
  smsPerClient: number
  /** … and in a day (SMS_PER_CLIENT_DAY). */
  smsPerClientDay: number
  sms: SmsSender
  wechat: WechatServices
}

/** What WeChat's login answered, as the shopper is told: a used or stale code, an account WeChat holds back, or WeChat down. */
function wechatLoginFailure(error: unknown, req: FastifyRequest, where: string): never {
  if (error instanceof WechatError) {
    if (error.errcode === 40029 || error.errcode === 40163) throw refuse('wechat_code_invalid')
    if (error.errcode === 40226) throw refuse('wechat_login_refused')
    req.log.warn({ errcode: error.errcode, errmsg: error.errmsg }, `${where} refused`)
  } else {
    req.log.warn({ err: error instanceof Error ? error.message : String(error) }, `${where} failed`)
  }
  throw refuse('wechat_unavailable')
}

/** Signs the person in (a new account on first bind): used by the SMS bind and the one-tap phone number. */
interface SignIn {
  phone: string
  /** The mini-program's identity (jscode2session), when the shopper came from it. */
  miniProgram?: WechatIdentity
  /** The official account's openid (H5 inside WeChat). */
  gzhOpenid?: string
  share_user_user_id?: string | number
  privacy_version?: string
  device: string
  lang: ApiLang
  /** Inside the transaction, first: false refuses (a used SMS code). */
  claim?: (db: Q) => Promise<boolean>
}

async function signIn(db: Q, req: FastifyRequest, s: SignIn) {
  const now = nowMs()
  const { answer, created } = await db.transaction('serializable', async (db) => {
    // Used once: a second bind with the same code (even racing this one) finds it used.
    if (s.claim && !(await s.claim(db))) throw refuse('sms_code_expired')
    let user: UserRow | undefined = await users.userByPhone(db, s.phone)
    let created: { id: number; referrer: number | null } | null = null
    if (!user) {
      // The sharer is recorded once, when the shopper first binds (never themselves, never unknown ids).
      const sharer = s.share_user_user_id !== undefined ? Number(s.share_user_user_id) : NaN
      const referrer = Number.isInteger(sharer) && sharer > 0 && (await users.userExists(db, sharer)) ? sharer : null
      const id = await users.insertUser(db, {
        phone: s.phone,
        nickname: `会员${s.phone.slice(-4)}`,
        avatar: `/assets/img/avatar-${s.phone.slice(-4)}.svg`,
        referrer_id: referrer,
        created_at: nowText(),
      })
      user = (await users.userById(db, id)) as UserRow
      created = { id, referrer }
    }
    if (s.miniProgram) {
      await users.setWxOpenid(db, user.id, s.miniProgram.openid)
      if (s.miniProgram.unionid) await users.setWxUnionid(db, user.id, s.miniProgram.unionid)
    }
    if (s.gzhOpenid) await users.setGzhOpenid(db, user.id, s.gzhOpenid)
    if (s.privacy_version) await users.setPrivacyConsent(db, user.id, s.privacy_version, nowText())
    const token = crypto.randomBytes(32).toString('base64url')
    const expires = now + TOKEN_DAYS * DAY_MS
    await users.insertSession(db, { hash: hashToken(token), user_id: user.id, expires_at: expires, created_at: now, device: s.device })
    return { answer: { token, expires_at: new Date(expires).toISOString(), user: { ...(await userInfo(db, user)), nickname: nicknameIn(s.lang, user.nickname) } }, created }
  })
  // The referral contest (server/domain/referral.ts): recorded after the account's commit; pending until the account's first paid order. users.referrer_id keeps the sharer.
  // The bind has committed: a failure here is logged, and the shopper still gets the session the bind made.
  if (created) {
    try {
      await recordReferral(db, created.id, created.referrer, s.phone, now)
    } catch (error) {
      req.log.error({ err: error, user_id: created.id, referrer_id: created.referrer }, 'referral not recorded after the bind')
    }
  }
  return answer
}

export function accountRoutes(app: FastifyInstance, db: Q, opts: AccountOptions): void {
  const { sms, wechat } = opts
  const smsLimit = {
    max: opts.smsPerClient,
    timeWindow: SMS_CLIENT_WINDOW_MS,
    refusal: (seconds: number) => refuse('sms_too_frequent', { minutes: Math.ceil(seconds / 60) }),
  }
  defineRoute(app, db, 'Captcha/sendSmsCaptcha', { rateLimit: smsLimit }, async ({ input, req }) => {
    // No sender: refused with its reason, no code kept — never "ok" for a text nobody sends (issue 40). The sandbox's
    // sender logs the code; a production server needs a real one (server/providers/sms, SMS_PROVIDER).
    if (sms.name === 'none') throw refuse('sms_not_configured')
    const now = nowMs()
    // The client's day (issue 40): besides SMS_PER_CLIENT in 10 minutes (the route's rate limit), at most
    // SMS_PER_CLIENT_DAY a day from one address, over all phones — counted in the database, so over every process.
    if ((await countRequest(db, `sms-day ${req.ip}`, DAY_MS, now)).current > opts.smsPerClientDay) throw refuse('sms_client_daily_limit')
    // The phone's resend wait, daily and hourly caps, checked and the code recorded in one IMMEDIATE transaction: sends for
    // one phone in flight at once in several processes cannot all pass the checks (docs/multi-process.md).
    const code = await db.transaction('serializable', async (db) => {
      const lastAt = await users.lastCodeAt(db, input.phone)
      if (lastAt !== undefined && now - lastAt < SMS_RESEND_MS) {
        throw refuse('sms_resend_wait', { seconds: Math.ceil((SMS_RESEND_MS - (now - lastAt)) / 1000) })
      }
      if ((await users.codesSince(db, input.phone, now - DAY_MS)) >= SMS_DAILY_CAP) throw refuse('sms_daily_limit')
      const hour = await users.codeTimesSince(db, input.phone, now - HOUR_MS)
      if (hour.length >= SMS_HOURLY_CAP) {
        // Free again when the oldest of the hour's codes is an hour old.
        const freeAt = hour[hour.length - SMS_HOURLY_CAP] + HOUR_MS
        throw refuse('sms_hourly_limit', { minutes: Math.max(1, Math.ceil((freeAt - now) / 60_000)) })
      }
      const fresh = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0')
      const id = await users.insertCode(db, { phone: input.phone, scene: input.scene, code: fresh, created_at: now })
      return { id, fresh }
    })
    // The text goes out after the commit (a call outside the database). Not sent — refused, or no answer after the
    // sender's tries — the code is voided (deleted: it neither signs in nor counts against the phone's limits) and the
    // shopper is told why; never "ok" for a text that did not go.
    let outcome: Awaited<ReturnType<SmsSender['send']>>
    try {
      outcome = await sms.send(input.phone, code.fresh, input.scene, req.log)
    } catch (error) {
      await users.voidCode(db, code.id)
      req.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'login code not texted: the SMS provider did not answer')
      throw refuse('sms_send_failed')
    }
    if ('refused' in outcome) {
      await users.voidCode(db, code.id)
      const log = outcome.refused === 'sms_send_failed' ? req.log.error.bind(req.log) : req.log.info.bind(req.log)
      log({ refused: outcome.refused, detail: outcome.detail }, 'login code not texted: the SMS provider refused')
      throw refuse(outcome.refused)
    }
    return { expires_in: SMS_VALID_MS / 1000, resend_in: SMS_RESEND_MS / 1000 }
  })

  defineRoute(app, db, 'wechat/bind', async ({ input, req, lang }) => {
    const now = nowMs()
    // A WeChat identity is believed only from WeChat (or the sandbox's stand-in); without either it is refused rather
    // than taken from the client.
    if (input.wx_code && !wechat.miniProgram) throw refuse('wechat_login_not_configured')
    if (input.openid && !wechat.officialAccount) throw refuse('wechat_login_not_configured')
    const sms = await users.latestBindCode(db, input.phone)
    if (!sms || now - sms.created_at > SMS_VALID_MS) throw refuse('sms_code_expired')
    // A guess is taken before the code is compared (a conditional update; a right one gives it back): SMS_MAX_ATTEMPTS
    // wrong guesses over all processes, however many are in flight at once.
    if (!(await users.takeAttempt(db, sms.id, SMS_MAX_ATTEMPTS))) throw refuse('sms_code_attempts')
    if (sms.code !== input.code) throw refuse('sms_code_wrong')
    await users.returnAttempt(db, sms.id)
    // The mini-program's login code → its openid (jscode2session), outside any transaction; the session key stays with WeChat.
    let miniProgram: WechatIdentity | undefined
    if (input.wx_code && wechat.miniProgram) {
      try {
        miniProgram = await wechat.miniProgram.session(input.wx_code)
      } catch (error) {
        wechatLoginFailure(error, req, 'jscode2session')
      }
    }
    return signIn(db, req, {
      phone: input.phone,
      miniProgram,
      gzhOpenid: input.openid,
      share_user_user_id: input.share_user_user_id,
      privacy_version: input.privacy_version,
      device: deviceLabel(req.headers['user-agent'], input.wx_code ? 'Mini-program' : 'H5'),
      lang,
      claim: (db) => users.useCode(db, sms.id),
    })
  })

  // The mini-program's one-tap phone number (issue 40): the getPhoneNumber button's single-use code (5 minutes) → the
  // number WeChat has verified (wxa/business/getuserphonenumber), signed in as an SMS code would. WeChat charges for each
  // success beyond its free calls and allows it only to verified, non-individual mini-programs: when it answers that the
  // quota is spent or the app may not use it — or there is no mini-program configured — the shopper is told to use an SMS
  // code (wechat_phone_unavailable: the screen falls back).
  defineRoute(app, db, 'wechat/phoneLogin', { rateLimit: smsLimit }, async ({ input, req, lang }) => {
    const mp = wechat.miniProgram
    if (!mp) throw refuse('wechat_phone_unavailable')
    let phone: string
    try {
      const outcome = await mp.phoneNumber(input.phone_code)
      if ('refused' in outcome) {
        if (outcome.refused === 'invalid_code') throw refuse('wechat_code_invalid')
        req.log.info({ errcode: outcome.errcode }, 'one-tap phone number unavailable: the shopper uses an SMS code')
        throw refuse('wechat_phone_unavailable')
      }
      phone = outcome.phone
    } catch (error) {
      if (error instanceof BizError) throw error
      wechatLoginFailure(error, req, 'getuserphonenumber')
    }
    let miniProgram: WechatIdentity | undefined
    if (input.wx_code) {
      try {
        miniProgram = await mp.session(input.wx_code)
      } catch (error) {
        wechatLoginFailure(error, req, 'jscode2session')
      }
    }
    return signIn(db, req, {
      phone,
      miniProgram,
      share_user_user_id: input.share_user_user_id,
      privacy_version: input.privacy_version,
      device: deviceLabel(req.headers['user-agent'], 'Mini-program'),
      lang,
    })
  })

  // Logout revokes the token it is sent with, on the server; an unknown or expired token is fine too.
  defineRoute(app, db, 'personal.user/logout', async ({ user }) => {
    if (!user) return { revoked: false }
    return { revoked: await users.endSession(db, user.sessionId) }
  })

  defineRoute(app, db, 'personal.user/sessions', async ({ user }) => {
    const me = requireUser(user)
    const rows = await users.liveSessionsOf(db, me.id, nowMs())
    return { list: rows.map((r) => ({ id: r.id, current: r.id === me.sessionId, device: r.device || 'H5', created_at: fmt(r.created_at || r.last_seen_at), last_seen_at: fmt(r.last_seen_at || r.created_at) })) }
  })

  // Only the shopper's own sessions: another shopper's session id is "not found".
  defineRoute(app, db, 'personal.user/endSession', async ({ input, user }) => {
    const me = requireUser(user)
    if (!(await users.endOwnSession(db, input.id, me.id))) throw refuse('session_not_found')
    return { ended: true }
  })

  // What personal.user/delete would refuse over, asked first: the screen lists these and offers no deletion while any blocks.
  defineRoute(app, db, 'personal.user/deletionCheck', async ({ user, lang }) => ({ orders: await deletionBlockers(db, lang, requireUser(user).id) }))

  defineRoute(app, db, 'personal.user/delete', async ({ user, lang }) => {
    await deleteAccount(db, app.payProviders, requireUser(user).id, lang)
    return { deleted: true }
  })

  // H5 inside WeChat (issue 40): the official account's OAuth (snsapi_base) → its openid, which WeChat Pay's JSAPI payment
  // needs. The page goes to WeChat's authorize page with a `state` the server signed (10 minutes), and comes back to the
  // same page with `code` and that state; the sandbox's stand-in page (/sandbox/oauth) comes straight back.
  defineRoute(app, db, 'wechat/getWxAuthCodeUrl', async ({ input, req }) => {
    const gzh = wechat.officialAccount
    if (!gzh) throw refuse('wechat_login_not_configured')
    return { url: gzh.authorizeUrl(`${req.protocol}://${req.host}${input.redirect}`, await makeOauthState(db)) }
  })

  defineRoute(app, db, 'wechat/getOpenID', async ({ input, req }) => {
    const gzh = wechat.officialAccount
    if (!gzh) throw refuse('wechat_login_not_configured')
    // Only a state this server made, within its time (the sandbox's page of an older app may come back without one).
    if ((input.state !== undefined || !gzh.standIn) && !(await checkOauthState(db, input.state ?? ''))) throw refuse('wechat_oauth_state_invalid')
    try {
      return { openid: (await gzh.openid(input.code)).openid }
    } catch (error) {
      wechatLoginFailure(error, req, 'oauth2/access_token')
    }
  })

  // The JSSDK signature (wx.config) for an H5 page inside WeChat: sha1 over the official account's jsapi_ticket, a nonce, the
  // time and the page's URL without its #fragment — only for this site's pages (the sandbox signs any, with a stand-in ticket).
  defineRoute(app, db, 'wechat/getJSSDKConfig', async ({ input, req }) => {
    const gzh = wechat.officialAccount
    if (!gzh) throw refuse('jssdk_not_configured')
    const url = input.url.split('#')[0]
    if (!gzh.standIn) {
      let page: URL | null = null
      try {
        page = new URL(url)
      } catch {
        page = null
      }
      // This site's host as the request named it (behind a proxy: X-Forwarded-Host with TRUST_PROXY), its default port dropped.
      const ours = page && /^https?:$/.test(page.protocol) ? new URL(`${page.protocol}//${req.host}`).host : null
      if (!page || ours !== page.host) throw refuse('jssdk_url_not_ours')
    }
    let signed: Awaited<ReturnType<typeof gzh.jssdk>>
    try {
      signed = await gzh.jssdk(url)
    } catch (error) {
      req.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'jsapi_ticket not had')
      throw refuse('wechat_unavailable')
    }
    return { jssdk: { ...signed, jsApiList: ['chooseWXPay', 'updateAppMessageShareData', 'updateTimelineShareData', 'scanQRCode', 'getLocation'] } }
  })
}

/** A paid takeout blocks deletion for this long after it was paid (takeout has no delivery step of its own yet). */
export const TAKEOUT_BLOCKS_DELETION_HOURS = 24

/**
 * An order's stored detail without what names or locates the person: a delivery address (a takeout's name,
 * phone and street; a mall parcel's `delivery.address`) and a takeout remark. What was bought and for how much stays.
 */
export function withoutPersonalData(detailText: string): string {
  let parsed: unknown
  try {
    parsed = JSON.parse(detailText)
  } catch {
    return '{}'
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return '{}'
  const { address: _address, remark: _remark, ...kept } = parsed as Record<string, unknown>
  const delivery = kept.delivery
  if (delivery && typeof delivery === 'object') kept.delivery = { ...(delivery as Record<string, unknown>), address: null }
  return JSON.stringify(kept)
}

/** The orders that stop the shopper's account from being deleted, as the refusal lists them. */
export async function deletionBlockers(db: Q, lang: ApiLang, userId: number, now = nowMs()): Promise<DeletionBlocker[]> {
  return (await orders.blockingDeletion(db, userId, IN_PROGRESS, fmt(now - TAKEOUT_BLOCKS_DELETION_HOURS * 3_600_000))).map((o) => ({
    id: o.id,
    order_no: o.order_no,
    kind: o.kind,
    title: orderTitleIn(lang, o.kind, o.title),
    order_status: o.status,
    pay_amount: o.pay_amount,
    create_time: o.create_time,
  }))
}

/**
 * Account deletion (PIPL right to erasure; docs/api.md `personal.user/delete`). Refused while an order is on
 * its way — accepted, delivering, refunding, a paid product still to be collected or shipped, a takeout paid
 * in the last day — with those orders listed, so the shopper can finish them or ask a refund first. Unpaid
 * orders are cancelled the way every cancel goes (server/domain/orders.ts cancelUnpaid): their open trades closed at the
 * provider first, outside the transaction (the outbox: a transaction may run again, a provider call must not), then in
 * the transaction cancelled only if no trade is open (cancelIfTradesClosed: stock back to its spec or flash-sale
 * product, coupon back) — a trade the provider reports paid, or one opened meanwhile, refuses the deletion
 * (delete_payment_processing). Then the person is erased: sessions, addresses, uploads, unused coupons,
 * login codes, the staff link, the cards' till secrets, a merchant application's contact (an open one
 * withdrawn); every order's copy of an address and remark and the shopper's refund reasons; job report notes and job
 * contacts, a job posting listing their phone (closed, its contact blanked); the user row keeps only its id,
 * anonymised. Then SQLite's log is emptied (server/domain/erasure.ts: nothing erased stays in the files). Orders keep what the books need
 * (order number, shop, what was bought, amounts, statuses, times), payments and refunds stay.
 */
export async function deleteAccount(db: Q, providers: PayProviders, userId: number, lang: ApiLang = 'zh'): Promise<void> {
  const refuseIfBlocked = async () => {
    const blocking = await deletionBlockers(db, lang, userId)
    if (blocking.length > 0) {
      const data: DeletionRefusalData = { orders: blocking }
      throw refuse('account_has_open_orders', { count: blocking.length }, { data })
    }
  }
  // Checked before any trade is closed (a refused deletion changes nothing at the provider), and again in the transaction.
  await refuseIfBlocked()
  for (const o of (await orders.unpaidOf(db, userId))) {
    if ((await closeOpenTrades(db, providers, o.id)) !== 'closed') throw refuse('delete_payment_processing')
  }
  await db.transaction('serializable', async (db) => {
    await refuseIfBlocked()
    for (const o of (await orders.unpaidOf(db, userId))) {
      if ((await cancelIfTradesClosed(db, o.id)) !== 'cancelled') throw refuse('delete_payment_processing')
    }
    const phone = await users.phoneOf(db, userId)
    await users.endSessionsOf(db, userId)
    await users.endStaffLink(db, userId)
    // An owner's open invites (issue 43): no link they sent out lets anyone into the shop once they are gone.
    await withdrawInvitesOf(db, userId)
    await users.dropCardSecrets(db, userId)
    await addresses.deleteAddressesOf(db, userId)
    await cart.clearOf(db, userId)
    // Discount-day reminders (issue 26): nothing is to be sent to a deleted account.
    await forgetReminders(db, userId)
    // A merchant application (issue 26): an open one withdrawn, an approved one without its contact and pictures.
    await eraseApplicationOf(db, userId)
    await site.deleteUploadsOf(db, userId)
    await orders.detachUnusedCoupons(db, userId)
    await coupons.deleteUnusedCouponsOf(db, userId)
    await users.deleteCodesOf(db, phone)
    await users.deleteSandboxTextsTo(db, phone)
    // Subscription messages (issue 40): nothing more is sent, and none keeps the openid.
    await forgetMessagesOf(db, userId, nowMs())
    for (const o of (await orders.detailsOf(db, userId))) {
      const kept = withoutPersonalData(o.detail)
      if (kept !== o.detail) await orders.setDetail(db, o.id, kept)
    }
    await orders.eraseShopperWords(db, userId)
    // Issue 43: job report notes and contacts, a posting listing their phone, the sandbox outbox's openid.
    await eraseTracesElsewhere(db, userId, phone, nowMs())
    await users.anonymise(db, userId, nowText())
  })
  // Issue 43: nothing erased stays in SQLite's files (freed bytes are zeroed; the log is emptied now).
  await flushErasure(db, nowMs())
}
