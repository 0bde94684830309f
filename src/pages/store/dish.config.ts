export default definePageConfig({ navigationBarTitleText: '编辑菜品' })
