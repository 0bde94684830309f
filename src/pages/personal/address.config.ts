export default definePageConfig({ enableShareAppMessage: true, navigationBarTitleText: '地址管理' })
