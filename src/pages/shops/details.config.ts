export default definePageConfig({ enableShareAppMessage: true, navigationBarTitleText: '店铺详情' })
