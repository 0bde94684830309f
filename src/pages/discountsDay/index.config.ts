export default definePageConfig({ navigationBarTitleText: '优惠日' })
