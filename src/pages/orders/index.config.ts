export default definePageConfig({ enableShareAppMessage: true, navigationBarTitleText: '我的订单', enablePullDownRefresh: true })
