export default definePageConfig({ navigationBarTitleText: '订单详情' })
