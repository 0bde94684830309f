export default definePageConfig({ enableShareAppMessage: true, navigationBarTitleText: '网页' })
