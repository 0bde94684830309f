export default definePageConfig({ enableShareAppMessage: true, navigationBarTitleText: '点金计划' })
