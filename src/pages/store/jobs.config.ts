export default definePageConfig({ navigationBarTitleText: '门店招聘' })
