export default definePageConfig({ navigationBarTitleText: '优惠买单' })
