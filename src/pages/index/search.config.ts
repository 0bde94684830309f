export default definePageConfig({ enableShareAppMessage: true, navigationBarTitleText: '搜索' })
