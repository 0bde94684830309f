export default definePageConfig({ enableShareAppMessage: true, navigationBarTitleText: '我的卡', enablePullDownRefresh: true })
