export default definePageConfig({ enableShareAppMessage: true, navigationBarTitleText: '我的卡（旧版）', enablePullDownRefresh: true })
