import type { ApiLang } from '../src/contract/common'
import { named } from './names'

/**
 * The server's refusals in English: the `msg` of a code 0 / -1 answer, keyed by the Chinese the code writes
 * (BizError, fail, the contract's shopper messages). Applied once, where every /api answer leaves
 * (app.ts, preSerialization), when the request's `lang` is `en`; a message with no English here stays as it
 * is. `__tests__/server/refusals.test.ts` reads every Chinese literal of the server and the contract, so a new
 * refusal without its English fails there.
 */
const EXACT: Readonly<Record<string, string>> = {
  // Requests the server could not read
  '请求地址格式错误': 'The request address is malformed',
  '请求地址过长': 'The request address is too long',
  '服务器开小差了，请稍后重试': 'Something went wrong on our side. Please try again later',
  '请求格式错误': 'The request is malformed',
  '不支持的请求格式': 'This request format is not supported',
  '请以 multipart/form-data 上传': 'Please upload as multipart/form-data',
  '文件过大': 'The file is too large',
  '上传的文件过多': 'Too many files in one upload',
  '上传的表单项过多': 'Too many form fields in one upload',
  '请求内容过大': 'The request is too large',
  '系统繁忙，请稍后重试': 'The system is busy. Please try again shortly',
  '参数错误': 'Invalid request',
  '接口不存在': 'No such endpoint',
  // Sessions and accounts
  '登录已过期，请重新登录': 'Your session has expired. Please log in again',
  '请先登录': 'Please log in first',
  '微信登录未配置，请使用手机号验证码登录': 'WeChat login is not set up. Please log in with your phone number and a code',
  '今日验证码发送次数已达上限': 'You have asked for as many codes as allowed today',
  '验证码已失效，请重新获取': 'The code has expired. Please ask for a new one',
  '验证码错误次数过多，请重新获取': 'Too many wrong codes. Please ask for a new one',
  '验证码错误': 'Wrong code',
  '该登录设备不存在': 'This device is not signed in',
  '微信 JSSDK 未配置': 'WeChat JSSDK is not set up',
  '你还有进行中或退款中的订单，完成后才能注销账号': 'You have orders in progress or being refunded. The account can be deleted once they are finished',
  '支付正在处理中，请稍后再注销': 'A payment is being processed. Please try again later',
  // Addresses
  '地址不存在': 'This address does not exist',
  '收货地址不存在': 'This address does not exist',
  '暂不支持该地区': 'This region is not supported yet',
  '请填写收货人': "Please enter the recipient's name",
  '请选择省市区': 'Please choose a province, city and district',
  '详细地址至少 4 个字': 'The street address needs at least 4 characters',
  // Shops, products, cards, coupons
  '商家不存在': 'This shop does not exist',
  '商品不存在': 'This product does not exist',
  '专题不存在': 'This special does not exist',
  '会员卡不存在': 'This membership card does not exist',
  '优惠券不存在': 'This coupon does not exist',
  '已领取过该优惠券': 'You already have this coupon',
  '无法识别的二维码': 'This QR code is not recognised',
  '请指定商家或商品': 'Please name a shop or a product',
  // Ordering
  '请选择商家': 'Please choose a shop',
  '请输入消费金额': 'Please enter the amount',
  '请选择会员卡': 'Please choose a membership card',
  '请选择商品': 'Please choose a product',
  '购物车是空的': 'The cart is empty',
  '加油请使用好店加油': 'Please pay for fuel through Fuel at good shops',
  '不参与优惠金额不能大于消费金额': 'The part without discount cannot be more than the amount',
  '秒杀商品到店自提，无需选择规格或收货地址': 'Flash-sale items are picked up in store: no option or address is needed',
  '菜品已下架，请刷新菜单': 'A dish is no longer available. Please refresh the menu',
  '优惠券不可用': 'This coupon cannot be used',
  '秒杀商品不能使用优惠券': 'Coupons cannot be used on flash-sale items',
  '优惠券不适用于此订单': 'This coupon does not apply to this order',
  '优惠券不适用于此商家': 'This coupon does not apply at this shop',
  '实付金额必须大于 0': 'The amount to pay must be more than ¥0',
  '请选择规格': 'Please choose an option',
  '该规格不存在，请重新选择': 'This option does not exist. Please choose again',
  '该规格已售罄': 'This option is sold out',
  '该商品不支持到店自提': 'This product cannot be picked up in store',
  '请选择收货地址': 'Please choose a delivery address',
  '秒杀尚未开始': 'The flash sale has not started yet',
  '秒杀已结束': 'The flash sale has ended',
  '已抢光': 'Sold out',
  '该请求号已用于另一笔订单，请重新下单': 'This request was already used for another order. Please order again',
  '库存不足，请减少数量或换个规格': 'Not enough stock. Please buy fewer or choose another option',
  // Fuel
  '加油站不存在': 'This fuel station does not exist',
  '该商家不是加油站': 'This shop is not a fuel station',
  '请选择油号': 'Please choose a fuel grade',
  '请选择油枪号': 'Please choose a pump',
  '该油站没有此油号': 'This station does not sell this grade',
  // Paying, cancelling, refunds
  '支付正在处理中，请稍后查看订单': 'The payment is being processed. Please check the order shortly',
  '订单当前状态不能取消': 'This order cannot be cancelled now',
  '订单当前状态不能退款': 'This order cannot be refunded now',
  '在线支付暂未开通，请到店支付': 'Online payment is not available yet. Please pay in store',
  '请在微信中授权后再支付': 'Please authorise in WeChat before paying',
  '订单已取消，请重新下单': 'This order was cancelled. Please order again',
  '订单退款中': 'A refund of this order is under way',
  '订单已退款': 'This order was refunded',
  '订单不存在': 'This order does not exist',
  '订单未支付，暂无核销码': 'The order is not paid yet, so it has no redemption code',
  '这笔订单无需核销': 'This order needs no redemption code',
  // Parcels
  '请选择快递公司': 'Please choose a carrier',
  '运单号为 6 至 32 位字母或数字': 'A tracking number is 6 to 32 letters or digits',
  '该订单无需发货': 'This order is not shipped',
  '该订单已发货': 'This order has been shipped already',
  '订单当前状态不能发货': 'This order cannot be shipped now',
  '商家尚未发货，发货后可查看物流': 'The store has not shipped it yet. Tracking shows once it is shipped',
  '该订单没有物流信息': 'This order has no tracking',
  '商家尚未发货，不能确认收货': 'The store has not shipped it yet, so receipt cannot be confirmed',
  '已确认收货': 'Receipt was confirmed already',
  '订单当前状态不能确认收货': 'Receipt cannot be confirmed for this order now',
  // Uploads
  '图片不能超过 5 MB': 'A picture may be at most 5 MB',
  '一次只能上传一张图片': 'One picture at a time, please',
  '请以 multipart/form-data 上传图片': 'Please upload the picture as multipart/form-data',
  '上传的表单项不正确': "The upload's form fields are not right",
  '上传内容不完整或格式错误，请重试': 'The upload was incomplete or malformed. Please try again',
  '没有收到图片': 'No picture was received',
  '图片是空的，请重新选择': 'The picture is empty. Please choose another',
  '只支持 JPG、PNG、WebP 图片': 'Only JPG, PNG and WebP pictures',
  // The sandbox's helpers (tests and the sandbox cashier)
  '签名或金额不正确': 'Wrong signature or amount',
  '交易不存在': 'Unknown trade',
  '交易已关闭，请返回重新下单': 'The payment was closed. Please go back and order again',
  '沙箱接口需要启动时打印的 X-Sandbox-Key': 'Sandbox endpoints need the X-Sandbox-Key printed at start',
  '该订单还没有发起支付': 'No payment was started for this order',
}

