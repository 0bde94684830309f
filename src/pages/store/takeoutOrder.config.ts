export default definePageConfig({ navigationBarTitleText: '外卖订单详情' })
