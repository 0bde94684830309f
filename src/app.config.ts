import { BG, BRAND, TEXT_SECONDARY } from './core/theme'
import { MAIN_PACKAGE_FOLDERS, ROUTES, TAB_PATHS, routeFolder } from './routes'

const isMain = (path: string): boolean => (MAIN_PACKAGE_FOLDERS as readonly string[]).includes(routeFolder(path))

const subPackageRoots = [...new Set(ROUTES.map((r) => r.path).filter((p) => !isMain(p)).map((p) => `pages/${routeFolder(p)}`))]

const TAB_TEXT: Record<(typeof TAB_PATHS)[number], [text: string, icon: string]> = {
  'pages/index/index': ['首页', 'home'],
  'pages/card/index': ['会员卡', 'card'],
  'pages/orders/index': ['订单', 'orders'],
  'pages/personal/index': ['我的', 'me'],
}

export default defineAppConfig({
  // Home first: it is the entry page and what "/" opens on H5.
  pages: ROUTES.map((r) => r.path).filter(isMain),
  subPackages: subPackageRoots.map((root) => ({
    root,
    pages: ROUTES.map((r) => r.path)
      .filter((p) => p.startsWith(`${root}/`))
      .map((p) => p.slice(root.length + 1)),
  })),
  window: {
    navigationStyle: 'custom',
    backgroundTextStyle: 'dark',
    navigationBarBackgroundColor: '#ffffff',
    navigationBarTitleText: '一卡通',
    navigationBarTextStyle: 'black',
    backgroundColor: BG,
  },
  tabBar: {
    // Labels readable at 10 px (AA 4.5:1): the icons in scripts/make-tab-icons.py use the same two colours.
    color: TEXT_SECONDARY,
    selectedColor: BRAND,
    backgroundColor: '#ffffff',
    borderStyle: 'black',
    // PNG icons (the mini-program tab bar takes no SVG), drawn by scripts/make-tab-icons.py.
    list: TAB_PATHS.map((pagePath) => {
      const [text, icon] = TAB_TEXT[pagePath]
      return { pagePath, text, iconPath: `assets/tab/${icon}.png`, selectedIconPath: `assets/tab/${icon}-active.png` }
    }),
  },
  networkTimeout: { request: 60000, connectSocket: 60000, uploadFile: 60000, downloadFile: 60000 },
  // H5 page transition: 300 ms slide/fade (docs/product.md#constants).
  animation: { duration: 300, delay: 50 },
  permission: {
    'scope.userLocation': { desc: '用于为您推荐附近的优惠商家、加油站和外卖' },
  },
  requiredPrivateInfos: ['getLocation', 'chooseLocation'],
  // WeChat's privacy authorization: Authorization's agree control is WeChat's agree button (src/platform/privacy.weapp.ts).
  __usePrivacyCheck__: true,
  lazyCodeLoading: 'requiredComponents',
})
