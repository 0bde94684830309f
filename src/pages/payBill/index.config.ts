export default definePageConfig({ enableShareAppMessage: true, navigationBarTitleText: '买单' })
