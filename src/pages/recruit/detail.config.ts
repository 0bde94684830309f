export default definePageConfig({ navigationBarTitleText: '职位详情' })
