export default definePageConfig({ navigationBarTitleText: '扫码' })
