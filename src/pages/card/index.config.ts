export default definePageConfig({ enableShareAppMessage: true, navigationBarTitleText: '会员卡' })
