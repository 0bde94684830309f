export default definePageConfig({ enableShareAppMessage: true, navigationBarTitleText: '支付成功' })
