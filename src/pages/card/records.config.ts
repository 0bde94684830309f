export default definePageConfig({ navigationBarTitleText: '购卡记录' })
