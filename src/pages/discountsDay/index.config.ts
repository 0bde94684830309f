export default definePageConfig({ enableShareAppMessage: true, navigationBarTitleText: '优惠日', enablePullDownRefresh: true })
