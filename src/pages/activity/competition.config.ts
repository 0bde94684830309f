export default definePageConfig({ navigationBarTitleText: '推广大赛' })
