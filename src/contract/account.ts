import { z } from 'zod'
import { COMMON_REQUEST, oneLine, Phone, ShortText } from './common'
import { ORDER_KINDS } from './constants'

export const SmsPayload = z.object({ phone: Phone, scene: z.enum(['bind', 'shopRegister']).default('bind') })
export const SmsAnswer = z.object({ expires_in: z.number().int(), resend_in: z.number().int() })

export const BindPayload = z.object({
  phone: Phone,
  code: z.string({ required_error: 'code is required' }).regex(/^\d{6}$/, 'code must be 6 digits'),
  /** weapp: the Taro.login code. */
  wx_code: ShortText('wx_code', 128).optional(),
  /** H5 inside WeChat: the official-account openid. */
  openid: ShortText('openid', 128).optional(),
  share_user_user_id: z.union([oneLine(z.string()), z.number()]).optional(),
  /** The privacy notice version the shopper agreed to before the phone number was sent. */
  privacy_version: ShortText('privacy_version', 32).optional(),
})

/**
 * The mini-program's one-tap phone number (issue 40): the getPhoneNumber button's single-use code (valid 5 minutes), the
 * Taro.login code for the openid, and what bind takes besides. The server asks WeChat for the number.
 */
export const PhoneLoginPayload = z.object({
  phone_code: ShortText('phone_code', 128).min(1, 'phone_code is required'),
  wx_code: ShortText('wx_code', 128).optional(),
  share_user_user_id: COMMON_REQUEST.share_user_user_id,
  privacy_version: ShortText('privacy_version', 32).optional(),
})

export const UserInfo = z.object({
  id: z.number().int(),
  phone: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  referrer_id: z.number().int().nullable(),
  userIds: z.object({ userIdAgent: z.number().int().nullable(), userIdBuss: z.number().int().nullable(), storeId: z.number().int().nullable() }),
})
export type UserInfo = z.infer<typeof UserInfo>

export const BindAnswer = z.object({ token: z.string(), expires_at: z.string(), user: UserInfo })
export type BindAnswer = z.infer<typeof BindAnswer>

export const AuthUrlPayload = z.object({ redirect: ShortText('redirect', 500).regex(/^\//, 'redirect must be a path of this site') })
export const AuthUrlAnswer = z.object({ url: z.string() })

/** Back from the official account's OAuth: its code and the `state` the server signed (getWxAuthCodeUrl). */
export const OpenIdPayload = z.object({ code: ShortText('code', 128).min(1, 'code is required'), state: ShortText('state', 128).optional() })
export const OpenIdAnswer = z.object({ openid: z.string() })

/** Logout: revokes the token sent with the call (always succeeds, so an expired token can log out too). */
export const LogoutAnswer = z.object({ revoked: z.boolean() })
export type LogoutAnswer = z.infer<typeof LogoutAnswer>

/** One signed-in device: a token of this shopper that has not expired or been revoked. */
export const SessionInfo = z.object({
  id: z.number().int(),
  /** The session of the token that asks. */
  current: z.boolean(),
  /** What the device said it was when it logged in (platform and browser), for the shopper to recognise it. */
  device: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
})
export type SessionInfo = z.infer<typeof SessionInfo>
export const SessionListAnswer = z.object({ list: z.array(SessionInfo) })
export type SessionListAnswer = z.infer<typeof SessionListAnswer>
export const EndSessionPayload = z.object({ id: z.number({ invalid_type_error: 'id must be a number' }).int().positive() })
export const EndSessionAnswer = z.object({ ended: z.boolean() })

/** Account deletion: `confirm` must be the literal true (a deliberate second step on the client). */
export const DeleteAccountPayload = z.object({ confirm: z.literal(true, { errorMap: () => ({ message: 'confirm must be true' }) }) })
export const DeleteAccountAnswer = z.object({ deleted: z.boolean() })

/**
 * An order that stops the account from being deleted: the refusal `account_has_open_orders` lists them in
 * `data.orders`, newest first (docs/api.md `personal.user/delete`), so the app can link each one.
 */
export const DeletionBlocker = z.object({
  id: z.number().int(),
  order_no: z.string(),
  kind: z.enum(ORDER_KINDS),
  title: z.string(),
  /** 10 paid (to collect or ship; takeout within a day of paying), 20 accepted, 30 delivering, 60 refunding. */
  order_status: z.number().int(),
  pay_amount: z.number().int(),
  create_time: z.string(),
})
export type DeletionBlocker = z.infer<typeof DeletionBlocker>
/** The refusal's data, and personal.user/deletionCheck's answer (the same list, asked before deleting: issue 39). */
export const DeletionRefusalData = z.object({ orders: z.array(DeletionBlocker) })
export type DeletionRefusalData = z.infer<typeof DeletionRefusalData>
