export default definePageConfig({ navigationBarTitleText: '门店订单详情' })
