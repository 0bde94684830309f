export default definePageConfig({ enableShareAppMessage: true, navigationBarTitleText: '代金券', enablePullDownRefresh: true })
