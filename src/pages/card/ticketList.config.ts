export default definePageConfig({ navigationBarTitleText: '代金券' })
