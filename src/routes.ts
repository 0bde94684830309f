/**
 * Every route of the product (docs/product.md#screens) with its title in both locales.
 * One source for app.config (main package / sub-packages), the NavBar title and the tests.
 * Plain data: imported by app.config.ts at build time and by the NavBar at run time.
 */
export interface RouteDef {
  /** Path without the leading slash, as in app.json. */
  path: string
  zh: string
  en: string
}

export const ROUTES = [
  { path: 'pages/index/index', zh: '一卡通', en: 'One Card Pass' },
  { path: 'pages/index/search', zh: '搜索', en: 'Search' },
  { path: 'pages/personal/index', zh: '我的', en: 'My account' },
  { path: 'pages/personal/address', zh: '地址管理', en: 'Address management' },
  { path: 'pages/personal/newAddress', zh: '新增地址', en: 'New address' },
  { path: 'pages/personal/sessions', zh: '登录设备', en: 'Signed-in devices' },
  { path: 'pages/personal/deleteAccount', zh: '注销账号', en: 'Delete account' },
  { path: 'pages/discountBill/index', zh: '优惠买单', en: 'Discount bill payment' },
  { path: 'pages/payBill/index', zh: '买单', en: 'Pay a bill' },
  { path: 'pages/payBill/oil', zh: '好店加油', en: 'Fuel at partner stations' },
  { path: 'pages/payBill/success', zh: '支付成功', en: 'Payment success' },
  { path: 'pages/seckill/index', zh: '限时秒杀', en: 'Flash sales' },
  { path: 'pages/seckill/detail', zh: '秒杀详情', en: 'Flash-sale product' },
  { path: 'pages/orders/index', zh: '我的订单', en: 'My orders' },
  { path: 'pages/orders/detail', zh: '订单详情', en: 'Order detail' },
  { path: 'pages/orders/orderInfo', zh: '点金计划', en: 'Gold rewards' },
  { path: 'pages/card/index', zh: '会员卡', en: 'Membership card' },
  { path: 'pages/card/my', zh: '我的卡', en: 'My cards' },
  { path: 'pages/card/my_old', zh: '我的卡（旧版）', en: 'My cards (classic)' },
  { path: 'pages/card/records', zh: '购卡记录', en: 'Card purchase records' },
  { path: 'pages/card/vipCord', zh: '会员卡码', en: 'Member code' },
  { path: 'pages/card/ticketList', zh: '代金券', en: 'Value coupons' },
  { path: 'pages/discountsDay/index', zh: '优惠日', en: 'Discount day' },
  { path: 'pages/recruit/index', zh: '招聘', en: 'Job list' },
  { path: 'pages/recruit/detail', zh: '职位详情', en: 'Job detail' },
  { path: 'pages/activity/competition', zh: '推广大赛', en: 'Competition' },
  { path: 'pages/webView/index', zh: '网页', en: 'Embedded web page' },
  { path: 'pages/shopRegister/index', zh: '商家入驻', en: 'Merchant registration' },
  { path: 'pages/vMall/index', zh: '微商城', en: 'Micro mall' },
  { path: 'pages/vMall/swiper', zh: '商城画廊', en: 'Mall gallery' },
  { path: 'pages/vMall/guide', zh: '商城指南', en: 'Mall guide' },
  // Ours, beyond the seed (issue 14): a mall product, in the mall's sub-package.
  { path: 'pages/vMall/detail', zh: '商品详情', en: 'Product' },
  // Ours (issue 24): the shopper's cart, in the mall's sub-package.
  { path: 'pages/vMall/cart', zh: '购物车', en: 'Cart' },
  { path: 'pages/special/index', zh: '商城专题', en: 'Micro mall special' },
  { path: 'pages/shops/details', zh: '店铺详情', en: 'Shop details' },
  { path: 'pages/logistics/index', zh: '物流跟踪', en: 'Logistics tracking' },
  { path: 'pages/code/index', zh: '扫码', en: 'Code page' },
  { path: 'pages/accountBind/index', zh: '授权登录', en: 'Authorization' },
  { path: 'pages/takeout/index', zh: '外卖', en: 'Takeout' },
  { path: 'pages/takeout/list', zh: '外卖商家', en: 'Takeout shops' },
  { path: 'pages/takeout/detail', zh: '点餐', en: 'Takeout menu' },
  { path: 'pages/takeout/search', zh: '外卖搜索', en: 'Takeout search' },
  { path: 'pages/takeout/confirmOrder', zh: '确认订单', en: 'Confirm order' },
  { path: 'pages/takeout/orderDetail', zh: '外卖订单', en: 'Takeout order' },
  { path: 'pages/store/index', zh: '门店工作台', en: 'Store workbench' },
  { path: 'pages/store/verify', zh: '核销', en: 'Verify' },
  { path: 'pages/store/orders', zh: '门店订单', en: 'Store orders' },
  { path: 'pages/store/order', zh: '门店订单详情', en: 'Store order' },
  { path: 'pages/store/takeout', zh: '外卖订单', en: 'Takeout orders' },
  { path: 'pages/store/takeoutOrder', zh: '外卖订单详情', en: 'Takeout order' },
  { path: 'pages/store/takeoutSettings', zh: '外卖店铺设置', en: 'Takeout settings' },
  // Ours (issue 26): the shop's job postings.
  { path: 'pages/store/jobs', zh: '门店招聘', en: 'Store jobs' },
  // Ours (issue 26): the store's people and invites (owner), and the invite link's join screen.
  { path: 'pages/store/staff', zh: '店员管理', en: 'Staff' },
  { path: 'pages/store/join', zh: '加入门店', en: 'Join a store' },
  // Ours (issue 44): the shop's profile (owner), its opening hours and its introduction.
  { path: 'pages/store/profile', zh: '店铺资料', en: 'Shop profile' },
  { path: 'pages/store/hours', zh: '营业时间', en: 'Opening hours' },
  { path: 'pages/store/intro', zh: '店铺介绍', en: 'Shop introduction' },
  // Ours (issue 44): the owner runs the shop — the takeout menu, a dish, delivery settings, coupons, the change history.
  { path: 'pages/store/menu', zh: '菜单管理', en: 'Menu' },
  { path: 'pages/store/dish', zh: '编辑菜品', en: 'Dish' },
  { path: 'pages/store/delivery', zh: '外卖配送设置', en: 'Delivery settings' },
  { path: 'pages/store/coupons', zh: '店铺优惠券', en: 'Shop coupons' },
  { path: 'pages/store/changes', zh: '修改记录', en: 'Change history' },
] as const satisfies readonly RouteDef[]

