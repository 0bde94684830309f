export default definePageConfig({ enableShareAppMessage: true, navigationBarTitleText: '秒杀详情' })
