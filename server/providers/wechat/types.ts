import type { ProviderLog } from '../log'

/**
 * WeChat login and WeChat's server API, as the routes and the domain call them (issue 40; server/providers/README.md).
 * Two implementations beside each other: the sandbox's stand-ins (./sandbox.ts: made-up openids, a stand-in signature, no
 * network) and the real one (./api.ts: api.weixin.qq.com with the mini-program's and the official account's AppSecrets).
 * A server with neither refuses with a reason (wechat_login_not_configured, jssdk_not_configured, …).
 *
 * Failures: a network failure, a timeout, a 5xx or WeChat's "system busy" (-1) throws a plain Error (try again later); a
 * definite answer with an errcode throws WechatError. Nothing here ever returns or logs a session_key or an AppSecret.
 */

/** A WeChat user of one of our apps. */
export interface WechatIdentity {
  openid: string
  /** Present when the app is bound to an open-platform account (the same person across our apps). */
  unionid?: string
}

/** The one-tap phone number's outcome (the mini-program's getPhoneNumber button; the number is a mainland mobile or refused). */
export type PhoneNumberOutcome =
  | { phone: string }
  /**
   * unavailable: WeChat's quota is spent (1400001), the app may not use the feature (48001: not a verified, non-individual
   * mini-program), or the number is not a mainland mobile — the screen falls back to an SMS code. invalid_code: the code
   * was used or is older than 5 minutes (40029) — the screen asks again.
   */
  | { refused: 'unavailable' | 'invalid_code'; errcode?: number }

/** A subscription message (subscribeMessage.send): the template's fields as WeChat takes them. */
export interface SubscribeMessage {
  touser: string
  template_id: string
  page: string
  data: Record<string, { value: string }>
}

/** What became of a message: sent, or a definite end (43101: not subscribed — the consent is gone; anything else: failed). */
export type SubscribeOutcome = { state: 'sent' } | { state: 'refused' | 'failed'; errcode: number; errmsg: string }

/** The signature wx.config takes on an H5 page inside WeChat (JSSDK). */
export interface JssdkSignature {
  appId: string
  timestamp: number
  nonceStr: string
  signature: string
}

/** Each app's services: the real API's (configured), the sandbox's stand-ins, or null (neither: the routes refuse). */
export interface WechatServices {
  /** The mini-program's login (Taro.login's code → jscode2session); null: not configured. */
  readonly miniProgram: {
    session(code: string): Promise<WechatIdentity>
    phoneNumber(code: string): Promise<PhoneNumberOutcome>
    /** The mini-program code (getwxacodeunlimit) of `scene` on `page`, as PNG bytes. */
    codeImage(scene: string): Promise<Buffer | null>
    /**
     * Sends a subscription message. `log`: the logger of the request it is sent for (its onResponse hook), or the
     * process's (the sweep): server/providers/log.ts. The sandbox's stand-in writes its line there; the real one none.
     */
    subscribe(message: SubscribeMessage, log: ProviderLog): Promise<SubscribeOutcome>
  } | null
  /** The official account (H5 inside WeChat); null: not configured. */
  readonly officialAccount: {
    /** The sandbox's stand-in (its OAuth page and signature serve any page; the real one only this site's). */
    readonly standIn: boolean
    /** WeChat's authorize page for snsapi_base, coming back to `redirectUri` with `code` and `state`. */
    authorizeUrl(redirectUri: string, state: string): string
    openid(code: string): Promise<WechatIdentity>
    /** The JSSDK signature of `url` (without its #fragment). */
    jssdk(url: string): Promise<JssdkSignature>
  } | null
}

/** A definite answer of WeChat's API (errcode ≠ 0, and not "system busy"). `errmsg` is WeChat's, never a secret. */
export class WechatError extends Error {
  readonly errcode: number
  readonly errmsg: string
  constructor(errcode: number, errmsg: string, where: string) {
    super(`${where}: errcode ${errcode} ${errmsg}`)
    this.name = 'WechatError'
    this.errcode = errcode
    this.errmsg = errmsg
  }
}

/** What is kept of an access_token or jsapi_ticket so that every process shares it (server/storage/repo/wechat.ts). */
export type TokenKind = 'access_token' | 'jsapi_ticket'
export interface TokenRow {
  value: string | null
  /** Epoch ms (real time). */
  expires_at: number
  /** Epoch ms: a process refreshing it holds it until then. */
  lease_until: number
  /** Epoch ms of the last forced refresh. */
  forced_at: number
}

/**
 * The shared store (a table: every process on the database sees one value). Each take is one conditional update, so of
 * several processes at most one refreshes at a time, and at most one forces a refresh in any FORCE_GAP_MS.
 */
export interface TokenStore {
  read(appId: string, kind: TokenKind): Promise<TokenRow | undefined>
  /** Takes the refresh lease until `leaseUntil` when the value is missing or expires before `dueBefore` and no lease is held at `now`. */
  takeLease(appId: string, kind: TokenKind, now: number, leaseUntil: number, dueBefore: number): Promise<boolean>
  /** Takes a forced refresh: only while the stored value is still `stale` and the last one was forced before `forcedBefore`. */
  takeForce(appId: string, kind: TokenKind, stale: string, now: number, leaseUntil: number, forcedBefore: number): Promise<boolean>
  /** Stores a fresh value; `leaseUntil` 0 frees the lease (or holds it to wait before asking again). */
  save(appId: string, kind: TokenKind, value: string, expiresAt: number, leaseUntil: number, now: number): Promise<void>
  /** Frees the lease after a failed refresh. */
  release(appId: string, kind: TokenKind): Promise<void>
}
