/*
 * On weapp `<web-view>` always fills the page and covers anything drawn on it, the app's own NavBar included:
 * this one page takes WeChat's navigation bar (its title, back, and the home button WeChat adds to a page
 * opened from a share). PageFrame sees navigationStyle 'default' and draws no bar of its own. On H5 the app's
 * NavBar stays, above the frame (index.css).
 */
export default definePageConfig({
  enableShareAppMessage: true,
  navigationBarTitleText: '网页',
  navigationStyle: process.env.TARO_ENV === 'weapp' ? 'default' : 'custom',
})
