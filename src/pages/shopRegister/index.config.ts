export default definePageConfig({ enableShareAppMessage: true, navigationBarTitleText: '商家入驻' })
