export default definePageConfig({ enableShareAppMessage: true, navigationBarTitleText: '外卖订单' })
