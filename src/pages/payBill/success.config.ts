export default definePageConfig({ navigationBarTitleText: '支付成功' })
