/**
 * The HTTP method of every API path (the seed's calls plus the ones our screens need: docs/product.md), the only contract
 * data the client needs at run time. Request/answer shapes are in ./schemas.ts (types only on the client).
 * Paths are relative to `/api/`.
 */
export const ENDPOINTS = {
  'personal.order/preCreate': 'POST',
  'personal.order/create': 'POST',
  'personal.order/payparam': 'POST',
  'personal.order/payResult': 'POST',
  'personal.order/read': 'GET',
  'personal.order/index': 'GET',
  'personal.order/refund': 'POST',
  /** Withdraw a refund request the store has not answered (issue 24). */
  'personal.order/cancelRefund': 'POST',
  'personal.order/orderVerification': 'GET',
  'index/serverInfo': 'GET',
  'index/moduleList': 'GET',
  'index/getUrlByNumber': 'GET',
  'hui_public.hsh_seckill_prod/index': 'GET',
  'hui_public.hsh_seckill_prod/read': 'GET',
  'hui_public.hsh_seckill_prod/orderLog': 'GET',
  'hui_shanghu.hs_business_class/index': 'GET',
  'hui_public.hsh_comment/index': 'GET',
  'Captcha/sendSmsCaptcha': 'POST',
  'website.hui_china_city/cityList': 'GET',
  'website.hui_china_city/locate': 'GET',
  'wechat/getWxAuthCodeUrl': 'GET',
  'wechat/bind': 'POST',
  'wechat/phoneLogin': 'POST',
  'wechat/getOpenID': 'GET',
  'wechat/getJSSDKConfig': 'POST',
  /** Alipay's web authorisation (auth_base) inside Alipay's browser: the buyer's id an Alipay JSAPI payment needs (./alipay.ts). */
  'alipay/getAuthUrl': 'GET',
  'alipay/getOpenId': 'GET',
  'personal.user/info': 'GET',
  'personal.user/logout': 'POST',
  'personal.user/sessions': 'GET',
  'personal.user/endSession': 'POST',
  /** The orders that would stop the account's deletion now (issue 39): Delete account lists them before offering it. */
  'personal.user/deletionCheck': 'GET',
  'personal.user/delete': 'POST',
  'personal.order/cancel': 'POST',
  'hui_public.card/index': 'GET',
  'personal.card/index': 'GET',
  /** The checks of the owner's card at the till (issue 23; ./tillChecks.ts). */
  'personal.card/checks': 'GET',
  /** Discount day (issue 26; ./discountDay.ts): the month's days, the next one, the shops taking part; a reminder. */
  'hui_shanghu.discount_day/index': 'GET',
  'personal.discount_day/remind': 'POST',
  'personal.discount_day/cancelReminder': 'POST',
  /** The receipt page in WeChat Pay's frame (issue 26; ./receipt.ts): checked by check_code, no session. */
  'hui_public.order/receipt': 'GET',
  'hui_shanghu.shop/index': 'GET',
  'hui_shanghu.shop/read': 'GET',
  'personal.coupon/index': 'GET',
  'hui_public.coupon/index': 'GET',
  'personal.coupon/claim': 'POST',
  'website.hui_china_city/regionTree': 'GET',
  'personal.address/index': 'GET',
  'personal.address/save': 'POST',
  'personal.address/delete': 'POST',
  'personal.address/setDefault': 'POST',
} as const satisfies Record<string, 'GET' | 'POST'>

export type EndpointPath = keyof typeof ENDPOINTS

/** `index/uploadPic` is a multipart POST (Taro.uploadFile), outside the JSON request client. */
export const UPLOAD_PATH = 'index/uploadPic'
