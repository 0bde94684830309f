export default definePageConfig({ enableShareAppMessage: true, navigationBarTitleText: '订单详情' })