/** Refusals with numbers or names in them: the Chinese as a pattern, the English from its parts. */
const PATTERNS: ReadonlyArray<readonly [RegExp, (m: RegExpMatchArray) => string]> = [
  [/^参数错误：([\s\S]*)$/, (m) => `Invalid request: ${m[1]}`],
  [/^获取验证码太频繁，请 (\d+) 分钟后再试$/, (m) => `Too many codes asked for. Please try again in ${m[1]} min`],
  [/^发送太频繁，请 (\d+) 秒后再试$/, (m) => `Please wait ${m[1]} s before asking for another code`],
  [/^最多保存 (\d+) 个地址$/, (m) => `You can keep at most ${m[1]} addresses`],
  [
    /^你的(.+)还在有效期内，不能购买较低等级的(.+)；可续费(.+)或升级$/,
    (m) => `Your ${named('en', m[1])} is still valid, so a lower level (${named('en', m[2])}) cannot be bought. Renew your ${named('en', m[3])} or upgrade`,
  ],
  [/^没有这种油号：(.+)$/, (m) => `There is no fuel grade ${m[1]}`],
  [/^该油站没有 (.+) 号油枪$/, (m) => `This station has no pump ${m[1]}`],
  [/^该油站没有 (.+)$/, (m) => `This station does not sell ${m[1]}`],
  [/^加油金额须在 ¥(\S+) 至 ¥(\S+) 之间$/, (m) => `A fuel amount must be between ¥${m[1]} and ¥${m[2]}`],
  [/^油价已调整：(\S+) 现为 ¥(\S+)\/升，请确认后再支付$/, (m) => `The price of ${m[1]} has changed to ¥${m[2]} per litre. Please confirm before paying`],
  [/^还差 ¥(\S+) 起送$/, (m) => `Add ¥${m[1]} more to reach the minimum order`],
  [/^满 ¥(\S+) 可用$/, (m) => `This coupon needs a minimum spend of ¥${m[1]}`],
  [/^每单限购 (\d+) 件$/, (m) => `At most ${m[1]} per order`],
  [/^每人限购 (\d+) 件$/, (m) => `At most ${m[1]} per person`],
  [/^库存仅剩 (\d+) 件$/, (m) => `Only ${m[1]} left in stock`],
  [/^没有收到图片（字段名应为 (.+)）$/, (m) => `No picture was received (the field should be named ${m[1]})`],
]

/** A refusal's words in the asker's language (Chinese as written; English where this file has it). */
export function refusalIn(lang: ApiLang, msg: string): string {
  if (lang !== 'en') return msg
  const exact = EXACT[msg]
  if (exact !== undefined) return exact
  for (const [re, english] of PATTERNS) {
    const m = msg.match(re)
    if (m) return english(m)
  }
  return msg
}
