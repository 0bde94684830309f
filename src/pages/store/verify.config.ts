export default definePageConfig({ navigationBarTitleText: '核销' })
