export default definePageConfig({ enableShareAppMessage: true, enablePullDownRefresh: true, navigationBarTitleText: '外卖订单' })
