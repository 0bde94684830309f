export default definePageConfig({ navigationBarTitleText: '修改记录', enablePullDownRefresh: true })
