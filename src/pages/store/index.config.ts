export default definePageConfig({ navigationBarTitleText: '门店工作台' })
