export default definePageConfig({ navigationBarTitleText: '营业时间' })
