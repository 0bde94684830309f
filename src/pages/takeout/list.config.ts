export default definePageConfig({ enableShareAppMessage: true, navigationBarTitleText: '外卖商家' })
