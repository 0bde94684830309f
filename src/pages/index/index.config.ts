export default definePageConfig({ enableShareAppMessage: true, navigationBarTitleText: '一卡通', enablePullDownRefresh: true })
