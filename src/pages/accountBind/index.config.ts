export default definePageConfig({ enableShareAppMessage: true, navigationBarTitleText: '授权登录' })
