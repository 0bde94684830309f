export default definePageConfig({ navigationBarTitleText: '店铺介绍' })
