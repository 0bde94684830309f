export default definePageConfig({ navigationBarTitleText: '加入门店' })
