export default definePageConfig({ enableShareAppMessage: true, navigationBarTitleText: '微商城', enablePullDownRefresh: true })
