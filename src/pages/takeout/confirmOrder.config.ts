export default definePageConfig({ enableShareAppMessage: true, navigationBarTitleText: '确认订单' })
