export default definePageConfig({ enableShareAppMessage: true, navigationBarTitleText: '招聘', enablePullDownRefresh: true })
