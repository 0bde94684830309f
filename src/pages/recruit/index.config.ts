export default definePageConfig({ navigationBarTitleText: '招聘' })
