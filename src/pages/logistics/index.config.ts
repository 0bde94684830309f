export default definePageConfig({ navigationBarTitleText: '物流跟踪' })
