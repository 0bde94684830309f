export default definePageConfig({ navigationBarTitleText: '一卡通' })
