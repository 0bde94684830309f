export default definePageConfig({ navigationBarTitleText: '商城画廊' })
