export default definePageConfig({ enableShareAppMessage: true, navigationBarTitleText: '优惠买单', enablePullDownRefresh: true })
