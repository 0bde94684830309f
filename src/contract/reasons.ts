import type { ApiLang } from './common'
import { fillWords } from './words'

/**
 * Every refusal the server can answer (code 0 / -1), by a stable reason: the app branches on `reason`, never on
 * `msg`; the server writes `msg` from the reason in the payload's language. `{name}` placeholders are filled from
 * the refusal's `params` (the same `fillWords` the app's `t` uses). Add a reason here, with both languages,
 * before throwing it (`refuse('order_not_found')` in server/http.ts).
 */
export const REASONS = {
  // (issue 23: the reasons helper owns this list's order; other areas add their own block below with a comment)
  // Requests the server could not read (app.ts, http.ts, static.ts)
  invalid_request: { zh: '参数错误：{detail}', en: 'Invalid request: {detail}' },
  bad_url: { zh: '请求地址格式错误', en: 'The request address is malformed' },
  url_too_long: { zh: '请求地址过长', en: 'The request address is too long' },
  header_too_large: { zh: '请求头或请求地址过长', en: 'The request headers or address are too long' },
  request_timeout: { zh: '请求超时，请重试', en: 'The request timed out. Please try again' },
  malformed_request: { zh: '请求格式错误', en: 'The request is malformed' },
  unsupported_media_type: { zh: '不支持的请求格式', en: 'This request format is not supported' },
  multipart_required: { zh: '请以 multipart/form-data 上传', en: 'Please upload as multipart/form-data' },
  file_too_large: { zh: '文件过大', en: 'The file is too large' },
  too_many_files: { zh: '上传的文件过多', en: 'Too many files in one upload' },
  too_many_fields: { zh: '上传的表单项过多', en: 'Too many form fields in one upload' },
  body_too_large: { zh: '请求内容过大', en: 'The request is too large' },
  server_busy: { zh: '系统繁忙，请稍后重试', en: 'The system is busy. Please try again shortly' },
  server_error: { zh: '服务器开小差了，请稍后重试', en: 'Something went wrong on our side. Please try again later' },
  endpoint_not_found: { zh: '接口不存在', en: 'No such endpoint' },
  // Sessions and accounts
  login_required: { zh: '请先登录', en: 'Please log in first' },
  session_expired: { zh: '登录已过期，请重新登录', en: 'Your session has expired. Please log in again' },
  no_permission: { zh: '无权限', en: 'No permission' },
  wechat_login_not_configured: { zh: '微信登录未配置，请使用手机号验证码登录', en: 'WeChat login is not set up. Please log in with your phone number and a code' },
  sms_too_frequent: { zh: '获取验证码太频繁，请 {minutes} 分钟后再试', en: 'Too many codes asked for. Please try again in {minutes} min' },
  sms_resend_wait: { zh: '发送太频繁，请 {seconds} 秒后再试', en: 'Please wait {seconds} s before asking for another code' },
  sms_daily_limit: { zh: '今日验证码发送次数已达上限', en: 'You have asked for as many codes as allowed today' },
  sms_code_expired: { zh: '验证码已失效，请重新获取', en: 'The code has expired. Please ask for a new one' },
  sms_code_attempts: { zh: '验证码错误次数过多，请重新获取', en: 'Too many wrong codes. Please ask for a new one' },
  sms_code_wrong: { zh: '验证码错误', en: 'Wrong code' },
  session_not_found: { zh: '该登录设备不存在', en: 'This device is not signed in' },
  jssdk_not_configured: { zh: '微信 JSSDK 未配置', en: 'WeChat JSSDK is not set up' },
  delete_payment_processing: { zh: '支付正在处理中，请稍后再注销', en: 'A payment is being processed. Please try again later' },
  // Addresses
  address_not_found: { zh: '地址不存在', en: 'This address does not exist' },
  delivery_address_not_found: { zh: '收货地址不存在', en: 'This address does not exist' },
  region_not_supported: { zh: '暂不支持该地区', en: 'This region is not supported yet' },
  recipient_required: { zh: '请填写收货人', en: "Please enter the recipient's name" },
  region_required: { zh: '请选择省市区', en: 'Please choose a province, city and district' },
  address_detail_too_short: { zh: '详细地址至少 4 个字', en: 'The street address needs at least 4 characters' },
  address_limit: { zh: '最多保存 {max} 个地址', en: 'You can keep at most {max} addresses' },
  // Shops, products, cards, coupons
  shop_not_found: { zh: '商家不存在', en: 'This shop does not exist' },
  product_not_found: { zh: '商品不存在', en: 'This product does not exist' },
  special_not_found: { zh: '专题不存在', en: 'This special does not exist' },
  card_not_found: { zh: '会员卡不存在', en: 'This membership card does not exist' },
  coupon_not_found: { zh: '优惠券不存在', en: 'This coupon does not exist' },
  coupon_already_claimed: { zh: '已领取过该优惠券', en: 'You already have this coupon' },
  qr_not_recognised: { zh: '无法识别的二维码', en: 'This QR code is not recognised' },
  shop_or_product_required: { zh: '请指定商家或商品', en: 'Please name a shop or a product' },
  card_lower_level: {
    zh: '你的{held}还在有效期内，不能购买较低等级的{wanted}；可续费{held}或升级',
    en: 'Your {held} is still valid, so a lower level ({wanted}) cannot be bought. Renew your {held} or upgrade',
  },
  // Ordering
  shop_required: { zh: '请选择商家', en: 'Please choose a shop' },
  amount_required: { zh: '请输入消费金额', en: 'Please enter the amount' },
  card_required: { zh: '请选择会员卡', en: 'Please choose a membership card' },
  product_required: { zh: '请选择商品', en: 'Please choose a product' },
  cart_empty: { zh: '购物车是空的', en: 'The cart is empty' },
  bill_at_fuel_station: { zh: '加油请使用好店加油', en: 'Please pay for fuel under Fuel at partner stations' },
  undiscounted_over_amount: { zh: '不参与优惠金额不能大于消费金额', en: 'The part without discount cannot be more than the amount' },
  flash_sale_no_options: { zh: '秒杀商品到店自提，无需选择规格或收货地址', en: 'Flash-sale items are picked up in store: no option or address is needed' },
  dish_unavailable: { zh: '菜品已下架，请刷新菜单', en: 'A dish is no longer available. Please refresh the menu' },
  takeout_min_order: { zh: '还差 ¥{short} 起送', en: 'Add ¥{short} more to reach the minimum order' },
  coupon_unavailable: { zh: '优惠券不可用', en: 'This coupon cannot be used' },
  coupon_not_for_flash_sale: { zh: '秒杀商品不能使用优惠券', en: 'Coupons cannot be used on flash-sale items' },
  coupon_not_for_order: { zh: '优惠券不适用于此订单', en: 'This coupon does not apply to this order' },
  coupon_not_for_shop: { zh: '优惠券不适用于此商家', en: 'This coupon does not apply at this shop' },
  coupon_min_spend: { zh: '满 ¥{min} 可用', en: 'This coupon needs a minimum spend of ¥{min}' },
  pay_amount_zero: { zh: '实付金额必须大于 0', en: 'The amount to pay must be more than ¥0' },
  spec_required: { zh: '请选择规格', en: 'Please choose an option' },
  spec_not_found: { zh: '该规格不存在，请重新选择', en: 'This option does not exist. Please choose again' },
  spec_sold_out: { zh: '该规格已售罄', en: 'This option is sold out' },
  limit_per_order: { zh: '每单限购 {limit} 件', en: 'At most {limit} per order' },
  limit_per_person: { zh: '每人限购 {limit} 件', en: 'At most {limit} per person' },
  stock_left: { zh: '库存仅剩 {stock} 件', en: 'Only {stock} left in stock' },
  stock_short: { zh: '库存不足，请减少数量或换个规格', en: 'Not enough stock. Please buy fewer or choose another option' },
  pickup_not_offered: { zh: '该商品不支持到店自提', en: 'This product cannot be picked up in store' },
  delivery_address_required: { zh: '请选择收货地址', en: 'Please choose a delivery address' },
  flash_sale_not_started: { zh: '秒杀尚未开始', en: 'The flash sale has not started yet' },
  flash_sale_ended: { zh: '秒杀已结束', en: 'The flash sale has ended' },
  sold_out: { zh: '已抢光', en: 'Sold out' },
  request_id_reused: { zh: '该请求号已用于另一笔订单，请重新下单', en: 'This request was already used for another order. Please order again' },
  // Fuel
  station_not_found: { zh: '加油站不存在', en: 'This fuel station does not exist' },
  not_a_fuel_station: { zh: '该商家不是加油站', en: 'This shop is not a fuel station' },
  oil_grade_required: { zh: '请选择油号', en: 'Please choose a fuel grade' },
  pump_required: { zh: '请选择油枪号', en: 'Please choose a pump' },
  oil_grade_unknown: { zh: '没有这种油号：{grade}', en: 'There is no fuel grade {grade}' },
  oil_grade_not_sold: { zh: '该油站没有 {grade}', en: 'This station does not sell {grade}' },
  pump_not_found: { zh: '该油站没有 {pump} 号油枪', en: 'This station has no pump {pump}' },
  fuel_amount_range: { zh: '加油金额须在 ¥{min} 至 ¥{max} 之间', en: 'A fuel amount must be between ¥{min} and ¥{max}' },
  fuel_price_moved: { zh: '油价已调整：{grade} 现为 ¥{price}/升，请确认后再支付', en: 'The price of {grade} has changed to ¥{price} per litre. Please confirm before paying' },
  // Paying, cancelling, refunds, redemption codes
  order_not_found: { zh: '订单不存在', en: 'This order does not exist' },
  payment_processing: { zh: '支付正在处理中，请稍后查看订单', en: 'The payment is being processed. Please check the order shortly' },
  cancel_not_allowed: { zh: '订单当前状态不能取消', en: 'This order cannot be cancelled now' },
  refund_not_allowed: { zh: '订单当前状态不能退款', en: 'This order cannot be refunded now' },
  online_pay_unavailable: { zh: '在线支付暂未开通，请到店支付', en: 'Online payment is not available yet. Please pay in store' },
  wechat_auth_required: { zh: '请在微信中授权后再支付', en: 'Please authorise in WeChat before paying' },
  order_cancelled: { zh: '订单已取消，请重新下单', en: 'This order was cancelled. Please order again' },
  order_refunding: { zh: '订单退款中', en: 'A refund of this order is under way' },
  order_refunded: { zh: '订单已退款', en: 'This order was refunded' },
  code_not_yet: { zh: '订单未支付，暂无核销码', en: 'The order is not paid yet, so it has no redemption code' },
  code_not_needed: { zh: '这笔订单无需核销', en: 'This order needs no redemption code' },
  // Parcels
  carrier_required: { zh: '请选择快递公司', en: 'Please choose a carrier' },
  tracking_no_invalid: { zh: '运单号为 6 至 32 位字母或数字', en: 'A tracking number is 6 to 32 letters or digits' },
  ship_not_needed: { zh: '该订单无需发货', en: 'This order is not shipped' },
  already_shipped: { zh: '该订单已发货', en: 'This order has been shipped already' },
  ship_not_allowed: { zh: '订单当前状态不能发货', en: 'This order cannot be shipped now' },
  tracking_not_yet: { zh: '商家尚未发货，发货后可查看物流', en: 'The store has not shipped it yet. Tracking shows once it is shipped' },
  tracking_none: { zh: '该订单没有物流信息', en: 'This order has no tracking' },
  receipt_not_shipped: { zh: '商家尚未发货，不能确认收货', en: 'The store has not shipped it yet, so receipt cannot be confirmed' },
  receipt_already_confirmed: { zh: '已确认收货', en: 'Receipt was confirmed already' },
  receipt_not_allowed: { zh: '订单当前状态不能确认收货', en: 'Receipt cannot be confirmed for this order now' },
  // Uploads
  picture_too_large: { zh: '图片不能超过 5 MB', en: 'A picture may be at most 5 MB' },
  one_picture_only: { zh: '一次只能上传一张图片', en: 'One picture at a time, please' },
  picture_multipart_required: { zh: '请以 multipart/form-data 上传图片', en: 'Please upload the picture as multipart/form-data' },
  upload_fields_invalid: { zh: '上传的表单项不正确', en: "The upload's form fields are not right" },
  upload_broken: { zh: '上传内容不完整或格式错误，请重试', en: 'The upload was incomplete or malformed. Please try again' },
  picture_missing: { zh: '没有收到图片', en: 'No picture was received' },
  picture_wrong_field: { zh: '没有收到图片（字段名应为 {field}）', en: 'No picture was received (the field should be named {field})' },
  picture_empty: { zh: '图片是空的，请重新选择', en: 'The picture is empty. Please choose another' },
  picture_type: { zh: '只支持 JPG、PNG、WebP 图片', en: 'Only JPG, PNG and WebP pictures' },
  // Uploads re-encoded and counted (issue 23, the uploads helper): server/picture.ts, server/routes/upload.ts
  picture_unreadable: { zh: '图片已损坏或无法识别，请换一张', en: 'This picture is damaged or cannot be read. Please choose another' },
  picture_too_many_pixels: { zh: '图片像素过多（最多 {megapixels} 百万像素），请缩小后再上传', en: 'This picture has too many pixels (at most {megapixels} megapixels). Please make it smaller' },
  upload_daily_limit: { zh: '每天最多上传 {max} 张图片，请明天再试', en: 'At most {max} pictures a day can be uploaded. Please try again tomorrow' },
  // The sandbox's helpers (tests and the sandbox cashier)
  sandbox_bad_signature: { zh: '签名或金额不正确', en: 'Wrong signature or amount' },
  sandbox_trade_not_found: { zh: '交易不存在', en: 'Unknown trade' },
  sandbox_trade_closed: { zh: '交易已关闭，请返回重新下单', en: 'The payment was closed. Please go back and order again' },
  sandbox_key_required: { zh: '沙箱接口需要启动时打印的 X-Sandbox-Key', en: 'Sandbox endpoints need the X-Sandbox-Key printed at start' },
  sandbox_no_payment: { zh: '该订单还没有发起支付', en: 'No payment was started for this order' },
  sandbox_grade_not_sold: { zh: '该油站没有此油号', en: 'This station does not sell this grade' },
  // Account deletion (issue 23, the deletion helper): data.orders lists the orders that block it (src/contract/account.ts)
  account_has_open_orders: {
    zh: '你还有 {count} 笔订单未完成（待自提、待发货、配送中或退款中），完成或申请退款后才能注销账号',
    en: 'You have {count} unfinished order(s) (to collect, to ship, on the way or being refunded). Finish them or ask for a refund before deleting your account',
  },
  // The store's till (issue 23, the till helper; server/store.ts, server/tillChecks.ts): redemption codes (also the
  // `message` of verifyPreview, by VerifyRefusal), refund answers, and the limit on member till-code checks.
  verify_code_invalid: { zh: '核销码无效', en: 'This code is not valid' },
  verify_unpaid: { zh: '订单未支付，不能核销', en: 'The order is not paid' },
  verify_cancelled: { zh: '订单已取消，不能核销', en: 'The order was cancelled' },
  verify_code_used: { zh: '核销码已使用', en: 'This code has been used' },
  verify_refunding: { zh: '订单退款中，不能核销', en: 'A refund of this order is under way' },
  verify_refunded: { zh: '订单已退款，不能核销', en: 'The order was refunded' },
  refund_not_waiting: { zh: '订单不在退款中', en: 'No refund request is waiting for an answer' },
  refund_already_approved: { zh: '退款已同意，正在退回', en: 'The refund was approved and is on its way' },
  till_check_too_many: { zh: '会员码核验失败次数过多，请 {minutes} 分钟后再试', en: 'Too many failed member code checks. Please try again in {minutes} min' },
  // A refund the shopper follows (issue 24, the refund helper; server/refunds.ts): withdrawing a request.
  refund_withdraw_approved: { zh: '商家已同意退款，款项正在退回，不能撤销', en: 'The store has approved the refund and the money is on its way, so it cannot be withdrawn' },
  refund_withdraw_not_waiting: { zh: '没有等待商家处理的退款申请，无法撤销', en: 'No refund request is waiting for the store, so there is nothing to withdraw' },
  // The mall's cart (issue 24, the cart helper; server/routes/cart.ts, server/orders.ts): lines kept per shopper, checked out per store.
  cart_line_not_found: { zh: '购物车里没有这件商品，请刷新', en: 'This item is not in your cart. Please refresh' },
  cart_full: { zh: '购物车最多放 {max} 种商品，请先结算或删除一些', en: 'Your cart holds at most {max} items. Check out or remove some first' },
  product_off_sale: { zh: '{name}已下架', en: '{name} is no longer on sale' },
  cart_item_sold_out: { zh: '{name}（{spec}）已售罄', en: '{name} ({spec}) is sold out' },
  cart_item_stock_left: { zh: '{name}（{spec}）库存仅剩 {stock} 件', en: 'Only {stock} left of {name} ({spec})' },
  cart_item_limit: { zh: '{name}每单限购 {limit} 件', en: 'At most {limit} of {name} per order' },
  order_items_one_store: { zh: '一个订单只能结算同一门店的商品', en: 'One order can only hold products from one store' },
  order_items_or_product: { zh: '请只提交商品清单或单件商品之一', en: 'Send either the list of items or one product, not both' },
  // Takeout (issue 25, the takeout helper; server/takeoutPricing.ts prices, server/takeout.ts moves the order).
  takeout_not_offered: { zh: '该商家暂不提供外卖', en: 'This shop does not offer takeout' },
  takeout_shop_paused: { zh: '商家暂停接单，请稍后再试', en: 'The shop has paused taking orders. Please try again later' },
  takeout_shop_closed: { zh: '商家休息中，{opens} 开始营业，可选择预订时间下单', en: 'The shop is closed and opens at {opens}. You can choose a time to order ahead' },
  takeout_slot_unavailable: { zh: '该送达时间不可选，请重新选择', en: 'That time is not available. Please choose another' },
  takeout_pickup_not_offered: { zh: '该商家不支持到店自取', en: 'This shop does not offer pickup' },
  takeout_dish_sold_out: { zh: '{name}已售罄，请刷新菜单', en: '{name} is sold out. Please refresh the menu' },
  takeout_option_invalid: { zh: '{name}的规格选择有误，请重新选择', en: 'The options chosen for {name} are not valid. Please choose again' },
  takeout_option_required: { zh: '请为{name}选择{group}', en: 'Please choose {group} for {name}' },
  takeout_option_too_many: { zh: '{group}最多选择 {max} 项', en: 'Choose at most {max} for {group}' },
  takeout_address_no_location: { zh: '该地址没有定位，请在地图上选择位置后重试', en: 'This address has no location. Please pick it on the map and try again' },
  takeout_out_of_range: { zh: '地址距商家 {distance} 公里，超出 {radius} 公里配送范围', en: 'This address is {distance} km from the shop, beyond its {radius} km delivery range' },
  takeout_not_paid: { zh: '订单尚未支付', en: 'This order has not been paid' },
  takeout_not_accepted: { zh: '商家尚未接单', en: 'The shop has not accepted this order yet' },
  takeout_already_moved: { zh: '订单状态已变化，请刷新后重试', en: 'This order has moved on. Please refresh and try again' },
  takeout_order_closed: { zh: '订单已取消或退款', en: 'This order was cancelled or refunded' },
  takeout_cancel_accepted: { zh: '商家已接单，不能直接取消，可申请退款', en: 'The shop has accepted this order, so it cannot be cancelled. You can ask for a refund' },
  takeout_pickup_order: { zh: '这是自取订单，无需配送', en: 'This order is collected by the shopper, not delivered' },
  takeout_delivery_order: { zh: '这是配送订单，无需备餐自取', en: 'This order is delivered, not collected' },
  // Takeout live status (issue 25, the live-status helper; server/takeoutLive.ts): the streams' bounds.
  live_too_many: { zh: '同时查看实时状态的页面过多（最多 {max} 个），请关闭其他页面', en: 'Too many pages are following live status at once (at most {max}). Please close some' },
  live_busy: { zh: '实时状态暂不可用，页面将定时刷新', en: 'Live status is not available right now. The page will refresh itself' },
  // Jobs (issue 26, the jobs helper; server/jobs.ts).
  job_not_found: { zh: '该职位不存在或已下线', en: 'This job is not listed any more' },
  job_contact_limit: { zh: '今天查看联系方式已达 {max} 个职位，请明天再试', en: 'You have seen the contacts of {max} jobs today. Please try again tomorrow' },
  job_already_reported: { zh: '你已举报过该职位，商家处理后会通知你', en: 'You have already reported this job. The shop will answer it' },
  job_closed: { zh: '该职位已停止招聘', en: 'This job has been closed' },
  job_no_open_reports: { zh: '该职位没有待处理的举报', en: 'This job has no reports to answer' },
  // Discount day (issue 26, the discount-day helper; server/discountDay.ts).
  discount_day_unknown: { zh: '{day} 不是即将到来的优惠日', en: '{day} is not a coming discount day' },
} as const satisfies Record<string, { readonly zh: string; readonly en: string }>

export type Reason = keyof typeof REASONS
export type ReasonParams = Readonly<Record<string, string | number>>

export const isReason = (value: unknown): value is Reason => typeof value === 'string' && Object.prototype.hasOwnProperty.call(REASONS, value)

/** A refusal's words in the asker's language, its `{name}`s filled from params. */
export function reasonText(reason: Reason, lang: ApiLang, params: ReasonParams = {}): string {
  return fillWords(REASONS[reason][lang === 'en' ? 'en' : 'zh'], params)
}
