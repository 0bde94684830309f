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
  'common.notFound': '没有找到要看的内容',
  'common.notFoundHint': '链接可能不完整或已失效',
  'common.backHome': '返回首页',

  'nav.back': '返回',
  'nav.home': '首页',
  'nav.pageNotFound': '页面不存在',

  'tab.home': '首页',
  'tab.card': '会员卡',
  'tab.orders': '订单',
  'tab.me': '我的',

  'auth.loginRequired': '请先登录',
  'auth.loginRequiredHint': '登录后即可查看和使用',
  'auth.login': '登录 / 绑定手机',
  'auth.expired': '登录已过期，请重新登录',

  'pay.success': '支付成功',
  'pay.failed': '支付失败',
  'pay.cancelled': '已取消支付',
  'pay.paying': '支付中…',
  'pay.alreadyPaid': '订单已支付',
  'pay.checking': '正在确认支付结果…',

  'lang.name': '简体中文',
  'lang.switch': '语言',
} as const

export type MessageKey = keyof typeof zhCN
