export default definePageConfig({ navigationBarTitleText: '外卖' })
