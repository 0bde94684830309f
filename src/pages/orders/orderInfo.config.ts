export default definePageConfig({ navigationBarTitleText: '点金计划' })
