export default definePageConfig({ enableShareAppMessage: true, navigationBarTitleText: '商品详情' })
