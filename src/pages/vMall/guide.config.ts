export default definePageConfig({ navigationBarTitleText: '商城指南' })