export type RoutePath = (typeof ROUTES)[number]['path']

export const HOME_PATH: RoutePath = 'pages/index/index'
export const BIND_PATH: RoutePath = 'pages/accountBind/index'

/** Tab pages, in tab order. */
export const TAB_PATHS = [
  'pages/index/index',
  'pages/card/index',
  'pages/orders/index',
  'pages/personal/index',
] as const satisfies readonly RoutePath[]

/** Folders that stay in the weapp main package (the tabs and the entry points); every other folder is a sub-package. */
export const MAIN_PACKAGE_FOLDERS = ['index', 'card', 'orders', 'personal', 'accountBind', 'code'] as const

export function routeFolder(path: string): string {
  return path.split('/')[1] ?? ''
}

export function findRoute(path: string): RouteDef | undefined {
  const clean = path.replace(/^\//, '').split('?')[0]
  return (ROUTES as readonly RouteDef[]).find((r) => r.path === clean)
}

export function isTabPath(path: string): boolean {
  const clean = path.replace(/^\//, '').split('?')[0]
  return (TAB_PATHS as readonly string[]).includes(clean)
}

/** Query values a route URL carries; undefined and null are left out. */
export type RouteQuery = Record<string, string | number | boolean | null | undefined>

/**
 * The URL of a page the runtime names (`getCurrentPages()[i].route`, a share's page): its route string with
 * or without the leading slash. In code that names the page, use routeUrl (typed) instead.
 */
export function pageUrl(route: string, query: RouteQuery = {}): string {
  const qs = Object.keys(query)
    .filter((k) => query[k] !== undefined && query[k] !== null)
    .map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(String(query[k]))}`)
    .join('&')
  return `/${route.replace(/^\//, '')}${qs ? `?${qs}` : ''}`
}

/**
 * The URL of a route, as navigateTo / switchTab / return URLs want it: "/pages/x/y?a=1&b=2". Values are
 * URI-encoded; undefined and null values are dropped (a page opened without them reads them as absent).
 */
export const routeUrl: (path: RoutePath, query?: RouteQuery) => string = pageUrl
