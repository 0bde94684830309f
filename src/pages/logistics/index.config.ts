export default definePageConfig({ enableShareAppMessage: true, navigationBarTitleText: '物流跟踪', enablePullDownRefresh: true })
