export default definePageConfig({ navigationBarTitleText: '限时秒杀' })
