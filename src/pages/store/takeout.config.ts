export default definePageConfig({ navigationBarTitleText: '外卖订单', enablePullDownRefresh: true })
