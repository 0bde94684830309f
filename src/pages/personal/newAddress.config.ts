export default definePageConfig({ enableShareAppMessage: true, navigationBarTitleText: '新增地址' })
