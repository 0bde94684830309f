export default definePageConfig({ enableShareAppMessage: true, navigationBarTitleText: '好店加油', enablePullDownRefresh: true })
