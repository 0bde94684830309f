export default definePageConfig({ navigationBarTitleText: '我的卡（旧版）' })
