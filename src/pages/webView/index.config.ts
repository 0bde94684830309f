export default definePageConfig({ navigationBarTitleText: '网页' })
