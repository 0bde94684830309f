export default definePageConfig({ enableShareAppMessage: true, navigationBarTitleText: '限时秒杀', enablePullDownRefresh: true })
