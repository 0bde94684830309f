import { z } from 'zod'
import { ShortText } from './common'

/**
 * Alipay's web authorisation (issue 40): inside Alipay's browser the server needs the buyer's id to create an Alipay
 * JSAPI trade (`alipay.trade.create` → `AlipayJSBridge.call('tradePay', { tradeNO })`). `alipay/getAuthUrl` answers the
 * authorisation page (scope `auth_base`: silent, no consent screen), which comes back to `redirect` with
 * `?auth_code=…` (Alipay's name, not WeChat's `code`: ALIPAY_AUTH_CODE_PARAM in ./constants.ts); `alipay/getOpenId`
 * exchanges that code (single use) for the buyer's `open_id` — or, for an Alipay app still on user ids, its `user_id`
 * (2088 + 12 digits), which the server uses the same way. Rules: docs/api.md "Alipay's buyer identity".
 */

/** A path of this site only (no "//host", no "/\host"): the authorisation must not become an open redirect. */
export const AlipayAuthUrlPayload = z.object({ redirect: ShortText('redirect', 500).regex(/^\/(?!\/)[^\s\\]*$/, 'redirect must be a path of this site') })
export const AlipayAuthUrlAnswer = z.object({ url: z.string() })

export const AlipayOpenIdPayload = z.object({ code: ShortText('code', 128).min(1, 'code is required') })
export const AlipayOpenIdAnswer = z.object({ open_id: z.string() })
