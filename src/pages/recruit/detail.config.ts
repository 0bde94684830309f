export default definePageConfig({ enableShareAppMessage: true, navigationBarTitleText: '职位详情' })
