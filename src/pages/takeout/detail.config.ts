export default definePageConfig({ navigationBarTitleText: '点餐' })
