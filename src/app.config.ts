import { MAIN_PACKAGE_FOLDERS, ROUTES, TAB_PATHS, routeFolder } from './routes'

const isMain = (path: string): boolean => (MAIN_PACKAGE_FOLDERS as readonly string[]).includes(routeFolder(path))

const subPackageRoots = [...new Set(ROUTES.map((r) => r.path).filter((p) => !isMain(p)).map((p) => `pages/${routeFolder(p)}`))]

const TAB_TEXT: Record<(typeof TAB_PATHS)[number], string> = {
  'pages/index/index': '首页',
  'pages/card/index': '会员卡',
  'pages/orders/index': '订单',
  'pages/personal/index': '我的',
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
    backgroundColor: '#f5f6f8',
  },
  tabBar: {
    color: '#7a7e83',
    selectedColor: '#e4393c',
    backgroundColor: '#ffffff',
    borderStyle: 'black',
    list: TAB_PATHS.map((pagePath) => ({ pagePath, text: TAB_TEXT[pagePath] })),
  },
  networkTimeout: { request: 60000, connectSocket: 60000, uploadFile: 60000, downloadFile: 60000 },
  // H5 page transition (seed §2: 300 ms slide/fade).
  animation: { duration: 300, delay: 50 },
  permission: {
    'scope.userLocation': { desc: '用于为您推荐附近的优惠商家、加油站和外卖' },
  },
  requiredPrivateInfos: ['getLocation', 'chooseLocation'],
  lazyCodeLoading: 'requiredComponents',
})
