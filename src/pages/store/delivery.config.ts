export default definePageConfig({ navigationBarTitleText: '外卖配送设置' })
