import { z } from 'zod'
import { Phone, ShortText } from './common'

export const SmsPayload = z.object({ phone: Phone, scene: z.enum(['bind', 'shopRegister']).default('bind') })
export const SmsAnswer = z.object({ expires_in: z.number().int(), resend_in: z.number().int() })

export const BindPayload = z.object({
  phone: Phone,
  code: z.string({ required_error: 'code is required' }).regex(/^\d{6}$/, 'code must be 6 digits'),
  /** weapp: the Taro.login code. */
  wx_code: ShortText('wx_code', 128).optional(),
  /** H5 inside WeChat: the official-account openid. */
  openid: ShortText('openid', 128).optional(),
  share_user_user_id: z.union([z.string(), z.number()]).optional(),
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

export const OpenIdPayload = z.object({ code: ShortText('code', 128).min(1, 'code is required') })
export const OpenIdAnswer = z.object({ openid: z.string() })
