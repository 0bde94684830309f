export default definePageConfig({ enableShareAppMessage: true, navigationBarTitleText: '点餐' })
