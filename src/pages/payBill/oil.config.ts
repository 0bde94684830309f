export default definePageConfig({ navigationBarTitleText: '好店加油' })
