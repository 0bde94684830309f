export default definePageConfig({ enableShareAppMessage: true, navigationBarTitleText: '编辑地址' })
