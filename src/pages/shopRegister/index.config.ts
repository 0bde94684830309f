export default definePageConfig({ navigationBarTitleText: '商家入驻' })
