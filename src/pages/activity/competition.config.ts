export default definePageConfig({ enableShareAppMessage: true, navigationBarTitleText: '推广大赛' })
