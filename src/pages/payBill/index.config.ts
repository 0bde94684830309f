export default definePageConfig({ navigationBarTitleText: '买单' })
