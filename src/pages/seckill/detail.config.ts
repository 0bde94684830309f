export default definePageConfig({ navigationBarTitleText: '秒杀详情' })
