export default definePageConfig({ navigationBarTitleText: '门店订单', enablePullDownRefresh: true })
