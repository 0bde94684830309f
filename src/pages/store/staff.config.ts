export default definePageConfig({ navigationBarTitleText: '店员管理' })
