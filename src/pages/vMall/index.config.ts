export default definePageConfig({ navigationBarTitleText: '微商城' })
