export default definePageConfig({ enableShareAppMessage: true, navigationBarTitleText: '商城画廊' })
