export default definePageConfig({ enableShareAppMessage: true, navigationBarTitleText: '扫码' })
