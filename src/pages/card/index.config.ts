export default definePageConfig({ navigationBarTitleText: '会员卡' })
