export default definePageConfig({ navigationBarTitleText: '菜单管理' })
