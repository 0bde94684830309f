export default definePageConfig({ enableShareAppMessage: true, navigationBarTitleText: '购卡记录', enablePullDownRefresh: true })
