// What the simulator tiers share: a shopper with something on every issue-4 screen, and those screens.
const { call, login } = require('./server')

/**
 * Log `phone` in and give them a paid card order (so a card), an address and a claimed coupon.
 * @returns {Promise<{ shopper: { token: string, userId: number }, paidOrderId: number }>}
 */
async function seedShopper(base, phone, requestId) {
  const shopper = await login(base, phone)
  const create = await call(base, 'POST', '/api/personal.order/create', { kind: 'card', card_id: 1, client_request_id: requestId }, shopper.token)
  const paidOrderId = create.data.data.order_info.id
  await call(base, 'POST', '/api/personal.order/payparam', { id: paidOrderId, platform: 'weapp' }, shopper.token)
  await call(base, 'POST', '/api/sandbox/confirmPay', { id: paidOrderId, result: 'success' })
  await call(base, 'POST', '/api/personal.address/save', { name: '王五', mobile: '13600001111', province: '广东省', city: '深圳市', district: '福田区', detail: '华强北路 1 号' }, shopper.token)
  await call(base, 'POST', '/api/personal.coupon/claim', { coupon_id: 1 }, shopper.token)
  return { shopper, paidOrderId }
}

/** Issue 4's screens: [route, query ('PAID' = the seeded paid order), a class the loaded screen shows]. */
const SCREENS = [
  ['pages/index/search', {}, 'search__word'],
  ['pages/personal/address', {}, 'address__name'],
  ['pages/personal/newAddress', {}, 'address-form__save'],
  ['pages/accountBind/index', {}, 'bind__submit'],
  ['pages/discountBill/index', {}, 'shop-row'],
  ['pages/shops/details', { id: '1' }, 'shop-head__name'],
  ['pages/payBill/index', { shop_id: '1' }, 'bill__shop-name'],
  ['pages/payBill/success', { id: 'PAID' }, 'pay-result__status'],
  ['pages/orders/orderInfo', { id: 'PAID' }, 'gold__paid-amount'],
  ['pages/orders/index', {}, 'order-card'],
  ['pages/orders/detail', { id: 'PAID' }, 'order-detail__status-text'],
  ['pages/card/index', {}, 'card-product'],
  ['pages/card/my', {}, 'member-card'],
  ['pages/card/my_old', {}, 'my-cards-compact__row'],
  ['pages/card/records', {}, 'record'],
  ['pages/card/vipCord', {}, 'till__name'],
  ['pages/card/ticketList', {}, 'coupon'],
  ['pages/webView/index', { url: 'javascript:alert(1)' }, 'state--empty'],
  ['pages/personal/sessions', {}, 'session--current'],
  ['pages/personal/deleteAccount', {}, 'delete-account__submit'],
]

/** The query with 'PAID' replaced by the seeded order's id. */
const withOrder = (query, paidOrderId) => Object.fromEntries(Object.entries(query).map(([k, v]) => [k, v === 'PAID' ? String(paidOrderId) : v]))

module.exports = { seedShopper, SCREENS, withOrder }
