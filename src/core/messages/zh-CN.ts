/** Simplified Chinese — the default language. Keys are flat and grouped by area; en.ts must have every key. */
export const zhCN = {
  'app.name': '一卡通',

  'common.loading': '加载中…',
  'common.loadingMore': '正在加载更多…',
  'common.noMore': '没有更多了',
  'common.retry': '重试',
  'common.empty': '这里还没有内容',
  'common.loadFailed': '加载失败',
  'common.networkError': '网络不给力，请稍后重试',
  'common.serverError': '服务器开小差了（{status}）',
  'common.ok': '确定',
  'common.cancel': '取消',
  'common.save': '保存',
  'common.saved': '已保存',
  'common.delete': '删除',
  'common.edit': '编辑',
  'common.copy': '复制',
  'common.copied': '已复制',
  'common.submit': '提交',
  'common.yuan': '¥{amount}',
  'common.numberWrong': '数字有误！',

  'nav.back': '返回',
  'nav.home': '首页',
  'nav.pageNotFound': '页面不存在',

  'tab.home': '首页',
  'tab.card': '会员卡',
  'tab.orders': '订单',
  'tab.me': '我的',

  'auth.loginRequired': '请先登录',
  'auth.expired': '登录已过期，请重新登录',

  'pay.success': '支付成功',
  'pay.failed': '支付失败',
  'pay.cancelled': '已取消支付',
  'pay.paying': '支付中…',
  'pay.alreadyPaid': '订单已支付',
  'pay.checking': '正在确认支付结果…',

  'me.login': '登录 / 绑定手机',
  'me.loginHint': '绑定手机号，享受会员折扣',
  'me.myCards': '我的会员卡',
  'me.cardRecords': '购卡记录',
  'me.coupons': '代金券',
  'me.addresses': '收货地址',
  'me.shopRegister': '商家入驻',
  'me.jobs': '招聘信息',
  'me.service': '联系客服',
  'me.language': '语言 / Language',
  'me.about': '关于一卡通',
  'me.aboutText': '一卡通 版本 {version}（{code}）',
  'me.logout': '退出登录',
  'me.logoutConfirm': '确定退出登录吗？',
  'me.loggedOut': '已退出登录',

  'lang.name': '简体中文',
  'lang.switch': '语言',
} as const

export type MessageKey = keyof typeof zhCN
