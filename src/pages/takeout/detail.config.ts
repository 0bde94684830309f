export default definePageConfig({ enableShareAppMessage: true, enablePullDownRefresh: true, navigationBarTitleText: '点餐' })
