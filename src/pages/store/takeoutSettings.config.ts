export default definePageConfig({ navigationBarTitleText: '外卖店铺设置' })
