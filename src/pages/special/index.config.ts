export default definePageConfig({ enableShareAppMessage: true, navigationBarTitleText: '商城专题', enablePullDownRefresh: true })
